import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';

afterEach(cleanup);
import userEvent from '@testing-library/user-event';
import { FIELD_MESSAGES, MEMBER_FIELD_MESSAGES, type TMember } from '@club/contract';
import { MemberForm } from './member-form.tsx';

const TEAMS = [
  { id: 1, nom: 'Seniors' },
  { id: 2, nom: 'U17' },
];

function renderForm(role = 'DIRIGEANT') {
  const onSubmit = vi.fn();
  render(
    <MemberForm
      member={null}
      clubId={5}
      actor={{ id: 1, role }}
      teams={TEAMS}
      clubMembers={[]}
      submitting={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('[members] club member form (spec §4, §5)', () => {
  it('statut is Actif by default; gender offers the one list (decision 0086); roles in the spec order, as words', () => {
    renderForm();
    expect(screen.getByLabelText('Statut')).toHaveValue('Actif');
    const genres = [...(screen.getByLabelText('Genre *') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(genres).toEqual(['', 'Homme', 'Femme', 'Autre']);
    const options = [...(screen.getByLabelText('Rôle *') as HTMLSelectElement).options];
    expect(options.map((o) => o.value)).toEqual([
      '',
      'JOUEUR',
      'ENTRAINEUR',
      'PARENT',
      'RESPONSABLE',
      'DIRIGEANT',
    ]);
    // No stored code on screen: the options read as words.
    expect(options.map((o) => o.textContent)).toEqual([
      '— Choisir —',
      'Joueur',
      'Entraîneur',
      'Parent',
      'Responsable',
      'Dirigeant',
    ]);
  });

  it('required fields are checked before sending', async () => {
    const onSubmit = renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).not.toHaveBeenCalled();
    for (const label of ['Nom *', 'Prénom *', 'Email *', 'Téléphone *'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    // In the user's terms: an empty select is a missing answer, an empty date is not a format error.
    for (const label of ['Nom *', 'Genre *', 'Rôle *', 'Date de naissance *'])
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining(FIELD_MESSAGES.required),
      );
    expect(screen.queryByText('Genre invalide.')).toBeNull();
    expect(screen.queryByText('Rôle invalide.')).toBeNull();
    expect(screen.queryByText(/AAAA-MM-JJ/)).toBeNull();
  });

  it('a birth date that is not one says jj/mm/aaaa', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Date de naissance *'), '31/02/2010');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByLabelText('Date de naissance *')).toHaveAccessibleDescription(
      expect.stringContaining(FIELD_MESSAGES.dateInvalid),
    );
  });

  it('tells the page when the form changes or is sent again (the last save’s error then goes)', async () => {
    const onEdit = vi.fn();
    render(
      <MemberForm
        member={null}
        clubId={5}
        actor={{ id: 1, role: 'DIRIGEANT' }}
        teams={TEAMS}
        clubMembers={[]}
        submitting={false}
        onSubmit={() => {}}
        onCancel={() => {}}
        onEdit={onEdit}
      />,
    );
    const user = userEvent.setup();
    expect(onEdit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Nom *'), 'M');
    expect(onEdit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onEdit).toHaveBeenCalledTimes(2);
  });

  it('a RESPONSABLE cannot choose a leader role', () => {
    renderForm('RESPONSABLE');
    const options = (screen.getByLabelText('Rôle *') as HTMLSelectElement).options;
    const disabled = [...options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled).toEqual(['RESPONSABLE', 'DIRIGEANT']);
  });

  it('a valid form sends the member with clubId, optional fields empty as null', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom *'), 'Martin');
    await user.type(screen.getByLabelText('Prénom *'), 'Zoé');
    await user.type(screen.getByLabelText('Date de naissance *'), '06/05/2004');
    await user.selectOptions(screen.getByLabelText('Genre *'), 'Femme');
    await user.type(screen.getByLabelText('Email *'), 'zoe@example.org');
    await user.type(screen.getByLabelText('Téléphone *'), '0612345678');
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'JOUEUR');
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).toHaveBeenCalledWith({
      nom: 'Martin',
      prenom: 'Zoé',
      dateDeNaissance: '2004-05-06',
      genre: 'Femme',
      email: 'zoe@example.org',
      numeroTelephone: '0612345678',
      role: 'JOUEUR',
      statut: 'Actif',
      numeroLicence: null,
      nomEquipe: 'U17',
      // Hats (decision 0110): no club role, the team with the role chosen.
      roleClub: null,
      equipes: [{ id: 2, role: 'JOUEUR' }],
      clubId: 5,
    });
  });

  it('suggests the team of the member’s age category in the club’s season, added in one click', async () => {
    const onSubmit = vi.fn();
    const today = new Date();
    // Season starting in January: the season is the calendar year, so 13 years before it is U13.
    const year = today.getFullYear() - 13;
    render(
      <MemberForm
        member={null}
        clubId={5}
        actor={{ id: 1, role: 'DIRIGEANT' }}
        teams={[
          { id: 1, nom: 'Seniors', categorie: 'Senior' },
          { id: 2, nom: 'U13 B', categorie: 'U13' },
          { id: 3, nom: 'U13 A', categorie: 'U13' },
        ]}
        seasonStartMonth={1}
        clubMembers={[]}
        submitting={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByText(/Catégorie/)).toBeNull();
    await user.type(screen.getByLabelText('Date de naissance *'), `15/03/${year}`);
    const hint = await screen.findByText(/équipe suggérée U13 A/);
    expect(hint).toHaveTextContent(
      `Catégorie U13 (saison ${today.getFullYear()}) : équipe suggérée U13 A`,
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter U13 A' }));
    expect(screen.getByLabelText('Équipe')).toHaveValue('3');
    expect(screen.queryByRole('button', { name: 'Ajouter U13 A' })).toBeNull();
  });

  it('Réinitialiser empties the form', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom *'), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(screen.getByLabelText('Nom *')).toHaveValue('');
  });
});

const U15 = { id: 3, nom: 'U15' };
const CLUB_MEMBERS = [
  { id: 20, nom: 'Bernard', prenom: 'Zoé', equipes: [TEAMS[1]!] },
  { id: 21, nom: 'Bernard', prenom: 'Léo', equipes: [U15] },
  { id: 22, nom: 'Martin', prenom: 'Hugo', equipes: [] },
];
const parent: TMember = {
  id: 30,
  nom: 'Bernard',
  prenom: 'Marc',
  dateDeNaissance: '1980-02-03',
  genre: 'Homme',
  email: 'marc@example.org',
  numeroTelephone: '0611111111',
  numeroLicence: null,
  role: 'PARENT',
  statut: 'Actif',
  nomEquipe: 'U17',
  avatarUrl: null,
  taille: null,
  poids: null,
  numero: null,
  poste: null,
  idClub: 5,
  idEquipe: 2,
  equipes: [TEAMS[1]!, U15],
  enfants: [{ id: 20, nom: 'Bernard', prenom: 'Zoé' }],
  categorie: null,
};

function renderEdit(member: TMember, serverErrors?: Record<string, string>) {
  const onSubmit = vi.fn();
  render(
    <MemberForm
      member={member}
      clubId={5}
      actor={{ id: 1, role: 'DIRIGEANT' }}
      teams={[...TEAMS, U15]}
      clubMembers={[...CLUB_MEMBERS, { id: member.id, nom: member.nom, prenom: member.prenom }]}
      submitting={false}
      serverErrors={serverErrors}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('[members] member form: several teams, a parent’s children', () => {
  it('two teams: the Équipe select is the primary one, sent first with the other team', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom *'), 'Martin');
    await user.type(screen.getByLabelText('Prénom *'), 'Zoé');
    await user.type(screen.getByLabelText('Date de naissance *'), '06052004');
    await user.selectOptions(screen.getByLabelText('Genre *'), 'Femme');
    await user.type(screen.getByLabelText('Email *'), 'zoe@example.org');
    await user.type(screen.getByLabelText('Téléphone *'), '0612345678');
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'JOUEUR');
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    const others = screen.getByRole('group', { name: 'Autres équipes' });
    await user.click(within(others).getByRole('checkbox', { name: 'Seniors' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ nomEquipe: 'U17', equipesIds: [2, 1] }),
    );
    await user.click(screen.getByRole('button', { name: 'Faire de Seniors l’équipe principale' }));
    expect(screen.getByLabelText('Équipe')).toHaveDisplayValue('Seniors');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ nomEquipe: 'Seniors', equipesIds: [1, 2] }),
    );
    // An adult may have children (decision 0110): offered, none chosen, nothing sent about them.
    expect(screen.getByRole('group', { name: 'Enfants' })).toBeInTheDocument();
    expect(onSubmit.mock.lastCall![0]).not.toHaveProperty('enfantsIds');
    expect(onSubmit.mock.lastCall![0]).not.toHaveProperty('parentsIds');
  });

  it('a member of two teams brought back to one sends the one-team list (the other is removed)', async () => {
    const onSubmit = renderEdit({ ...parent, role: 'JOUEUR', enfants: undefined });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'U15' }));
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ nomEquipe: 'U17', equipesIds: [2] }),
    );
  });

  it('editing a parent pre-fills the teams (primary in the Équipe select) and the children; adds a second child', async () => {
    const onSubmit = renderEdit(parent);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Équipe')).toHaveDisplayValue('U17');
    expect(screen.getByRole('checkbox', { name: 'U15' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Seniors' })).not.toBeChecked();
    const children = screen.getByRole('group', { name: 'Enfants' });
    expect(within(children).getByRole('list', { name: 'Enfants liés' })).toHaveTextContent(
      'Zoé Bernard (U17)',
    );
    // The parent is not offered as their own child.
    await user.type(within(children).getByLabelText(/Rechercher un enfant/), 'bernard');
    expect(within(children).queryByRole('button', { name: 'Ajouter Marc Bernard' })).toBeNull();
    await user.click(within(children).getByRole('button', { name: 'Ajouter Léo Bernard' }));
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        role: 'PARENT',
        nomEquipe: 'U17',
        equipesIds: [2, 3],
        enfantsIds: [20, 21],
      }),
    );
  });

  it('a parent who becomes a player keeps the children (any adult may have some, decision 0110)', async () => {
    const onSubmit = renderEdit(parent);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'JOUEUR');
    expect(screen.getByRole('group', { name: 'Enfants' })).toBeInTheDocument();
    // The spec's single role: held in every team.
    expect(screen.getByLabelText('Rôle dans U17')).toHaveValue('JOUEUR');
    expect(screen.getByLabelText('Rôle dans U15')).toHaveValue('JOUEUR');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(onSubmit.mock.lastCall![0]).toMatchObject({
      role: 'JOUEUR',
      equipesIds: [2, 3],
      equipes: [
        { id: 2, role: 'JOUEUR' },
        { id: 3, role: 'JOUEUR' },
      ],
      enfantsIds: [20],
    });
  });

  it('server errors on the teams or the children show under those groups', () => {
    renderEdit(parent, {
      nomEquipe: 'Équipe introuvable dans ce club.',
      enfantsIds: 'Enfant introuvable dans ce club.',
    });
    expect(screen.getByLabelText('Équipe')).toHaveAccessibleDescription(
      /Équipe introuvable dans ce club\./,
    );
    expect(screen.getByRole('group', { name: 'Enfants' })).toHaveAccessibleDescription(
      'Enfant introuvable dans ce club.',
    );
  });

  it('Réinitialiser brings back the member’s teams and children', async () => {
    renderEdit(parent);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'U15' }));
    await user.click(screen.getByRole('button', { name: 'Retirer Zoé Bernard' }));
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(screen.getByRole('checkbox', { name: 'U15' })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Enfants liés' })).toHaveTextContent('Zoé Bernard');
  });

  it('a leader editing themself: the role is shown, disabled and not sent', async () => {
    const onSubmit = vi.fn();
    render(
      <MemberForm
        member={{ ...parent, id: 1, role: 'DIRIGEANT', enfants: undefined }}
        clubId={5}
        actor={{ id: 1, role: 'DIRIGEANT' }}
        teams={TEAMS}
        clubMembers={[]}
        submitting={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByLabelText('Rôle *')).toBeDisabled();
    expect(screen.getByLabelText('Rôle *')).toHaveValue('DIRIGEANT');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Modifier' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.lastCall![0]).not.toHaveProperty('role');
  });

  it('a required field shows its message on blur (spec §5)', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Nom *'));
    await user.tab();
    expect(screen.getByLabelText('Nom *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nom *')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
  });
});

