import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONVERSATION_MESSAGES, api, urlOf, type TMessagePage } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { CONVERSATION_TEXTS as T } from '../texts.ts';
import { ConversationView } from './conversation-view.tsx';

vi.setConfig({ testTimeout: 20_000 });
// jsdom draws nothing: the view scrolls to its newest message.
Element.prototype.scrollIntoView ??= () => {};
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page: TMessagePage = {
  conversation: {
    id: 4,
    titre: 'Seniors',
    type: 'EQUIPE',
    equipeId: 2,
    evenementId: null,
    participants: [
      { id: 1, nom: 'Martin', prenom: 'Léa', parent: false },
      { id: 2, nom: 'Durand', prenom: 'Hugo', parent: false },
    ],
    dernierMessage: null,
    nonLus: 0,
    lectureSeule: false,
  },
  messages: [
    {
      id: 9,
      conversationId: 4,
      auteur: { id: 2, nom: 'Durand', prenom: 'Hugo' },
      contenu: 'Rendez-vous à 13h30.',
      statut: 'VISIBLE',
      envoyeLe: '2026-12-06T10:00:00.000Z',
      moi: false,
      supprimable: false,
      masquable: false,
    },
  ],
  plusAnciens: false,
  lectures: [],
};

describe('ConversationView: reporting a message', () => {
  it('asks for the reason in a dialog (required), sends it, then says the leaders have it', async () => {
    const messages = urlOf(api.conversations.messages, { params: { id: 4 } });
    const report = urlOf(api.conversations.report, {
      params: { id: 9 },
      body: { motif: 'x' },
    });
    const calls = stubFetch(async (url, init) =>
      url.startsWith(messages)
        ? json(200, page)
        : url === report && init.method === 'POST'
          ? json(201, { message: T.reported })
          : json(404, {}),
    );
    renderAt('/c/messages/4', '/c/messages/4', <ConversationView id={4} nomClub="c" />);
    expect(await screen.findByText('Rendez-vous à 13h30.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: T.report }));
    const dialog = await screen.findByRole('dialog', { name: T.reportTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.report }));
    expect(await within(dialog).findByText(CONVERSATION_MESSAGES.motifRequired)).toBeVisible();
    expect(calls.filter((c) => c.init.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(T.reportReason), 'Propos déplacés');
    await userEvent.click(within(dialog).getByRole('button', { name: T.report }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent(T.reported);
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ motif: 'Propos déplacés' });
  });
});
