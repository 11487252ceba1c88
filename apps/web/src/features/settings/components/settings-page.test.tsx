import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  PRIVACY_MESSAGES,
  FIELD_MESSAGES,
  SERVER_MESSAGES,
  SETTINGS_MESSAGES,
  SETTINGS_SCROLL_OFFSET_PX,
  SETTINGS_SECTION_THRESHOLD,
  api,
  buildPath,
  urlOf,
  type TClub,
  type TCurrentMember,
} from '@club/contract';
import { aCurrentMember } from '../../../testing/builders.ts';
import { SettingsPage } from './settings-page.tsx';
import { DangerZone } from './danger-zone.tsx';

const club: TClub = {
  id: 7,
  nom: 'AS Nantes',
  description: 'Club de quartier',
  pays: 'France',
  ville: 'Nantes',
  adresse: '1 rue du Stade',
  numeroTelephone: '02 40 00 00 00',
  sportNom: 'Football',
  logoUrl: urlOf(api.clubs.logo, { params: { id: 7 }, query: { v: 'abc' } }),
  moisDebutSaison: 7,
  ageMinimumMessagerie: 0,
  conservationMessagesSaisons: 2,
};
const member = (role: string) =>
  aCurrentMember({
    id: 1,
    idClub: 7,
    // The spec compares roles case-insensitively; the lower-case spelling is tested on purpose.
    role: role as TCurrentMember['role'],
    email: 'moi@example.org',
    nomClub: 'AS Nantes',
  });

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let responder: (c: Call) => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let observers: { cb: IntersectionObserverCallback; options?: IntersectionObserverInit }[];
beforeEach(() => {
  calls = [];
  observers = [];
  responder = (c) => (c.method === 'GET' ? json(200, club) : json(200, club));
  document.cookie = 'XSRF-TOKEN=tok; path=/';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? 'GET', body: init.body };
    calls.push(call);
    return responder(call);
  });
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ cb, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  URL.createObjectURL = vi.fn(() => 'blob:apercu');
  URL.revokeObjectURL = vi.fn();
  window.scrollTo = vi.fn() as never;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage(role: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SettingsPage member={member(role)} />
    </QueryClientProvider>,
  );
}
/** The club's form once loaded (while it loads, an invisible frame of it keeps its room). */
const clubLoaded = () =>
  waitFor(() => expect(screen.queryByText('Chargement des informations du club...')).toBeNull());
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

