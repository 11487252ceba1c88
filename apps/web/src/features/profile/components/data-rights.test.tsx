import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PRIVACY_MESSAGES, api, urlOf } from '@club/contract';
import { anAccountExport } from '../../../testing/builders.ts';
import { readLandingNotice } from '../../../lib/landing-notice.ts';
import { DataRights } from './data-rights.tsx';

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let responder: (c: Call) => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  responder = () => json(200, {});
  document.cookie = 'XSRF-TOKEN=tok; path=/';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? 'GET', body: init.body };
    calls.push(call);
    return responder(call);
  });
  URL.createObjectURL = vi.fn(() => 'blob:donnees');
  URL.revokeObjectURL = vi.fn();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderRights(goHome = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DataRights goHome={goHome} />
    </QueryClientProvider>,
  );
  return { goHome };
}

describe('[privacy] Mes données (profile)', () => {
  it('« Télécharger mes données » saves the JSON of GET /api/compte/donnees as a file', async () => {
    responder = () => json(200, anAccountExport());
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRights();
    await userEvent.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.downloadLabel }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${urlOf(api.auth.exportData)}`]);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toMatch(/^mes-donnees-club-manager-\d{4}-\d{2}-\d{2}\.json$/);
    expect(link.href).toBe('blob:donnees');
  });

  it('« Supprimer mon compte »: the password first, a confirmation, then DELETE /api/compte; / after 800 ms', async () => {
    localStorage.setItem('deviceFingerprint', 'fp');
    localStorage.setItem('token', 'jwt');
    const { goHome } = renderRights();
    const button = screen.getByRole('button', { name: PRIVACY_MESSAGES.deleteAccountLabel });
    await userEvent.click(button);
    const password = screen.getByLabelText(`${PRIVACY_MESSAGES.passwordLabel} *`);
    expect(password).toHaveAccessibleDescription(PRIVACY_MESSAGES.passwordRequired);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.type(password, 'Mon-Secret-2026!');
    await userEvent.click(button);
    const dialog = screen.getByRole('alertdialog', { name: PRIVACY_MESSAGES.deleteAccountLabel });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls).toEqual([]);

    responder = () => json(200, { message: PRIVACY_MESSAGES.accountDeleted });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: PRIVACY_MESSAGES.deleteAccountConfirm }),
    );
    expect(await screen.findByText(PRIVACY_MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url, JSON.parse(c.body as string)])).toEqual([
      ['DELETE', api.auth.deleteAccount.path, { motDePasse: 'Mon-Secret-2026!' }],
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('deviceFingerprint')).toBe('fp');
    act(() => vi.advanceTimersByTime(850));
    expect(goHome).toHaveBeenCalledTimes(1);
    // the home page, once reloaded, says it again
    expect(readLandingNotice()).toBe(PRIVACY_MESSAGES.accountDeleted);
  });

  it('a wrong password is said on the field; the last DIRIGEANT gets the server’s message', async () => {
    renderRights();
    await userEvent.type(screen.getByLabelText(`${PRIVACY_MESSAGES.passwordLabel} *`), 'x');
    const button = screen.getByRole('button', { name: PRIVACY_MESSAGES.deleteAccountLabel });
    responder = () =>
      json(400, {
        message: PRIVACY_MESSAGES.passwordWrong,
        errors: { motDePasse: PRIVACY_MESSAGES.passwordWrong },
      });
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: PRIVACY_MESSAGES.deleteAccountConfirm }),
    );
    expect(
      await screen.findByLabelText(`${PRIVACY_MESSAGES.passwordLabel} *`),
    ).toHaveAccessibleDescription(PRIVACY_MESSAGES.passwordWrong);

    responder = () => json(409, { message: PRIVACY_MESSAGES.lastManager });
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: PRIVACY_MESSAGES.deleteAccountConfirm }),
    );
    expect(await screen.findByText(PRIVACY_MESSAGES.lastManager)).toBeInTheDocument();
  });
});
