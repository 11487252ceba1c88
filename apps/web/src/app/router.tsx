import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { COOKIE_XSRF_TOKEN } from '@club/contract';
import type { PublicLayout as PublicLayoutComponent } from './layouts/public-layout.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { prefetchCurrentMember, prefetchDashboardHome } from '../lib/session-prefetch.ts';
import { HeadingFocusOnNavigation } from '../lib/use-heading-focus.ts';

type PageModule = { default: ComponentType };

/**
 * A prerendered public content page in a chunk of its own, so that signed-in routes do not fetch
 * the public site (docs/decisions/0091-signed-in-javascript-budget.md). main.tsx loads the URL's
 * page before hydrating (`preloadPublicPage`), so the page renders at once, as prerendered; the
 * Suspense fallback only shows while navigating to a page not loaded yet.
 */
function publicPage(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(preload);
  function PublicPage() {
    const Page = loaded ?? Lazy;
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  }
  return { Page: PublicPage, preload };
}

/**
 * The public layout (top bar, burger menu, footer) in a chunk of its own, so that signed-in routes
 * do not fetch it (docs/decisions/0094-route-javascript-composition.md). Public pages load it
 * before hydrating (`preloadPublicPage`, and `prerender.mjs` preloads it in their HTML); once
 * loaded it renders without suspending.
 */
const loadPublicLayout = () =>
  import('./layouts/public-layout.tsx').then((m) => {
    LoadedPublicLayout = m.PublicLayout;
    return { default: m.PublicLayout };
  });
let LoadedPublicLayout: typeof PublicLayoutComponent | null = null;
const LazyPublicLayout = lazy(loadPublicLayout);
function PublicLayout(props: ComponentProps<typeof PublicLayoutComponent>) {
  const [Layout] = useState(() => LoadedPublicLayout ?? LazyPublicLayout);
  // Always inside the boundary, loaded or not: the prerendered HTML has it, hydration matches.
  return (
    <Suspense fallback={<Loading />}>
      <Layout {...props} />
    </Suspense>
  );
}

const landing = publicPage(() => import('./routes/landing.tsx'));
const features = publicPage(() => import('./routes/features.tsx'));
const pricing = publicPage(() => import('./routes/pricing.tsx'));
const about = publicPage(() => import('./routes/about.tsx'));
const legalNotice = publicPage(() => import('./routes/legal-notice.tsx'));
const terms = publicPage(() => import('./routes/terms.tsx'));
const dataProtection = publicPage(() => import('./routes/data-protection.tsx'));
const LandingPage = landing.Page;
const FeaturesPage = features.Page;
const PricingPage = pricing.Page;
const AboutPage = about.Page;
const LegalNoticePage = legalNotice.Page;
const TermsPage = terms.Page;
const DataProtectionPage = dataProtection.Page;

/** The public content pages by path (spec §2), as in the routes below. */
const PUBLIC_CONTENT_PAGES: Record<string, () => Promise<unknown>> = {
  '/': landing.preload,
  '/accueil': landing.preload,
  '/fonctionnalites': features.preload,
  '/tarifs': pricing.preload,
  '/apropos': about.preload,
  '/mentions-legales': legalNotice.preload,
  '/cgu': terms.preload,
  '/protection-des-donnees': dataProtection.preload,
};

/**
 * Loads the public layout and the chunk of the public content page at `pathname` (only the layout
 * for any other URL), so that a prerendered page hydrates without suspending.
 */
export function preloadPublicPage(pathname: string): Promise<unknown> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Promise.all([
    loadPublicLayout(),
    PUBLIC_CONTENT_PAGES[path]?.() ?? Promise.resolve(),
  ]).catch(() => undefined);
}

// Forms and signed-in screens load on demand, so the public pages stay light.
type Loader = () => Promise<{ default: ComponentType }>;

/**
 * lazy(), except that a component whose module has already loaded (preloadSignedInScreen) renders
 * at once instead of suspending for a turn: the first render behind the app shell of a signed-in
 * URL commits the screen, not a loading state (docs/decisions/0092-signed-in-app-shell.md). The
 * choice is made once per mount, so a mounted tree never switches component types.
 */