/** 'YYYY' of a birth `years` years ago, a month ago (so the age is already `years`). */
function birthDate(years: number) {
  const d = new Date();
  d.setMonth(d.getMonth() - 1);
  const dd = String(d.getDate())
    .padStart(2, '0')
    .replace(/^(29|30|31)$/, '28');
  return `${dd}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear() - years}`;
}

async function fillIdentity(user: ReturnType<typeof userEvent.setup>, date: string) {
  await user.type(screen.getByLabelText('Nom *'), 'Petit');
  await user.type(screen.getByLabelText('Prénom *'), 'Léo');
  await user.type(screen.getByLabelText('Date de naissance *'), date);
  await user.selectOptions(screen.getByLabelText('Genre *'), 'Homme');
}

function renderCreate(actorRole = 'DIRIGEANT') {
  const onSubmit = vi.fn();
  render(
    <MemberForm
      member={null}
      clubId={5}
      actor={{ id: 1, role: actorRole }}
      teams={[...TEAMS, U15]}
      clubMembers={CLUB_MEMBERS}
      submitting={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('[members] member form: hats (decision 0110, 0138)', () => {
  it('a father who coaches U17 and plays with the Seniors: a role per team, his child, « Rôle » the principal hat', async () => {
    const onSubmit = renderCreate();
    const user = userEvent.setup();
    await fillIdentity(user, '03/02/1980');
    await user.type(screen.getByLabelText('Email *'), 'marc@example.org');
    await user.type(screen.getByLabelText('Téléphone *'), '0611111111');
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    await user.click(screen.getByRole('checkbox', { name: 'Seniors' }));
    const roles = screen.getByRole('group', { name: 'Rôle dans chaque équipe' });
    // Entraîneur or Joueur per team; no « aucun » without a club role.
    expect(
      [...(within(roles).getByLabelText('Rôle dans U17') as HTMLSelectElement).options].map(
        (o) => o.textContent,
      ),
    ).toEqual(['Entraîneur', 'Joueur']);
    await user.selectOptions(within(roles).getByLabelText('Rôle dans U17'), 'ENTRAINEUR');
    expect(within(roles).getByLabelText('Rôle dans Seniors')).toHaveValue('JOUEUR');
    // The spec's « Rôle » follows: the strongest hat.
    expect(screen.getByLabelText('Rôle *')).toHaveValue('ENTRAINEUR');
    const children = screen.getByRole('group', { name: 'Enfants' });
    await user.type(within(children).getByLabelText(/Rechercher un enfant/), 'léo');
    await user.click(within(children).getByRole('button', { name: 'Ajouter Léo Bernard' }));
    expect(screen.queryByRole('group', { name: 'Parents' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.lastCall![0]).toMatchObject({
      role: 'ENTRAINEUR',
      roleClub: null,
      nomEquipe: 'U17',
      equipesIds: [2, 1],
      equipes: [
        { id: 2, role: 'ENTRAINEUR' },
        { id: 1, role: 'JOUEUR' },
      ],
      enfantsIds: [21],
    });
    expect(onSubmit.mock.lastCall![0]).not.toHaveProperty('parentsIds');
  });

  it('a president who plays: « Rôle club » Dirigeant, a team as player, « Rôle » Dirigeant', async () => {
    const onSubmit = renderCreate();
    const user = userEvent.setup();
    await fillIdentity(user, '03/02/1970');
    await user.type(screen.getByLabelText('Email *'), 'pres@example.org');
    await user.type(screen.getByLabelText('Téléphone *'), '0611111111');
    expect(
      [...(screen.getByLabelText('Rôle club') as HTMLSelectElement).options].map(
        (o) => o.textContent,
      ),
    ).toEqual(['Aucun', 'Dirigeant', 'Responsable']);
    await user.selectOptions(screen.getByLabelText('Rôle club'), 'DIRIGEANT');
    expect(screen.getByLabelText('Rôle *')).toHaveValue('DIRIGEANT');
    await user.selectOptions(screen.getByLabelText('Équipe'), 'Seniors');
    // A leader's new team: attached without a team role until one is chosen.
    expect(screen.getByLabelText('Rôle dans Seniors')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Rôle dans Seniors'), 'JOUEUR');
    expect(screen.getByLabelText('Rôle *')).toHaveValue('DIRIGEANT');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit.mock.lastCall![0]).toMatchObject({
      role: 'DIRIGEANT',
      roleClub: 'DIRIGEANT',
      equipes: [{ id: 1, role: 'JOUEUR' }],
    });
    // No club role any more: he is a player (the team keeps its role), « Rôle » follows.
    await user.selectOptions(screen.getByLabelText('Rôle club'), '');
    expect(screen.getByLabelText('Rôle *')).toHaveValue('JOUEUR');
  });

  it('choosing the spec’s « Rôle » Dirigeant sets the club role; a RESPONSABLE cannot give one', async () => {
    renderCreate();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'DIRIGEANT');
    expect(screen.getByLabelText('Rôle club')).toHaveValue('DIRIGEANT');
    cleanup();
    renderCreate('RESPONSABLE');
    const options = (screen.getByLabelText('Rôle club') as HTMLSelectElement).options;
    expect([...options].filter((o) => o.disabled).map((o) => o.value)).toEqual([
      'DIRIGEANT',
      'RESPONSABLE',
    ]);
  });

  it('a seven-year-old without e-mail nor phone: refused without a parent (the server’s message), sent with one', async () => {
    const onSubmit = renderCreate();
    const user = userEvent.setup();
    await fillIdentity(user, birthDate(7));
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'JOUEUR');
    // A minor has guardians, not children.
    expect(screen.queryByRole('group', { name: 'Enfants' })).toBeNull();
    const parents = screen.getByRole('group', { name: 'Parents' });
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription(
      MEMBER_FIELD_MESSAGES.childNeedsGuardian,
    );
    expect(screen.getByLabelText('Téléphone *')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    await user.type(within(parents).getByLabelText(/Rechercher un parent/), 'hugo');
    await user.click(within(parents).getByRole('button', { name: 'Ajouter Hugo Martin' }));
    // With a parent, e-mail and phone are optional: no asterisk, no error, a hint instead.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Facultatif : les messages de l’enfant vont à ses parents.',
    );
    expect(screen.getByLabelText('Email')).not.toBeRequired();
    expect(screen.getByLabelText('Téléphone')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.lastCall![0]).toMatchObject({
      role: 'JOUEUR',
      email: null,
      numeroTelephone: null,
      parentsIds: [22],
    });
    expect(onSubmit.mock.lastCall![0]).not.toHaveProperty('enfantsIds');
  });

  it('an adult without e-mail is refused with the spec’s required message, whatever the parents', async () => {
    const onSubmit = renderCreate();
    const user = userEvent.setup();
    await fillIdentity(user, '03/02/1990');
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'JOUEUR');
    expect(screen.queryByRole('group', { name: 'Parents' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
  });

  it('editing a child: the team roles and guardians are pre-filled; clearing the e-mail with a guardian is allowed', async () => {
    const child: TMember = {
      ...parent,
      id: 40,
      prenom: 'Tom',
      role: 'JOUEUR',
      roleClub: null,
      dateDeNaissance: '2016-04-04',
      email: 'tom@example.org',
      enfants: [],
      equipes: [{ ...U15, role: 'JOUEUR' }],
      idEquipe: 3,
      nomEquipe: 'U15',
      parentsIds: [22],
    };
    const onSubmit = renderEdit(child, { parentsIds: 'Parent introuvable dans ce club.' });
    const user = userEvent.setup();
    expect(screen.getByLabelText('Rôle dans U15')).toHaveValue('JOUEUR');
    const parents = screen.getByRole('group', { name: 'Parents' });
    expect(within(parents).getByRole('list', { name: 'Parents liés' })).toHaveTextContent(
      'Hugo Martin',
    );
    expect(parents).toHaveAccessibleDescription('Parent introuvable dans ce club.');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(onSubmit.mock.lastCall![0]).toMatchObject({ email: null, parentsIds: [22] });
  });
});
