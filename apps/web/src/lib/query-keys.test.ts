import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

describe('[web] query keys', () => {
  it('every key of a group starts with the group root, so invalidating the root reaches it', () => {
    const groups = [
      [queryKeys.members.all, queryKeys.members.club(1, { nom: 'a' })],
      [queryKeys.members.all, queryKeys.members.team(1, 'U17', {})],
      [queryKeys.members.all, queryKeys.members.dashboard(3)],
      [queryKeys.events.all, queryKeys.events.dashboardDay(3)],
      [queryKeys.events.all, queryKeys.events.dashboardUpcoming(3)],
      [queryKeys.teams.all, queryKeys.teams.club(1)],
      [queryKeys.teams.all, queryKeys.teams.byCatDiv('Senior', 'R1', 3)],
      [queryKeys.events.all, queryKeys.events.club(1, { from: '2026-01-01', to: '2026-02-01' })],
      [queryKeys.profile.all, queryKeys.profile.one(3)],
      [queryKeys.club.all, queryKeys.club.one(7)],
      [queryKeys.session.all, queryKeys.session.currentMember],
      [queryKeys.matches.all, queryKeys.matches.team(3, { statut: 'TERMINE' })],
      [queryKeys.matches.all, queryKeys.matches.convocations(9)],
      [queryKeys.events.all, queryKeys.events.presences(100)],
      [queryKeys.notifications.all, queryKeys.notifications.preferences],
      [queryKeys.dashboard.all, queryKeys.dashboard.home],
    ] as const;
    for (const [root, key] of groups) expect(key.slice(0, root.length)).toEqual(root);
  });

  it('invalidating members leaves teams and the session alone', async () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.members.club(1), []);
    qc.setQueryData(queryKeys.teams.club(1), []);
    qc.setQueryData(queryKeys.session.currentMember, null);
    await qc.invalidateQueries({ queryKey: queryKeys.members.all });
    expect(qc.getQueryState(queryKeys.members.club(1))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.teams.club(1))?.isInvalidated).toBe(false);
    expect(qc.getQueryState(queryKeys.session.currentMember)?.isInvalidated).toBe(false);
  });

  it('no filter and the default filter share one cache entry', () => {
    expect(queryKeys.members.club(1)).toEqual(queryKeys.members.club(1, {}));
  });
});