describe('[settings] page (spec §2, §4, §6, §8, §9)', () => {
  it('the sidebar has the three sections; the highlight follows 45 % visibility below 80 px; a click scrolls smoothly', async () => {
    renderPage('JOUEUR');
    const nav = screen.getByRole('navigation', { name: 'Sections des paramètres' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Apparence',
      'Informations du club',
      'Confidentialité et sécurité',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'true');
    const { cb, options } = observers[0]!;
    expect(options?.rootMargin).toBe(`-${SETTINGS_SCROLL_OFFSET_PX}px 0px 0px 0px`);
    expect(options?.threshold).toContain(SETTINGS_SECTION_THRESHOLD);
    const entry = (id: string, ratio: number) =>
      ({
        target: document.getElementById(id)!,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
      }) as unknown as IntersectionObserverEntry;
    act(() =>
      cb([entry('apparence', 0.3), entry('informations-club', 0.5)], {} as IntersectionObserver),
    );
    expect(links[1]).toHaveAttribute('aria-current', 'true');
    expect(links[0]).not.toHaveAttribute('aria-current');
    act(() => cb([entry('informations-club', 0.44)], {} as IntersectionObserver));
    expect(links[1]).toHaveAttribute('aria-current', 'true'); // nothing else reached 45 %

    const section = document.getElementById('confidentialite-securite')!;
    section.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    await userEvent.click(links[2]!);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 900 - 80, behavior: 'smooth' });
    expect(links[2]).toHaveAttribute('aria-current', 'true');
    expect(section).toHaveFocus();
  });

  it('appearance: a theme applies at once and is kept; the logo background preference is kept as text', async () => {
    renderPage('JOUEUR');
    await userEvent.click(screen.getByRole('radio', { name: /Sombre/ }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await userEvent.click(screen.getByRole('radio', { name: /Daltonien/ }));
    expect(document.documentElement.dataset.theme).toBe('daltonien');
    await userEvent.click(screen.getByRole('radio', { name: /Clair/ }));
    expect(localStorage.getItem('theme')).toBe('light');
    const box = screen.getByRole('checkbox', { name: /logo du club en arrière-plan/ });
    await userEvent.click(box);
    expect(localStorage.getItem('logoBackgroundEnabled')).toBe('true');
    await userEvent.click(box);
    expect(localStorage.getItem('logoBackgroundEnabled')).toBe('false');
  });

  it('read-only for everyone but the DIRIGEANT: disabled fields, the notice, no save, no danger zone', async () => {
    for (const role of ['RESPONSABLE', 'JOUEUR']) {
      renderPage(role);
      await clubLoaded();
      expect(await screen.findByLabelText('Nom du club *')).toBeDisabled();
      expect(screen.getByLabelText('Description')).toBeDisabled();
      expect(screen.getByLabelText('Début de la saison')).toBeDisabled();
      expect(screen.getByText(SETTINGS_MESSAGES.managerOnlyZone)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Choisir une image' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Supprimer le club' })).toBeNull();
      cleanup();
    }
  });

  it('DIRIGEANT: a dropped logo is previewed, not uploaded; Cancel restores the stored logo and information', async () => {
    renderPage('dirigeant');
    await clubLoaded();
    const name = await screen.findByLabelText('Nom du club *');
    expect(name).toHaveValue('AS Nantes');
    expect(screen.getByAltText('Logo du club')).toHaveAttribute('src', club.logoUrl);
    await userEvent.clear(name);
    await userEvent.type(name, 'AS Rezé');
    fireEvent.drop(screen.getByTestId('logo-drop-zone'), { dataTransfer: { files: [png()] } });
    expect(await screen.findByAltText('Aperçu du nouveau logo')).toHaveAttribute(
      'src',
      'blob:apercu',
    );
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(name).toHaveValue('AS Nantes');
    expect(screen.getByAltText('Logo du club')).toHaveAttribute('src', club.logoUrl);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('DIRIGEANT: the season’s start month (age categories follow it) is saved with the information', async () => {
    renderPage('DIRIGEANT');
    await clubLoaded();
    const month = await screen.findByLabelText('Début de la saison');
    expect(month).toHaveValue('7');
    expect(
      screen.getByText(
        /^Les catégories d’âge \(U6 à U19, Senior, Vétéran\) suivent la saison : aujourd’hui, saison \d{4}-\d{4}\.$/,
      ),
    ).toBeInTheDocument();
    await userEvent.selectOptions(month, 'Septembre');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body as string).moisDebutSaison).toBe(9);
  });

  it('DIRIGEANT: the saved message goes when the form changes, and never stands next to a new error', async () => {
    renderPage('DIRIGEANT');
    await clubLoaded();
    const city = await screen.findByLabelText('Ville');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    await userEvent.type(city, 'x');
    expect(screen.queryByText(SETTINGS_MESSAGES.saved)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    // A new submit refused by the form: the error alone.
    const name = screen.getByLabelText('Nom du club *');
    await userEvent.clear(name);
    expect(screen.queryByText(SETTINGS_MESSAGES.saved)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(FIELD_MESSAGES.required)).toBeInTheDocument();
    expect(screen.queryByText(SETTINGS_MESSAGES.saved)).toBeNull();
  });

  it('DIRIGEANT: Save sends the information, then the logo (multipart, field file); the message vanishes after 3 s', async () => {
    renderPage('DIRIGEANT');
    await clubLoaded();
    const city = await screen.findByLabelText('Ville');
    await userEvent.clear(city);
    await userEvent.type(city, 'Rezé');
    await userEvent.clear(screen.getByLabelText('Téléphone'));
    await userEvent.upload(screen.getByTestId('logo-file-input'), png());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual([
      `PUT ${buildPath(api.clubs.update.path, { id: 7 })}`,
      `POST ${buildPath(api.clubs.setLogo.path, { id: 7 })}`,
    ]);
    expect(JSON.parse(writes[0]!.body as string)).toEqual({
      nom: 'AS Nantes',
      description: 'Club de quartier',
      pays: 'France',
      ville: 'Rezé',
      adresse: '1 rue du Stade',
      numeroTelephone: null,
      // the season's start month, unchanged (July)
      moisDebutSaison: 7,
    });
    const form = writes[1]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('logo.png');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText(SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(SETTINGS_MESSAGES.saved)).toBeNull();
  });

  it('DIRIGEANT: bad input is caught by the contract schema; a server refusal shows the spec’s message', async () => {
    renderPage('DIRIGEANT');
    await clubLoaded();
    const name = await screen.findByLabelText('Nom du club *');
    await userEvent.clear(name);
    await userEvent.type(name, 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SERVER_MESSAGES.tooShort(2))).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    responder = (c) =>
      c.method === 'PUT'
        ? json(403, { message: SETTINGS_MESSAGES.onlyManagerEdit })
        : json(200, club);
    await userEvent.type(name, 'S Nantes');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.onlyManagerEdit)).toBeInTheDocument();
    responder = (c) => (c.method === 'PUT' ? json(500, {}) : json(200, club));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saveFailed)).toBeInTheDocument();
  });

  it('a logo that fails to load shows as no logo; a load failure shows the spec’s message', async () => {
    renderPage('JOUEUR');
    await clubLoaded();
    fireEvent.error(await screen.findByAltText('Logo du club'));
    expect(screen.queryByAltText('Logo du club')).toBeNull();
    expect(screen.getByText('Aucun logo')).toBeInTheDocument();
    cleanup();
    responder = () => json(500, {});
    renderPage('JOUEUR');
    expect(await screen.findByText(SETTINGS_MESSAGES.clubLoadFailed)).toBeInTheDocument();
  });

  it('a file that is not PNG, JPEG or WebP, or over 2 MiB, is refused before any upload', async () => {
    renderPage('DIRIGEANT');
    await clubLoaded();
    const zone = await screen.findByTestId('logo-drop-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] },
    });
    expect(
      await screen.findByText('Le logo doit être une image PNG, JPEG ou WebP.'),
    ).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(await screen.findByText('Le logo ne doit pas dépasser 2 Mo.')).toBeInTheDocument();
    expect(screen.queryByAltText('Aperçu du nouveau logo')).toBeNull();
  });
});

