import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PRIVACY_MESSAGES, api } from '@club/contract';
import { leaveLandingNotice } from '../../lib/landing-notice.ts';
import LandingPage from './landing.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function stubApi(sports: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith(api.publicSite.sportStats.path)) return sports();
    if (url.startsWith(api.publicSite.homeStats.path))
      return json({ members: 61, clubs: 3, equipes: 7 });
    return json({});
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderLanding = () =>
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );

describe('[landing] sports and stats (spec §2)', () => {
  it("'Chargement...' while loading, then each sport with 'N équipes'; stats with a trailing '+'", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    stubApi(async () => {
      await held;
      return json([
        { sportNom: 'Football', nombreEquipes: 5 },
        { sportNom: 'Rugby', nombreEquipes: 0 },
      ]);
    });
    renderLanding();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('5 équipes')).toBeInTheDocument();
    expect(screen.getByText('0 équipes')).toBeInTheDocument();
    expect(await screen.findByText('61+')).toBeInTheDocument();
    expect(screen.getByText('3+')).toBeInTheDocument();
    expect(screen.getByText('7+')).toBeInTheDocument();
  });

  it("'Aucun sport disponible.' when the list is empty", async () => {
    stubApi(() => json([]));
    renderLanding();
    expect(await screen.findByText('Aucun sport disponible.')).toBeInTheDocument();
  });

  it("a failure is only logged: 'Aucun sport disponible.' and no error message", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi(() => json({ message: 'Erreur interne du serveur.' }, 500));
    renderLanding();
    expect(await screen.findByText('Aucun sport disponible.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('[landing] a message left by the page that reloaded here', () => {
  it('after « Supprimer mon compte »: « Votre compte a été supprimé. », once', async () => {
    stubApi(() => json([]));
    leaveLandingNotice(PRIVACY_MESSAGES.accountDeleted);
    const first = renderLanding();
    expect(screen.getByText('Votre compte a été supprimé.')).toHaveAttribute('role', 'status');
    first.unmount();
    const again = renderLanding();
    expect(screen.queryByText('Votre compte a été supprimé.')).toBeNull();
    again.unmount();
  });
});
