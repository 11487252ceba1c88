import { describe, expect, it } from 'vitest';
import { hatsFromRole, memberSubject, principalRole } from './hats.ts';
import { editableMemberFields } from './member-rules.ts';
import { EVENT_PERMISSIONS } from './event-rules.ts';
import { CONVOCATION_PERMISSIONS } from './match-rules.ts';
import { hatsOf, isStaffFor, mayEver, permits, readableTeams } from './permissions.ts';
import { hiddenMemberFields, mayFilterOnPrivateFields, memberReaderRelation } from './privacy.ts';

const U11 = 1;
const U13 = 2;
const VETERANS = 3;
const TODAY = '2026-12-07';

/** The U11 coach who plays with the veterans and is the father of a U13 player (id 50). */
const fatherCoach = memberSubject({
  id: 7,
  role: 'ENTRAINEUR',
  roleClub: null,
  equipes: [
    { id: U11, role: 'ENTRAINEUR' },
    { id: VETERANS, role: 'JOUEUR' },
  ],
  enfants: [{ id: 50, equipes: [{ id: U13 }] }],
});

describe('[contract] hats: the principal hat (the spec’s role)', () => {
  it('is the club role, else the strongest team role, else the declared role, else PARENT for a guardian', () => {
    const hats = (over: Partial<Parameters<typeof principalRole>[0]> = {}) => ({
      roleClub: null,
      equipes: [],
      hasChildren: false,
      ...over,
    });
    expect(
      principalRole(hats({ roleClub: 'RESPONSABLE', equipes: [{ id: 1, role: 'ENTRAINEUR' }] })),
    ).toBe('RESPONSABLE');
    expect(
      principalRole(
        hats({
          equipes: [
            { id: 1, role: 'JOUEUR' },
            { id: 2, role: 'ENTRAINEUR' },
          ],
        }),
      ),
    ).toBe('ENTRAINEUR');
    expect(principalRole(hats({ equipes: [{ id: 1, role: 'PARENT' }], hasChildren: true }))).toBe(
      'PARENT',
    );
    expect(principalRole(hats({ hasChildren: true }), 'JOUEUR')).toBe('JOUEUR');
    expect(principalRole(hats({ hasChildren: true }), 'DIRIGEANT')).toBe('PARENT');
    expect(principalRole(hats())).toBe('JOUEUR');
  });

  it('the spec’s single role as hats: a leader role is the club role, a team role every team’s', () => {
    expect(hatsFromRole('dirigeant', [1, 2])).toEqual({
      roleClub: 'DIRIGEANT',
      equipes: [
        { id: 1, role: null },
        { id: 2, role: null },
      ],
    });
    expect(hatsFromRole('ENTRAINEUR', [1])).toEqual({
      roleClub: null,
      equipes: [{ id: 1, role: 'ENTRAINEUR' }],
    });
  });
});

