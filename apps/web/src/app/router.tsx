import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/public-layout.tsx';
import { Loading } from '../components/ui/loading.tsx';
// Public content pages are eager: they are prerendered and must hydrate without waiting for a chunk.
import LandingPage from './routes/landing.tsx';
import FeaturesPage from './routes/features.tsx';
import PricingPage from './routes/pricing.tsx';
import AboutPage from './routes/about.tsx';
import LegalNoticePage from './routes/legal-notice.tsx';
import TermsPage from './routes/terms.tsx';
import DataProtectionPage from './routes/data-protection.tsx';
import NotFoundPage from './routes/not-found.tsx';

// Forms and signed-in screens load on demand, so the public pages stay light.
const QueryArea = lazy(() => import('./query-area.tsx'));
const SignedInArea = lazy(() => import('./signed-in-area.tsx'));
const ContactPage = lazy(() => import('./routes/contact.tsx'));
const loadLoginPage = () => import('./routes/login.tsx');
const LoginPage = lazy(loadLoginPage);
const RegisterClubPage = lazy(() => import('./routes/register-club.tsx'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password.tsx'));
const ActivationPage = lazy(() => import('./routes/activation.tsx'));
const ConvocationAnswerPage = lazy(() => import('./routes/convocation-answer.tsx'));
const UnsubscribePage = lazy(() => import('./routes/unsubscribe.tsx'));
const DashboardPage = lazy(() => import('./routes/dashboard.tsx'));
const ClubMembersPage = lazy(() => import('./routes/club-members.tsx'));
const ClubTeamsPage = lazy(() => import('./routes/club-teams.tsx'));
const TeamMembersPage = lazy(() => import('./routes/team-members.tsx'));
const CalendarPage = lazy(() => import('./routes/calendar.tsx'));
const MatchesPage = lazy(() => import('./routes/matches.tsx'));
const ProfilePage = lazy(() => import('./routes/profile.tsx'));
const ProfileShortcut = lazy(() =>
  import('./routes/profile.tsx').then((m) => ({ default: m.ProfileShortcut })),
);
const SettingsPage = lazy(() => import('./routes/settings.tsx'));
const DesignSystemPage = lazy(() => import('./routes/design-system.tsx'));

/** Screens that end by sending the user to /connexion fetch its code ahead, so the switch is instant. */
function PrefetchLogin() {
  useEffect(() => {
    loadLoginPage().catch(() => undefined);
  }, []);
  return null;
}

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

/** Every route of spec §2. Signed-in routes carry a trailing wildcard; names in paths are URL-encoded. */
export function AppRoutes() {
  return (
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
        </Route>
        <Route path="mentions-legales" element={<LegalNoticePage />} />
        <Route path="cgu" element={<TermsPage />} />
        <Route path="protection-des-donnees" element={<DataProtectionPage />} />
      </Route>
      <Route element={page(QueryArea)}>
        <Route element={page(SignedInArea)}>
          <Route path=":nomClub/dashboard/*" element={page(DashboardPage)} />
          <Route path=":nomClub/membres/*" element={page(ClubMembersPage)} />
          <Route path=":nomClub/equipes/*" element={page(ClubTeamsPage)} />
          <Route path=":nomClub/parametre/*" element={page(SettingsPage)} />
          <Route path=":nomClub/calendrier/*" element={page(CalendarPage)} />
          <Route path=":nomClub/profil/*" element={page(ProfilePage)} />
          <Route path="profil" element={page(ProfileShortcut)} />
          <Route path=":nomClub/:nomEquipe/dashboard/*" element={page(DashboardPage)} />
          <Route path=":nomClub/:nomEquipe/parametre/*" element={page(SettingsPage)} />
          <Route path=":nomClub/:nomEquipe/calendrier/*" element={page(CalendarPage)} />
          <Route path=":nomClub/:nomEquipe/membres/*" element={page(TeamMembersPage)} />
          <Route path=":nomClub/:nomEquipe/matche/*" element={page(MatchesPage)} />
        </Route>
      </Route>
      <Route path="systeme-de-design" element={page(DesignSystemPage)} />
      <Route element={<PublicLayout />}>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
