import { describe, expect, it } from 'vitest';
import {
  STATISTICS_MESSAGES,
  STATISTICS_PERMISSIONS,
  ZStatisticsQuerySchema,
  fairnessAlerts,
  median,
  percent,
  permits,
  seasonFirstYear,
  seasonParam,
  teamResults,
} from './index.ts';

describe('statistics rules', () => {
  it('saison: two years that follow each other, else the French message', () => {
    expect(ZStatisticsQuerySchema.parse({ saison: '2025-2026' })).toEqual({ saison: '2025-2026' });
    expect(ZStatisticsQuerySchema.parse({})).toEqual({});
    for (const saison of ['2026-2025', '2025-2027', '2025', '25-26', '2025/2026', '0000-0001']) {
      const r = ZStatisticsQuerySchema.safeParse({ saison });
      expect(r.success, saison).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(STATISTICS_MESSAGES.seasonInvalid);
    }
    expect(seasonFirstYear('2025-2026')).toBe(2025);
    expect(seasonParam(2025)).toBe('2025-2026');
  });

  it('results and form (oldest first, the last five)', () => {
    const r = teamResults([
      [1, 0],
      [0, 0],
      [0, 3],
      [2, 1],
      [2, 2],
      [4, 1],
    ]);
    expect(r).toEqual({
      joues: 6,
      victoires: 3,
      nuls: 2,
      defaites: 1,
      butsPour: 9,
      butsContre: 7,
      forme: ['N', 'D', 'V', 'N', 'V'],
    });
  });

  it('median, percent and the fairness flag (strictly under half the median)', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(percent(5, 6)).toBe(83);
    expect(percent(1, 0)).toBeNull();
    const { median: m, alerts } = fairnessAlerts([
      { disponibles: 10, selectionne: 8 },
      { disponibles: 10, selectionne: 4 },
      { disponibles: 10, selectionne: 3 },
      { disponibles: 0, selectionne: 0 },
    ]);
    expect(m).toBe(0.4);
    // 0.4 / 2 = 0.2: 0.3 is not under it
    expect(alerts).toEqual([false, false, false, false]);
    expect(
      fairnessAlerts([
        { disponibles: 4, selectionne: 4 },
        { disponibles: 4, selectionne: 4 },
        { disponibles: 4, selectionne: 1 },
      ]).alerts,
    ).toEqual([false, false, true]);
  });

  it('who reads what', () => {
    const team = { teamIds: [7] };
    const coach = { id: 1, role: 'ENTRAINEUR', teamIds: [7] };
    const player = { id: 2, role: 'JOUEUR', teamIds: [7] };
    const parent = { id: 3, role: 'PARENT', teamIds: [], childIds: [2], childTeamIds: [7] };
    const otherCoach = { id: 4, role: 'ENTRAINEUR', teamIds: [8] };
    const leader = { id: 5, role: 'RESPONSABLE', teamIds: [] };
    const t = STATISTICS_PERMISSIONS;
    expect([coach, player, parent, leader].map((s) => permits(t, s, 'read', team))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(permits(t, otherCoach, 'read', team)).toBe(false);
    expect([coach, player, parent, leader].map((s) => permits(t, s, 'readAll', team))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([coach, leader].map((s) => permits(t, s, 'club'))).toEqual([false, true]);
  });
});
