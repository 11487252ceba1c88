import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONVERSATION_MESSAGES,
  api,
  urlOf,
  type TConversation,
  type TMember,
} from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { CONVERSATION_TEXTS as T } from '../texts.ts';
import { NewGroupDialog } from './new-group-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (id: number, prenom: string, nom: string): TMember => ({
  id,
  nom,
  prenom,
  role: 'JOUEUR',
  nomEquipe: 'Seniors',
  avatarUrl: null,
  numero: null,
  poste: null,
  idClub: 3,
  idEquipe: 2,
  equipes: [{ id: 2, nom: 'Seniors' }],
});
const team = [person(1, 'Léa', 'Martin'), person(5, 'Hugo', 'Durand'), person(6, 'Zoé', 'Petit')];
const created: TConversation = {
  id: 42,
  titre: 'Covoiturage samedi',
  type: 'GROUPE',
  equipeId: null,
  evenementId: null,
  participants: [],
  dernierMessage: null,
  nonLus: 0,
  lectureSeule: false,
};

function open(answer: (body: unknown) => Response) {
  const members = urlOf(api.members.listTeam, { params: { clubId: 3, nomEquipe: 'Seniors' } });
  const create = urlOf(api.conversations.create, { body: { membresIds: [1] } });
  const calls = stubFetch(async (url, init) =>
    url.startsWith(members)
      ? json(200, team)
      : url === create && init.method === 'POST'
        ? answer(JSON.parse(String(init.body)))
        : json(404, {}),
  );
  renderAt(
    '/c/messages',
    '/c/messages',
    <NewGroupDialog
      clubId={3}
      nomClub="c"
      meId={1}
      teams={[{ id: 2, nom: 'Seniors' }]}
      onClose={() => {}}
    />,
  );
  return calls;
}

describe('NewGroupDialog', () => {
  it('lists the team’s members but the reader, sends the ticked ones and the title, opens the group', async () => {
    const calls = open(() => json(201, created));
    const dialog = await screen.findByRole('dialog', { name: T.newGroup });
    expect(await within(dialog).findByLabelText('Hugo Durand')).toBeVisible();
    expect(within(dialog).queryByLabelText('Léa Martin')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: T.groupCreate }));
    expect(await within(dialog).findByText(CONVERSATION_MESSAGES.membresRequired)).toBeVisible();
    expect(calls.filter((c) => c.init.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(T.groupTitle), 'Covoiturage samedi');
    await userEvent.click(within(dialog).getByLabelText('Hugo Durand'));
    await userEvent.click(within(dialog).getByLabelText('Zoé Petit'));
    await userEvent.click(within(dialog).getByRole('button', { name: T.groupCreate }));
    expect((await screen.findAllByText('/c/messages/42')).length).toBeGreaterThan(0);
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      titre: 'Covoiturage samedi',
      membresIds: [5, 6],
    });
  });

  it('shows the server’s safeguarding refusal (422) in the dialog', async () => {
    open(() => json(422, { message: CONVERSATION_MESSAGES.guardianRequired }));
    const dialog = await screen.findByRole('dialog', { name: T.newGroup });
    await userEvent.click(await within(dialog).findByLabelText('Hugo Durand'));
    await userEvent.click(within(dialog).getByRole('button', { name: T.groupCreate }));
    expect(await within(dialog).findByText(CONVERSATION_MESSAGES.guardianRequired)).toBeVisible();
  });
});