describe('[settings] password modal (spec §4, §5, §8)', () => {
  const open = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    // The form's code loads on opening.
    return screen.findByRole('dialog', { name: 'Changer le mot de passe' }, { timeout: 5000 });
  };

  it('shows the spec’s messages; Escape, the backdrop and Annuler close it and reset fields and errors', async () => {
    renderPage('JOUEUR');
    let dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'court');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText(SETTINGS_MESSAGES.currentPasswordRequired),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(SETTINGS_MESSAGES.newPasswordRule)).toBeInTheDocument();
    expect(within(dialog).getByText(SETTINGS_MESSAGES.confirmationMismatch)).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await open();
    expect(within(dialog).getByLabelText('Nouveau mot de passe')).toHaveValue('');
    expect(within(dialog).queryByText(SETTINGS_MESSAGES.newPasswordRule)).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('Mot de passe actuel'), 'abc');
    fireEvent.mouseDown(document.querySelector('.modal-backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await open();
    expect(within(dialog).getByLabelText('Mot de passe actuel')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('sends the current and new passwords, closes and confirms; a refusal shows the failure and the field error', async () => {
    renderPage('JOUEUR');
    let dialog = await open();
    const fill = async (current: string) => {
      await userEvent.type(within(dialog).getByLabelText('Mot de passe actuel'), current);
      await userEvent.type(
        within(dialog).getByLabelText('Nouveau mot de passe'),
        'Nouveau-Passe-42',
      );
      await userEvent.type(
        within(dialog).getByLabelText('Confirmation du nouveau mot de passe'),
        'Nouveau-Passe-42',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    };
    responder = (c) =>
      c.method === 'POST'
        ? json(400, {
            message: 'Le mot de passe actuel est incorrect.',
            errors: { currentPassword: 'Le mot de passe actuel est incorrect.' },
          })
        : json(200, club);
    await fill('Mauvais-Passe-1');
    expect(
      await within(dialog).findByText(SETTINGS_MESSAGES.passwordUpdateFailed),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    responder = (c) =>
      c.method === 'POST'
        ? json(200, { message: SETTINGS_MESSAGES.passwordUpdated })
        : json(200, club);
    dialog = await open();
    await fill('Ancien-Passe-42');
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(post.url).toBe(api.auth.changePassword.path);
    expect(JSON.parse(post.body as string)).toEqual({
      currentPassword: 'Ancien-Passe-42',
      newPassword: 'Nouveau-Passe-42',
    });
  });
});

describe('[settings] danger zone (spec §4, §9)', () => {
  function renderZone(goHome = vi.fn()) {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <DangerZone clubId={7} clubName="AS Nantes" goHome={goHome} />
      </QueryClientProvider>,
    );
    return { goHome };
  }
  const confirmInDialog = async (choice: 'Annuler' | 'Supprimer définitivement') => {
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer le club' });
    expect(dialog).toHaveTextContent('Supprimer définitivement le club « AS Nantes »');
    await userEvent.click(within(dialog).getByRole('button', { name: choice }));
  };

  it('shown to the DIRIGEANT only', async () => {
    renderPage('DIRIGEANT');
    expect(await screen.findByRole('button', { name: 'Supprimer le club' })).toBeInTheDocument();
  });

  it('needs the box and SUPPRIMER (upper-cased as typed), then the confirmation dialog', async () => {
    renderZone();
    const button = screen.getByRole('button', { name: 'Supprimer le club' });
    await userEvent.click(button);
    expect(screen.getByText(SETTINGS_MESSAGES.confirmDeletionFirst)).toBeInTheDocument();
    const word = screen.getByLabelText('Tapez SUPPRIMER pour confirmer');
    await userEvent.type(word, 'supprimer');
    expect(word).toHaveValue('SUPPRIMER');
    await userEvent.click(button);
    expect(screen.queryByRole('alertdialog')).toBeNull(); // the box is not ticked yet
    await userEvent.click(screen.getByRole('checkbox', { name: /suppression est définitive/ }));
    await userEvent.click(button);
    // The password again (re-authentication) before the dialog.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const password = screen.getByLabelText('Votre mot de passe *');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription(PRIVACY_MESSAGES.passwordRequired);
    await userEvent.type(password, 'Mon-Secret-2026!');
    await userEvent.click(button);
    await confirmInDialog('Annuler');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(button).toHaveFocus();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('on success removes the token and fingerprint, shows the message and goes to / after 800 ms', async () => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('deviceFingerprint', 'fp');
    localStorage.setItem('theme', 'dark');
    responder = () => json(200, { message: SETTINGS_MESSAGES.clubDeleted });
    const { goHome } = renderZone();
    await userEvent.click(screen.getByRole('checkbox', { name: /suppression est définitive/ }));
    await userEvent.type(screen.getByLabelText('Tapez SUPPRIMER pour confirmer'), 'SUPPRIMER');
    await userEvent.type(screen.getByLabelText('Votre mot de passe *'), 'Mon-Secret-2026!');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le club' }));
    await confirmInDialog('Supprimer définitivement');
    expect(await screen.findByText(SETTINGS_MESSAGES.clubDeleted)).toBeInTheDocument();
    const deletion = calls.find((c) => c.method === 'DELETE');
    expect(deletion?.url).toBe(buildPath(api.clubs.remove.path, { id: 7 }));
    expect(JSON.parse(deletion!.body as string)).toEqual({ motDePasse: 'Mon-Secret-2026!' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('deviceFingerprint')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    act(() => vi.advanceTimersByTime(700));
    expect(goHome).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(150));
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it('a failure shows the spec’s message; a wrong password is shown on the field', async () => {
    responder = () => json(500, {});
    renderZone();
    await userEvent.click(screen.getByRole('checkbox', { name: /suppression est définitive/ }));
    await userEvent.type(screen.getByLabelText('Tapez SUPPRIMER pour confirmer'), 'SUPPRIMER');
    await userEvent.type(screen.getByLabelText('Votre mot de passe *'), 'Mon-Secret-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le club' }));
    await confirmInDialog('Supprimer définitivement');
    await waitFor(() =>
      expect(screen.getByText(SETTINGS_MESSAGES.deleteFailed)).toBeInTheDocument(),
    );
    responder = () =>
      json(400, {
        message: PRIVACY_MESSAGES.passwordWrong,
        errors: { motDePasse: PRIVACY_MESSAGES.passwordWrong },
      });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le club' }));
    await confirmInDialog('Supprimer définitivement');
    expect(await screen.findByLabelText('Votre mot de passe *')).toHaveAccessibleDescription(
      PRIVACY_MESSAGES.passwordWrong,
    );
  });
});
