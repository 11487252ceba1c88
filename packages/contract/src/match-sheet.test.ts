import { describe, expect, it } from 'vitest';
import {
  actionTypesFor,
  minutesPlayed,
  playingTimeAlerts,
  playingTimeOf,
  scoreFromActions,
  type PlayingTimeMatch,
} from './match-sheet.ts';

describe('live score from the actions (decision 0126)', () => {
  it('rugby 5/2/3/3 and the opponent’s points', () => {
    expect(
      scoreFromActions([
        { type: 'ESSAI' },
        { type: 'TRANSFORMATION' },
        { type: 'PENALITE' },
        { type: 'DROP' },
        { type: 'POINTS_ADVERSAIRE', points: 7 },
        { type: 'CARTON_JAUNE' },
      ]),
    ).toEqual({ equipe: 13, adversaire: 7 });
  });
  it('basketball 1/2/3, football goals', () => {
    expect(
      scoreFromActions([{ type: 'PANIER_1' }, { type: 'PANIER_2' }, { type: 'PANIER_3' }]),
    ).toEqual({ equipe: 6, adversaire: 0 });
    expect(scoreFromActions([{ type: 'BUT' }, { type: 'BUT_ADVERSAIRE' }])).toEqual({
      equipe: 1,
      adversaire: 1,
    });
  });
  it('each sport has its list; an unknown sport gets football’s', () => {
    expect(actionTypesFor('Rugby')).toContain('ESSAI');
    expect(actionTypesFor('Rugby')).not.toContain('BUT');
    expect(actionTypesFor('Basketball')).toContain('POINTS_ADVERSAIRE');
    expect(actionTypesFor('Curling')).toEqual(actionTypesFor('Football'));
  });
});

describe('minutes played (decision 0128)', () => {
  const match: PlayingTimeMatch = {
    duree: 90,
    joueurs: [
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ],
    disponibles: [5],
    actions: [
      [60, 'SORTIE', 2],
      [75, 'ENTREE', 3],
      [80, 'CARTON_ROUGE', 1],
      [85, 'ENTREE', 1], // a sent-off player does not come back
      [70, 'BUT', 3],
      [70, 'PASSE_DECISIVE', 1],
      [30, 'CARTON_JAUNE', 1],
      [50, 'BUT_ADVERSAIRE', null],
    ],
  };
  it('starters from 0, substitutes from their entry, a red card ends the match', () => {
    expect(Object.fromEntries(minutesPlayed(match))).toEqual({ 1: 80, 2: 60, 3: 15, 4: 0 });
  });
  it('a substitution both ways and minutes past the end are clamped', () => {
    const m = minutesPlayed({
      duree: 60,
      joueurs: [
        [1, true],
        [2, false],
      ],
      actions: [
        [20, 'SORTIE', 1],
        [20, 'ENTREE', 2],
        [40, 'SORTIE', 2],
        [40, 'ENTREE', 1],
        [95, 'SORTIE', 1],
      ],
    });
    expect(Object.fromEntries(m)).toEqual({ 1: 40, 2: 20 });
  });
  it('season figures: goals, assists, cards, possible minutes of the available', () => {
    const t = playingTimeOf([match]);
    expect(t.get(1)).toEqual({ minutes: 80, possibles: 90, buts: 0, passes: 1, cartons: 2 });
    expect(t.get(3)).toEqual({ minutes: 15, possibles: 90, buts: 1, passes: 0, cartons: 0 });
    expect(t.get(5)).toEqual({ minutes: 0, possibles: 90, buts: 0, passes: 0, cartons: 0 });
  });
  it('the alert: a share under half the team’s median', () => {
    expect(playingTimeAlerts([0.9, 0.66, 0.3, null])).toEqual({
      median: 0.66,
      alerts: [false, false, true, false],
    });
  });
});