describe('[contract] hats: permissions are the union of the hats', () => {
  it('one hat per role held, with that role’s teams', () => {
    expect(hatsOf(fatherCoach).map((h) => [h.role, h.subject.teamIds])).toEqual([
      ['ENTRAINEUR', [U11]],
      ['JOUEUR', [VETERANS]],
      ['PARENT', []],
    ]);
    // Without team roles: the spec's single role over every team (today's reading).
    expect(
      hatsOf({ id: 1, role: 'ENTRAINEUR', teamIds: [U11, U13] }).map((h) => h.subject.teamIds),
    ).toEqual([[U11, U13]]);
  });

  it('the father-coach writes his U11’s events, not the veterans’ nor U13’s; reads all three', () => {
    expect(permits(EVENT_PERMISSIONS, fatherCoach, 'create', { teamIds: [U11] })).toBe(true);
    expect(permits(EVENT_PERMISSIONS, fatherCoach, 'create', { teamIds: [VETERANS] })).toBe(false);
    expect(permits(EVENT_PERMISSIONS, fatherCoach, 'create', { teamIds: [U11, VETERANS] })).toBe(
      false,
    );
    for (const team of [U11, U13, VETERANS])
      expect(permits(EVENT_PERMISSIONS, fatherCoach, 'read', { teamIds: [team] })).toBe(true);
    expect(readableTeams(EVENT_PERMISSIONS, fatherCoach, 'read')).toEqual({
      teamIds: [U11, VETERANS, U13],
      withoutTeam: true,
    });
    expect(mayEver(EVENT_PERMISSIONS, fatherCoach, 'create')).toBe(true);
  });

  it('answers his son’s convocation, his own as a player, every row of U11; staff of U11 only', () => {
    const row = (memberId: number, teamIds: number[]) => ({ memberId, teamIds });
    expect(permits(CONVOCATION_PERMISSIONS, fatherCoach, 'answer', row(50, [U13]))).toBe(true);
    expect(permits(CONVOCATION_PERMISSIONS, fatherCoach, 'answer', row(51, [U13]))).toBe(false);
    expect(permits(CONVOCATION_PERMISSIONS, fatherCoach, 'answer', row(7, [VETERANS]))).toBe(true);
    expect(permits(CONVOCATION_PERMISSIONS, fatherCoach, 'answer', row(8, [VETERANS]))).toBe(false);
    expect(permits(CONVOCATION_PERMISSIONS, fatherCoach, 'answer', row(60, [U11]))).toBe(true);
    expect(isStaffFor(fatherCoach, [U11])).toBe(true);
    expect(isStaffFor(fatherCoach, [VETERANS])).toBe(false);
  });

  it('edits the numero, poste and statut of U11’s players (decision 0108), not of his teammates; his own row as a player may', () => {
    const party = (id: number, teamId: number, role: 'JOUEUR' | 'ENTRAINEUR') => ({
      id,
      role,
      teamIds: [teamId],
      roleClub: null,
      teamRoles: [{ id: teamId, role }],
    });
    expect([...editableMemberFields(fatherCoach, party(60, U11, 'JOUEUR'))].sort()).toEqual([
      'numero',
      'poste',
      'statut',
    ]);
    expect(editableMemberFields(fatherCoach, party(61, VETERANS, 'JOUEUR')).size).toBe(0);
    const own = editableMemberFields(fatherCoach, {
      id: 7,
      role: 'ENTRAINEUR',
      teamIds: [U11, VETERANS],
      roleClub: null,
      teamRoles: [
        { id: U11, role: 'ENTRAINEUR' },
        { id: VETERANS, role: 'JOUEUR' },
      ],
    });
    expect(own.has('numeroLicence')).toBe(true);
    expect(own.has('numero')).toBe(false);
    expect(own.has('role')).toBe(false);
  });
});

describe('[contract] hats: privacy follows the hats', () => {
  const member = (id: number, teamId: number, birth: string) => ({
    id,
    role: 'JOUEUR',
    teamIds: [teamId],
    teamRoles: [{ id: teamId, role: 'JOUEUR' as const }],
    dateDeNaissance: birth,
    partageCoordonnees: false,
  });
  it('the coach of U11 sees U11’s private fields; of the veterans what a teammate sees; his son’s all', () => {
    expect(memberReaderRelation(fatherCoach, member(60, U11, '2016-01-01'))).toBe('coach');
    expect(memberReaderRelation(fatherCoach, member(61, VETERANS, '1980-01-01'))).toBe('teammate');
    expect(memberReaderRelation(fatherCoach, member(50, U13, '2014-01-01'))).toBe('guardian');
    expect(hiddenMemberFields(fatherCoach, member(61, VETERANS, '1980-01-01'), TODAY)).toContain(
      'dateDeNaissance',
    );
    expect(mayFilterOnPrivateFields(fatherCoach, U11)).toBe(true);
    expect(mayFilterOnPrivateFields(fatherCoach, VETERANS)).toBe(false);
  });

  it('a coach’s contact details reach the families of the teams they coach, not their teammates', () => {
    const coach = {
      id: 7,
      role: 'ENTRAINEUR',
      teamIds: [U11, VETERANS],
      teamRoles: [
        { id: U11, role: 'ENTRAINEUR' as const },
        { id: VETERANS, role: 'JOUEUR' as const },
      ],
      dateDeNaissance: '1980-01-01',
      partageCoordonnees: false,
    };
    const u11Parent = memberSubject({
      id: 70,
      role: 'PARENT',
      enfants: [{ id: 60, equipes: [{ id: U11 }] }],
    });
    const teammate = memberSubject({
      id: 71,
      role: 'JOUEUR',
      roleClub: null,
      equipes: [{ id: VETERANS, role: 'JOUEUR' }],
    });
    expect(hiddenMemberFields(u11Parent, coach, TODAY)).not.toContain('email');
    expect(hiddenMemberFields(teammate, coach, TODAY)).toContain('email');
  });
});
