import { describe, expect, it } from 'vitest';
import {
  CONVOCATION_PERMISSIONS,
  MATCH_SERVER_MESSAGES,
  ZConvocationUpdateSchema,
  ZMatchListQuerySchema,
  ZScoreInputSchema,
  convocationCounts,
  mayAnswerOwnConvocation,
  mayEditScore,
  needsJustification,
  type TMatch,
} from './matches.ts';
import { permits } from './permissions.ts';

const match = (statut: TMatch['statut']) => ({
  statut,
  equipeDomicile: { id: 1, nom: 'Seniors A' },
  equipeExterieur: { id: null, nom: 'FC Adverse' },
});
const coach = { id: 10, role: 'ENTRAINEUR', teamIds: [1] };
const otherCoach = { id: 11, role: 'ENTRAINEUR', teamIds: [2] };
const leader = { id: 12, role: 'RESPONSABLE', teamIds: [] };
const player = { id: 13, role: 'JOUEUR', teamIds: [1] };

describe('[contract] scores (spec §5: integer ≥ 0, empty means null)', () => {
  it('accepts integers and numeric strings, turns empty into null', () => {
    expect(ZScoreInputSchema.parse({ scoreDomicile: 3, scoreExterieur: '0' })).toEqual({
      scoreDomicile: 3,
      scoreExterieur: 0,
    });
    expect(ZScoreInputSchema.parse({ scoreDomicile: '', scoreExterieur: null })).toEqual({
      scoreDomicile: null,
      scoreExterieur: null,
    });
  });
  it.each([
    [-1, MATCH_SERVER_MESSAGES.scoreMin],
    [1.5, MATCH_SERVER_MESSAGES.scoreInteger],
    ['2a', MATCH_SERVER_MESSAGES.scoreInteger],
    [1000, MATCH_SERVER_MESSAGES.scoreMax],
  ])('refuses %s with a French message', (value, message) => {
    const r = ZScoreInputSchema.safeParse({ scoreDomicile: value, scoreExterieur: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('[contract] match rules', () => {
  it('the score is editable only EN_COURS or TERMINE, by a coach of the team or a leader', () => {
    expect(mayEditScore(coach, match('TERMINE'))).toBe(true);
    expect(mayEditScore(coach, match('EN_COURS'))).toBe(true);
    expect(mayEditScore(coach, match('A_VENIR'))).toBe(false);
    expect(mayEditScore(coach, match('ANNULE'))).toBe(false);
    expect(mayEditScore(leader, match('TERMINE'))).toBe(true);
    expect(mayEditScore(otherCoach, match('TERMINE'))).toBe(false);
    expect(mayEditScore(player, match('TERMINE'))).toBe(false);
  });
  it('the status filter is one of the four statuses, any case, empty meaning all', () => {
    expect(ZMatchListQuerySchema.parse({ statut: 'termine' }).statut).toBe('TERMINE');
    expect(ZMatchListQuerySchema.parse({ statut: '' }).statut).toBeUndefined();
    expect(ZMatchListQuerySchema.parse({}).statut).toBeUndefined();
    expect(ZMatchListQuerySchema.safeParse({ statut: 'FINI' }).success).toBe(false);
  });
});

describe('[contract] convocation rules', () => {
  it('a player answers only their own row, a parent their children’s, a coach every row', () => {
    const row = (memberId: number) => ({ memberId, teamIds: [1] });
    expect(permits(CONVOCATION_PERMISSIONS, player, 'answer', row(13))).toBe(true);
    expect(permits(CONVOCATION_PERMISSIONS, player, 'answer', row(14))).toBe(false);
    const parent = { id: 20, role: 'PARENT', teamIds: [], childIds: [14], childTeamIds: [1] };
    expect(permits(CONVOCATION_PERMISSIONS, parent, 'answer', row(14))).toBe(true);
    expect(permits(CONVOCATION_PERMISSIONS, parent, 'answer', row(13))).toBe(false);
    expect(permits(CONVOCATION_PERMISSIONS, coach, 'answer', row(14))).toBe(true);
    expect(permits(CONVOCATION_PERMISSIONS, otherCoach, 'answer', row(14))).toBe(false);
    expect(permits(CONVOCATION_PERMISSIONS, player, 'readJustification', row(14))).toBe(false);
    expect(permits(CONVOCATION_PERMISSIONS, player, 'readJustification', row(13))).toBe(true);
  });
  it('only an ACTIF player answers (normalised comparison of spec §4)', () => {
    expect(mayAnswerOwnConvocation({ statut: 'Actif' })).toBe(true);
    expect(mayAnswerOwnConvocation({ statut: ' (actif) ' })).toBe(true);
    expect(mayAnswerOwnConvocation({ statut: 'Blessé' })).toBe(false);
    expect(mayAnswerOwnConvocation({ statut: 'Suspendu' })).toBe(false);
    expect(mayAnswerOwnConvocation({ statut: 'Inactif' })).toBe(false);
  });
  it('absent needs a non-blank justification; duplicates are refused; counts', () => {
    expect(needsJustification('INDISPONIBLE', '  ')).toBe(true);
    expect(needsJustification('INDISPONIBLE', 'Malade')).toBe(false);
    expect(needsJustification('DISPONIBLE', null)).toBe(false);
    const dup = ZConvocationUpdateSchema.safeParse({
      items: [
        { joueurId: 1, statutPresence: 'DISPONIBLE', justification: null },
        { joueurId: 1, statutPresence: 'INDISPONIBLE', justification: 'x' },
      ],
    });
    expect(dup.success).toBe(false);
    expect(
      convocationCounts([
        { statutPresence: 'DISPONIBLE' },
        { statutPresence: 'INDISPONIBLE' },
        { statutPresence: null },
        { statutPresence: null },
      ]),
    ).toEqual({ presents: 1, absents: 1, horsJeu: 0, sansReponse: 2 });
  });

  it('an injured, ill or suspended player without answer is not awaited (decision 0108)', () => {
    expect(
      convocationCounts([
        { statutPresence: null, statutJoueur: 'Actif' },
        { statutPresence: null, statutJoueur: 'Blessé' },
        { statutPresence: null, statutJoueur: 'Malade' },
        { statutPresence: null, statutJoueur: 'Suspendu' },
        { statutPresence: 'INDISPONIBLE', statutJoueur: 'Blessé' },
        { statutPresence: null },
      ]),
    ).toEqual({ presents: 0, absents: 1, horsJeu: 3, sansReponse: 2 });
    expect(MATCH_SERVER_MESSAGES.notActiveSelected('Lucas', 'Martin', 'blesse')).toBe(
      'Lucas Martin est blessé(e) : il (elle) ne peut pas être sélectionné(e) ni remplaçant(e).',
    );
    expect(MATCH_SERVER_MESSAGES.notActiveSelected('Léa', 'Roux', 'Suspendu')).toMatch(
      /^Léa Roux est suspendu\(e\) :/,
    );
  });
});
