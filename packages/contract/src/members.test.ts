import { describe, expect, it } from 'vitest';
import { editableMemberFields, ZMemberCreateSchema, ZMemberUpdateSchema } from './members.ts';
import { ZTeamWriteSchema } from './teams.ts';

const sorted = (s: ReadonlySet<string>) => [...s].sort();
const team = 3;
const coach = { id: 1, role: 'ENTRAINEUR', teamId: team };
const player = { id: 2, role: 'JOUEUR', teamId: team };
const parent = { id: 4, role: 'PARENT', teamId: team };

describe('editableMemberFields (spec §6 "Team members", docs/architecture.md §7)', () => {
  it('coach: self all but numero, poste, numeroLicence; own players numero, poste and statut only', () => {
    expect(sorted(editableMemberFields(coach, coach))).toEqual(
      [
        'dateDeNaissance',
        'email',
        'genre',
        'nom',
        'numeroTelephone',
        'partageCoordonnees',
        'poids',
        'prenom',
        'taille',
      ].sort(),
    );
    // and their statut (Blessé, Malade, Suspendu, Actif: decision 0108)
    expect(sorted(editableMemberFields(coach, player))).toEqual(['numero', 'poste', 'statut']);
    expect(editableMemberFields(coach, parent).size).toBe(0);
    expect(editableMemberFields(coach, { ...player, teamId: 9 }).size).toBe(0);
    expect(editableMemberFields({ ...coach, teamId: null }, { ...player, teamId: null }).size).toBe(
      0,
    );
  });

  it('a minor (by the birth date the club holds) does not change their own birth date; leaders do', () => {
    for (const self of [player, parent, coach]) {
      expect(editableMemberFields(self, { ...self, minor: true }).has('dateDeNaissance')).toBe(
        false,
      );
      expect(editableMemberFields(self, { ...self, minor: false }).has('dateDeNaissance')).toBe(
        true,
      );
    }
    const leader = { id: 9, role: 'RESPONSABLE' };
    expect(editableMemberFields(leader, { ...leader, minor: true }).has('dateDeNaissance')).toBe(
      true,
    );
    expect(editableMemberFields(leader, { ...player, minor: true }).has('dateDeNaissance')).toBe(
      true,
    );
  });

  it('player and parent: self all but numero and poste; nobody else', () => {
    for (const self of [player, parent]) {
      const fields = editableMemberFields(self, self);
      expect(fields.has('numeroLicence')).toBe(true);
      for (const f of ['numero', 'poste', 'role', 'statut', 'nomEquipe', 'idEquipe'] as const)
        expect(fields.has(f)).toBe(false);
    }
    expect(editableMemberFields(player, { ...player, id: 9 }).size).toBe(0);
    expect(editableMemberFields(parent, player).size).toBe(0);
  });

  it('leaders: everything except their own role; a RESPONSABLE cannot edit a DIRIGEANT', () => {
    const boss = { id: 7, role: 'DIRIGEANT', teamId: null };
    const resp = { id: 8, role: 'responsable', teamId: null };
    expect(editableMemberFields(boss, player).has('role')).toBe(true);
    expect(editableMemberFields(boss, boss).has('role')).toBe(false);
    expect(editableMemberFields(boss, boss).has('statut')).toBe(true);
    expect(editableMemberFields(resp, boss).size).toBe(0);
    expect(editableMemberFields(resp, player).has('nomEquipe')).toBe(true);
    expect(editableMemberFields({ id: 5, role: 'INCONNU', teamId: null }, player).size).toBe(0);
  });
});

describe('member and team schemas', () => {
  it('the member form: required fields, statut and role normalised, numbers from text', () => {
    const ok = ZMemberCreateSchema.parse({
      nom: ' Dupont ',
      prenom: 'Léa',
      dateDeNaissance: '2001-02-03T00:00:00Z',
      genre: 'Femme',
      email: ' LEA@Example.org ',
      numeroTelephone: '06 00 00 00 00',
      role: 'joueur',
      statut: 'BLESSE',
      taille: '172',
      numero: '',
      clubId: '4',
    });
    expect(ok).toMatchObject({
      nom: 'Dupont',
      dateDeNaissance: '2001-02-03',
      email: 'lea@example.org',
      role: 'JOUEUR',
      statut: 'Blessé',
      taille: 172,
      numero: null,
      clubId: 4,
    });
    expect(ZMemberCreateSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(ZMemberUpdateSchema.parse({ numeroTelephone: '' })).toEqual({ numeroTelephone: null });
  });

  it('the team form accepts category or categorie and answers categorie', () => {
    expect(ZTeamWriteSchema.parse({ nom: 'A', division: 'D', category: 'U17', idClub: 1 })).toEqual(
      {
        nom: 'A',
        division: 'D',
        categorie: 'U17',
        idClub: 1,
      },
    );
    expect(
      ZTeamWriteSchema.parse({ nom: 'A', division: 'D', categorie: 'U15', idClub: 1 }).categorie,
    ).toBe('U15');
    expect(ZTeamWriteSchema.safeParse({ nom: 'A', division: 'D', idClub: 1 }).success).toBe(false);
  });
});
