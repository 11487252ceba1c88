import { describe, expect, it } from 'vitest';
import {
  contactSharedWithTeam,
  convocationSeenByOthers,
  hiddenMemberFields,
  isMinor,
  mayFilterOnPrivateFields,
  memberReaderRelation,
  visibleChildren,
  visibleMemberGroups,
  type MemberPrivacySubject,
} from './privacy.ts';
import { presenceRateText } from './statistics.ts';
import { editableMemberFields } from './members.ts';

const TODAY = '2026-11-25';
const player = (over: Partial<MemberPrivacySubject> = {}): MemberPrivacySubject => ({
  id: 10,
  role: 'JOUEUR',
  teamIds: [1],
  dateDeNaissance: '1990-05-01',
  partageCoordonnees: false,
  ...over,
});
const reader = (
  role: string,
  over: { id?: number; teamIds?: number[]; childIds?: number[] } = {},
) => ({
  id: 99,
  role,
  teamIds: [1],
  childIds: [],
  ...over,
});

describe('[privacy] who sees which member field', () => {
  it('a minor is under 18 on the club’s today; an unknown birth date counts as a minor', () => {
    expect(isMinor('2008-11-26', TODAY)).toBe(true);
    expect(isMinor('2008-11-25', TODAY)).toBe(false);
    expect(isMinor('2010-03-16', TODAY)).toBe(true);
    expect(isMinor('1990-01-01', TODAY)).toBe(false);
    expect(isMinor(null, TODAY)).toBe(true);
    expect(isMinor('', TODAY)).toBe(true);
    // born on 29 February: of age on 1 March of a common year
    expect(isMinor('2008-02-29', '2026-02-28')).toBe(true);
    expect(isMinor('2008-02-29', '2026-03-01')).toBe(false);
  });

  it('the relation: self, guardian, leader, coach of one of the member’s teams, else teammate', () => {
    const m = player({ teamIds: [1, 2] });
    expect(memberReaderRelation(reader('JOUEUR', { id: 10 }), m)).toBe('self');
    expect(memberReaderRelation(reader('PARENT', { childIds: [10] }), m)).toBe('guardian');
    expect(memberReaderRelation(reader('DIRIGEANT', { teamIds: [] }), m)).toBe('leader');
    expect(memberReaderRelation(reader('RESPONSABLE', { teamIds: [] }), m)).toBe('leader');
    expect(memberReaderRelation(reader('ENTRAINEUR', { teamIds: [2] }), m)).toBe('coach');
    expect(memberReaderRelation(reader('ENTRAINEUR', { teamIds: [3] }), m)).toBe('teammate');
    expect(memberReaderRelation(reader('JOUEUR'), m)).toBe('teammate');
    expect(memberReaderRelation(reader('PARENT'), m)).toBe('teammate');
  });

  it('self, guardians, leaders and coaches see every group; the member’s own choice only self and guardians', () => {
    for (const r of ['self', 'guardian'] as const)
      expect([...visibleMemberGroups(r, player(), TODAY)].sort()).toEqual(
        ['contact', 'health', 'identity', 'own', 'personal'].sort(),
      );
    for (const r of ['leader', 'coach'] as const)
      expect([...visibleMemberGroups(r, player(), TODAY)].sort()).toEqual(
        ['contact', 'health', 'identity', 'personal'].sort(),
      );
  });

  it('other families: never health nor personal data; contact of coaches always, of sharing adults only, of minors never', () => {
    const groups = (m: MemberPrivacySubject) => [...visibleMemberGroups('teammate', m, TODAY)];
    expect(groups(player())).toEqual(['identity']);
    expect(groups(player({ partageCoordonnees: true }))).toEqual(['identity', 'contact']);
    expect(groups(player({ role: 'ENTRAINEUR' }))).toEqual(['identity', 'contact']);
    expect(groups(player({ dateDeNaissance: '2010-03-16', partageCoordonnees: true }))).toEqual([
      'identity',
    ]);
    // a minor coach's details stay private too: minors' data never reach other families
    expect(
      contactSharedWithTeam(player({ role: 'ENTRAINEUR', dateDeNaissance: '2009-01-01' }), TODAY),
    ).toBe(false);
    expect([...hiddenMemberFields(reader('PARENT'), player(), TODAY)].sort()).toEqual(
      [
        'statut',
        'email',
        'numeroTelephone',
        'dateDeNaissance',
        // The age category tells the birth year: hidden with the birth date.
        'categorie',
        'genre',
        'numeroLicence',
        'taille',
        'poids',
        'partageCoordonnees',
      ].sort(),
    );
    expect(hiddenMemberFields(reader('JOUEUR', { id: 10 }), player(), TODAY).size).toBe(0);
  });

  it('private-field filters: leaders and the team’s coaches only', () => {
    expect(mayFilterOnPrivateFields(reader('DIRIGEANT', { teamIds: [] }), 1)).toBe(true);
    expect(mayFilterOnPrivateFields(reader('ENTRAINEUR'), 1)).toBe(true);
    expect(mayFilterOnPrivateFields(reader('ENTRAINEUR'), 2)).toBe(false);
    expect(mayFilterOnPrivateFields(reader('JOUEUR'), 1)).toBe(false);
    expect(mayFilterOnPrivateFields(reader('PARENT'), 1)).toBe(false);
  });

  it('only the member changes partageCoordonnees', () => {
    const me = { id: 1, role: 'DIRIGEANT', teamIds: [] };
    expect(editableMemberFields(me, me).has('partageCoordonnees')).toBe(true);
    expect(editableMemberFields(me, { id: 2, role: 'JOUEUR' }).has('partageCoordonnees')).toBe(
      false,
    );
    for (const role of ['ENTRAINEUR', 'JOUEUR', 'PARENT'])
      expect(
        editableMemberFields({ id: 3, role, teamIds: [1] }, { id: 3, role, teamIds: [1] }).has(
          'partageCoordonnees',
        ),
      ).toBe(true);
    expect(
      editableMemberFields(
        { id: 3, role: 'ENTRAINEUR', teamIds: [1] },
        { id: 4, role: 'JOUEUR', teamIds: [1] },
      ).has('partageCoordonnees'),
    ).toBe(false);
  });
});