function preloadable(load: Loader): { load: Loader; Component: ComponentType } {
  let loaded: ComponentType | null = null;
  const tracked: Loader = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(tracked);
  function Preloadable() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { load: tracked, Component: Preloadable };
}

const queryArea = preloadable(() => import('./query-area.tsx'));
const signedInArea = preloadable(() => import('./signed-in-area.tsx'));
const QueryArea = queryArea.Component;
const SignedInArea = signedInArea.Component;
const ContactPage = lazy(() => import('./routes/contact.tsx'));
const loadLoginPage = () => import('./routes/login.tsx');
const LoginPage = lazy(loadLoginPage);
const RegisterClubPage = lazy(() => import('./routes/register-club.tsx'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password.tsx'));
const ActivationPage = lazy(() => import('./routes/activation.tsx'));
const ConvocationAnswerPage = lazy(() => import('./routes/convocation-answer.tsx'));
const AnnouncementReadPage = lazy(() => import('./routes/announcement-read.tsx'));
const UnsubscribePage = lazy(() => import('./routes/unsubscribe.tsx'));
const PublicLivePage = lazy(() => import('./routes/public-live.tsx'));

const loadDashboard: Loader = () => import('./routes/dashboard.tsx');
const loadSettings: Loader = () => import('./routes/settings.tsx');
const loadCalendar: Loader = () => import('./routes/calendar.tsx');
const loadProfile: Loader = () => import('./routes/profile.tsx');

/**
 * The signed-in screens of spec §2, in route order, with the loader of their chunk and, for the
 * dashboards, the request of the data their largest text comes with (started beside the chunk).
 */
const SIGNED_IN_ROUTES: { path: string; load: Loader; prefetch?: () => unknown }[] = [
  { path: ':nomClub/dashboard/*', load: loadDashboard, prefetch: prefetchDashboardHome },
  { path: ':nomClub/membres/*', load: () => import('./routes/club-members.tsx') },
  { path: ':nomClub/equipes/*', load: () => import('./routes/club-teams.tsx') },
  { path: ':nomClub/parametre/*', load: loadSettings },
  { path: ':nomClub/calendrier/*', load: loadCalendar },
  { path: ':nomClub/profil/*', load: loadProfile },
  { path: ':nomClub/annonces/*', load: () => import('./routes/announcements.tsx') },
  { path: ':nomClub/messages/*', load: () => import('./routes/messages.tsx') },
  { path: ':nomClub/statistiques/*', load: () => import('./routes/club-statistics.tsx') },
  { path: ':nomClub/cotisations/*', load: () => import('./routes/fees.tsx') },
  {
    path: 'profil',
    load: () => import('./routes/profile.tsx').then((m) => ({ default: m.ProfileShortcut })),
  },
  { path: ':nomClub/:nomEquipe/dashboard/*', load: loadDashboard, prefetch: prefetchDashboardHome },
  { path: ':nomClub/:nomEquipe/parametre/*', load: loadSettings },
  { path: ':nomClub/:nomEquipe/calendrier/*', load: loadCalendar },
  { path: ':nomClub/:nomEquipe/membres/*', load: () => import('./routes/team-members.tsx') },
  { path: ':nomClub/:nomEquipe/matche/*', load: () => import('./routes/matches.tsx') },
  {
    path: ':nomClub/:nomEquipe/statistiques/*',
    load: () => import('./routes/team-statistics.tsx'),
  },
];
/** The signed-in routes' paths (the app shell's build matches its screens against them). */
export const SIGNED_IN_PATHS = SIGNED_IN_ROUTES.map((r) => r.path);
const signedInPages = SIGNED_IN_ROUTES.map((r) => ({
  path: r.path,
  prefetch: r.prefetch,
  ...preloadable(r.load),
}));

/**
 * A signed-in screen opened by its URL: fetch the query layer, the signed-in layout and the
 * screen's chunk at once (instead of one after the other as React meets each lazy component), and
 * start the member's request (and a dashboard's home) beside them. Returns null for any other URL
 * (public pages load nothing), else a promise settled when all of them are (rejected if a chunk
 * failed to load).
 */
export function preloadSignedInScreen(pathname: string): Promise<unknown> | null {
  const route = signedInPages.find((r) => matchPath(`/${r.path}`, pathname));
  if (!route) return null;
  const member = prefetchCurrentMember();
  // Not waited for: the screen shows its loading state until these data come.
  route.prefetch?.();
  const ready = Promise.all([queryArea.load(), signedInArea.load(), route.load(), member]);
  ready.catch(() => undefined);
  return ready;
}

const DesignSystemPage = lazy(() => import('./routes/design-system.tsx'));
// Never prerendered (an unknown URL gets spa.html): a chunk of its own, with the page metadata it
// reads, out of the entry that signed-in routes fetch.
const NotFoundPage = lazy(() => import('./routes/not-found.tsx'));
const SignedInNotFound = lazy(() => import('./signed-in-not-found.tsx'));

/** True when the browser holds the XSRF-TOKEN cookie, which every session sets (spec §7). */
function mayHoldSession(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${COOKIE_XSRF_TOKEN}=`));
}

/**
 * An unknown URL: the public site's 404 (prerendered, what a visitor sees); in a browser that may
 * hold a session, the member is asked for and a signed-in member gets the 404 inside the signed-in
 * layout instead (decision 0084). Decided after hydration, so the prerendered page hydrates as is.
 */
function NotFoundRoute() {
  const [askSession, setAskSession] = useState(false);
  useEffect(() => setAskSession(mayHoldSession()), []);
  const publicPage = (
    <PublicLayout>
      <Suspense fallback={<Loading />}>
        <NotFoundPage />
      </Suspense>
    </PublicLayout>
  );
  if (!askSession) return publicPage;
  return (
    <Suspense fallback={publicPage}>
      <SignedInNotFound publicPage={publicPage} />
    </Suspense>
  );
}

/** Screens that end by sending the user to /connexion fetch its code ahead, so the switch is instant. */
function PrefetchLogin() {
  useEffect(() => {
    loadLoginPage().catch(() => undefined);
  }, []);
  return null;
}

function page(Component: ComponentType) {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

/** Every route of spec §2. Signed-in routes carry a trailing wildcard; names in paths are URL-encoded. */
export function AppRoutes() {
  return (
    <>
      <HeadingFocusOnNavigation />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="accueil" element={<LandingPage />} />
          <Route path="fonctionnalites" element={<FeaturesPage />} />
          <Route path="tarifs" element={<PricingPage />} />
          <Route path="contact" element={page(ContactPage)} />
          <Route path="apropos" element={<AboutPage />} />
          <Route element={page(QueryArea)}>
            <Route path="connexion" element={page(LoginPage)} />
            <Route
              path="inscrireClub"
              element={
                <>
                  {page(RegisterClubPage)}
                  <PrefetchLogin />
                </>
              }
            />
            <Route
              path="mdpOublie"
              element={
                <>
                  {page(ForgotPasswordPage)}
                  <PrefetchLogin />
                </>
              }
            />
            <Route
              path="activation"
              element={
                <>
                  {page(ActivationPage)}
                  <PrefetchLogin />
                </>
              }
            />
            <Route path="convocation/reponse" element={page(ConvocationAnswerPage)} />
            <Route path="notifications/desabonnement" element={page(UnsubscribePage)} />
            <Route path="annonce/lecture" element={page(AnnouncementReadPage)} />
            <Route path="direct/:jeton" element={page(PublicLivePage)} />
          </Route>
          <Route path="mentions-legales" element={<LegalNoticePage />} />
          <Route path="cgu" element={<TermsPage />} />
          <Route path="protection-des-donnees" element={<DataProtectionPage />} />
        </Route>
        <Route element={page(QueryArea)}>
          <Route element={page(SignedInArea)}>
            {signedInPages.map(({ path, Component }) => (
              <Route key={path} path={path} element={page(Component)} />
            ))}
          </Route>
        </Route>
        <Route path="systeme-de-design" element={page(DesignSystemPage)} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </>
  );
}
