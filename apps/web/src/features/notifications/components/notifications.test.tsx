import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, queryString } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { NOTIFICATION_TEXTS } from '../texts.ts';
import { NotificationPreferences } from './notification-preferences.tsx';
import { Unsubscribe } from './unsubscribe.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALL_ON = { email: true, push: true };
/** A preferences answer of the contract's shape. */
const prefs = (
  emails: boolean,
  canaux: Record<string, { email: boolean; push: boolean }> = {},
) => ({
  emails,
  canaux: {
    convocations: ALL_ON,
    rappels: ALL_ON,
    annonces: ALL_ON,
    annulations: ALL_ON,
    changements: ALL_ON,
    messages: ALL_ON,
    matchs: ALL_ON,
    ...canaux,
  },
});

/** The calls to the API (the anti-forgery token's aside), or to one path. */
const requests = (calls: { url: string; init: RequestInit }[], path?: string) =>
  calls
    .filter((c) => (path ? c.url.startsWith(path) : !c.url.startsWith(api.auth.csrf.path)))
    .map((c) => ({ url: c.url, method: c.init.method ?? 'GET', body: c.init.body }));

describe('[notifications] unsubscribe link', () => {
  it('opening the page changes nothing; the button unsubscribes and links to the profile', async () => {
    const calls = stubFetch((url) =>
      url.startsWith(api.auth.csrf.path) ? json(200, {}) : json(200, prefs(false)),
    );
    renderAt(
      '/notifications/desabonnement',
      'notifications/desabonnement',
      <Unsubscribe jeton="j1" />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      NOTIFICATION_TEXTS.unsubscribeTitle,
    );
    expect(requests(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Ne plus recevoir ces e-mails' }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.unsubscribed)).toBeInTheDocument();
    expect(requests(calls)).toEqual([
      {
        url: api.notifications.unsubscribe.path + queryString({ jeton: 'j1' }),
        method: 'POST',
        body: '{}',
      },
    ]);
    expect(screen.getByRole('link', { name: 'ouvrir mon profil' })).toHaveAttribute(
      'href',
      '/profil',
    );
    expect(screen.queryByRole('button', { name: 'Ne plus recevoir ces e-mails' })).toBeNull();
  });

  it('an invalid link: the server’s message, and the button stays', async () => {
    stubFetch((url) =>
      url.startsWith(api.auth.csrf.path)
        ? json(200, {})
        : json(404, { message: "Ce lien n'est pas valide." }),
    );
    renderAt('/n', 'n', <Unsubscribe jeton="faux" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ne plus recevoir ces e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce lien n'est pas valide.");
    expect(screen.getByRole('button', { name: 'Ne plus recevoir ces e-mails' })).toBeEnabled();
  });

  it('without a token there is nothing to press', () => {
    stubFetch(() => json(200, {}));
    renderAt('/n', 'n', <Unsubscribe jeton="" />);
    expect(screen.getByRole('alert')).toHaveTextContent("Ce lien n'est pas valide.");
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('[notifications] profile section', () => {
  it('shows the preference, saves a change at once and says so', async () => {
    let emails = true;
    const calls = stubFetch((url, init) => {
      if (url.startsWith(api.auth.csrf.path)) return json(200, {});
      if (init.method === 'PUT')
        emails = (JSON.parse(init.body as string) as { emails: boolean }).emails ?? emails;
      return json(200, prefs(emails));
    });
    renderAt('/p', 'p', <NotificationPreferences />);
    const box = await screen.findByRole('checkbox', {
      name: 'Recevoir les e-mails de convocation et de rappel',
    });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/invitation et de réinitialisation du mot de passe/);
    await userEvent.click(box);
    expect(await screen.findByText(NOTIFICATION_TEXTS.saved)).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(box).toHaveFocus();
    expect(requests(calls, api.notifications.setPreferences.path).at(-1)).toEqual({
      url: api.notifications.setPreferences.path,
      method: 'PUT',
      body: '{"emails":false}',
    });
  });

  it('a failed save shows the error and keeps the stored value', async () => {
    stubFetch((url, init) => {
      if (url.startsWith(api.auth.csrf.path)) return json(200, {});
      return init.method === 'PUT'
        ? json(500, { message: 'Erreur interne du serveur.' })
        : json(200, prefs(true));
    });
    renderAt('/p', 'p', <NotificationPreferences />);
    const box = await screen.findByRole('checkbox', {
      name: 'Recevoir les e-mails de convocation et de rappel',
    });
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur interne du serveur.');
    await waitFor(() => expect(box).toBeChecked());
  });

  it('turns one kind off on one channel; e-mail boxes follow the master switch', async () => {
    let canaux: Record<string, { email: boolean; push: boolean }> = {};
    const calls = stubFetch((url, init) => {
      if (url.startsWith(api.auth.csrf.path)) return json(200, {});
      if (init.method === 'PUT') {
        const sent = JSON.parse(init.body as string) as {
          canaux?: Record<string, { email?: boolean; push?: boolean }>;
        };
        for (const [k, v] of Object.entries(sent.canaux ?? {}))
          canaux = { ...canaux, [k]: { ...ALL_ON, ...canaux[k], ...v } };
      }
      return json(200, prefs(true, canaux));
    });
    renderAt('/p', 'p', <NotificationPreferences />);
    const push = await screen.findByRole('checkbox', {
      name: 'Annonces : Notification sur l’appareil',
    });
    expect(push).toBeChecked();
    expect(
      screen.getByRole('table', { name: 'Ce que vous recevez, par type et par canal' }),
    ).toBeVisible();
    await userEvent.click(push);
    await waitFor(() => expect(push).not.toBeChecked());
    expect(requests(calls, api.notifications.setPreferences.path).at(-1)).toEqual({
      url: api.notifications.setPreferences.path,
      method: 'PUT',
      body: '{"canaux":{"annonces":{"push":false}}}',
    });
    expect(screen.getByRole('checkbox', { name: 'Annonces : E-mail' })).toBeChecked();
    // A match's goals and final score go to the devices only (decision 0140): no e-mail box.
    const matchs = screen.getByRole('row', { name: /Buts et score final des matchs/ });
    expect(within(matchs).getAllByRole('checkbox')).toHaveLength(1);
    expect(
      within(matchs).getByRole('checkbox', {
        name: 'Buts et score final des matchs : Notification sur l’appareil',
      }),
    ).toBeChecked();
    expect(matchs).toHaveTextContent('Pas d’e-mail');
    // jsdom has no Push API: the device part says so instead of offering a button.
    expect(
      await screen.findByText(/Ce navigateur ne permet pas les notifications/),
    ).toBeInTheDocument();
  });
});