describe('other families’ rows (decision 0106)', () => {
  it('a convocation row: DISPONIBLE and the published sheet stay; an absence and NON_RETENU read null', () => {
    expect(
      convocationSeenByOthers({ statutPresence: 'INDISPONIBLE', selectionPublished: 'NON_RETENU' }),
    ).toEqual({ statutPresence: null, selection: null });
    expect(
      convocationSeenByOthers({ statutPresence: 'DISPONIBLE', selectionPublished: 'REMPLACANT' }),
    ).toEqual({ statutPresence: 'DISPONIBLE', selection: 'REMPLACANT' });
  });

  it('enfants: the parent sees all; another reader only children of a team they may read', () => {
    const kids = [
      { id: 20, nom: 'A', prenom: 'Ici', teamIds: [1] },
      { id: 21, nom: 'A', prenom: 'Ailleurs', teamIds: [2] },
    ];
    const ids = (r: Parameters<typeof visibleChildren>[0], member = 5) =>
      visibleChildren(r, member, kids).map((c) => c.id);
    expect(ids(reader('PARENT', { id: 5 }))).toEqual([20, 21]);
    expect(ids(reader('JOUEUR'))).toEqual([20]);
    expect(ids(reader('ENTRAINEUR'))).toEqual([20]);
    expect(ids(reader('ENTRAINEUR', { teamIds: [2] }))).toEqual([21]);
    expect(ids(reader('DIRIGEANT', { teamIds: [] }))).toEqual([20, 21]);
    // the answer carries the reference only, never the child's teams
    expect(visibleChildren(reader('DIRIGEANT'), 5, kids)[0]).toEqual({
      id: 20,
      nom: 'A',
      prenom: 'Ici',
    });
  });

  it('a presence rate never taken reads « non relevée », without training « - »', () => {
    expect(presenceRateText(83, 6)).toBe('83 %');
    expect(presenceRateText(null, 14)).toBe('non relevée');
    expect(presenceRateText(null, 0)).toBe('-');
  });
});
