/**
 * `npm run bench` measures every signed-in GET of the contract (bench/lib/read-calls.ts,
 * bench/README.md): each has a way to be filled in from the demo data, and the call it makes is
 * one its declaration accepts. No server, no load: the contract and the fillers only.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, listEndpoints, urlOf } from '@club/contract';
import {
  READ_FILLERS,
  isStream,
  readCalls,
  signedInGets,
  type DemoData,
} from '../../bench/lib/read-calls.ts';

/** Demo data with everything present, as the seeded demo club has it. */
const DEMO: DemoData = {
  clubId: 1,
  team: { id: 3, nom: 'Seniors A', categorie: 'SENIOR', division: 'Régionale 1' },
  memberId: 12,
  paidMemberId: 13,
  eventId: 40,
  matchId: 41,
  announcementId: 5,
  conversationId: 6,
  hasLogo: true,
  nameFragment: 'mar',
  today: '2026-11-27',
  monthFirst: '2026-11-01',
  monthLast: '2026-11-30',
};

/** A declared path (its `:clubId`, `:nomEquipe`…) as a pattern matching the filled path. */
function pathPattern(path: string) {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:([A-Za-z0-9_]+)/g, '(?<$1>[^/?]+)')}(\\?.*)?$`);
}

describe('[perf] the bench reads every signed-in GET of the contract', () => {
  it('every signed-in GET has a filler, and every filler names one', () => {
    const names = signedInGets().map(([name]) => name);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n) => !(n in READ_FILLERS))).toEqual([]);
    expect(Object.keys(READ_FILLERS).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('leaves out exactly the public calls, the writes and the live stream', () => {
    const counted = new Set(signedInGets().map(([n]) => n));
    expect(
      listEndpoints(api)
        .filter(([, e]) => isStream(e))
        .map(([n]) => n),
    ).toEqual(['live.stream']);
    for (const [name, e] of listEndpoints(api))
      expect(counted.has(name), name).toBe(
        e.method === 'GET' && e.access.kind !== 'public' && !isStream(e),
      );
  });

  it('with the demo data, each call is one its declaration accepts (path and query)', () => {
    const declared = new Map(signedInGets());
    const calls = readCalls(DEMO);
    expect(calls.map((c) => c.name)).toEqual([...declared.keys()]);
    for (const call of calls) {
      expect(call.missing, call.name).toBeUndefined();
      const e = declared.get(call.name)!;
      const url = new URL(call.url!, 'http://bench.invalid');
      const match = pathPattern(e.path).exec(`${url.pathname}${url.search}`);
      expect(match, `${call.name}: ${call.url}`).not.toBeNull();
      const params = Object.fromEntries(
        Object.entries(match!.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
      );
      if (e.params) expect((e.params as z.ZodType).safeParse(params).success, call.name).toBe(true);
      const query = Object.fromEntries(url.searchParams);
      if (e.query) {
        const parsed = (e.query as z.ZodType).safeParse(query);
        expect(parsed.success, `${call.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      } else expect(query, call.name).toEqual({});
    }
  });

  it('says what is missing when the demo data lacks a row', () => {
    const calls = readCalls({ ...DEMO, matchId: null, hasLogo: false });
    const byName = new Map(calls.map((c) => [c.name, c]));
    expect(byName.get('matches.get')).toMatchObject({ url: null, missing: 'aucun match' });
    expect(byName.get('clubs.logo')?.url).toBeNull();
    const team = byName.get('members.listTeam')?.url;
    expect(team).toBe(
      urlOf(api.members.listTeam, { params: { clubId: 1, nomEquipe: 'Seniors A' } }),
    );
    expect(team).toMatch(/\/1\/equipe\/Seniors%20A$/);
  });
});
