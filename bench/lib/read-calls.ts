/**
 * The signed-in reads of `npm run bench` (bench/README.md), derived from the contract: every GET
 * of packages/contract whose access is not public gets a row, its path parameters and required
 * query filled from the demo club's data (`DemoData`, read through the API by bench/run-all.mjs).
 * A new signed-in GET without an entry in `READ_FILLERS` fails the tooling test
 * (scripts/bench-reads/read-calls.test.ts), so a new route cannot be left out of the bench.
 */
import { api, buildPath, listEndpoints, type EndpointSpec } from '@club/contract';

/** What the bench reads of the demo club before the load (bench/run-all.mjs). */
export interface DemoData {
  clubId: number;
  /** A team of the club, the seniors' when there is one. */
  team: { id: number; nom: string; categorie: string; division: string };
  /** A player of that team. */
  memberId: number;
  /** One of the team's events (a training when there is one). */
  eventId: number | null;
  /** One of the team's matches. */
  matchId: number | null;
  /** One of the club's announcements. */
  announcementId: number | null;
  /** One of the leader's conversations. */
  conversationId: number | null;
  /** The club has a logo (its logo route answers 404 otherwise). */
  hasLogo: boolean;
  /** A member with a payment this season (the receipt), null without one. */
  paidMemberId: number | null;
  /** A few letters of a member's name, for the searches. */
  nameFragment: string;
  /** Today and the current month (yyyy-mm-dd). */
  today: string;
  monthFirst: string;
  monthLast: string;
}

/** How a call is filled: its path parameters and query; `null` with a reason when the demo lacks it. */
export interface Fill {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** What the row's title adds (e.g. « un mois »). */
  note?: string;
}
export type Filler = (d: DemoData) => Fill | { missing: string };

const missing = (what: string) => ({ missing: what });

/** One entry per signed-in GET of the contract, by its name ('members.listTeam'). */
export const READ_FILLERS: Record<string, Filler> = {
  'auth.exportData': () => ({ note: 'données du compte' }),
  'clubs.get': (d) => ({ params: { id: d.clubId } }),
  'clubs.logo': (d) =>
    d.hasLogo ? { params: { id: d.clubId } } : missing('le club de démo n’a pas de logo'),
  'teams.byCategoryDivision': (d) => ({
    query: { categorie: d.team.categorie, division: d.team.division },
  }),
  'teams.listClub': (d) => ({ params: { clubId: d.clubId } }),
  'teams.summaries': (d) => ({ params: { clubId: d.clubId } }),
  'teams.get': (d) => ({ params: { id: d.team.id } }),
  'members.listClub': (d) => ({ params: { clubId: d.clubId } }),
  'members.searchClub': (d) => ({ params: { clubId: d.clubId }, query: { nom: d.nameFragment } }),
  'members.searchTeam': (d) => ({
    query: { clubId: d.clubId, nomEquipe: d.team.nom, nom: d.nameFragment },
  }),
  'members.listTeam': (d) => ({ params: { clubId: d.clubId, nomEquipe: d.team.nom } }),
  'members.get': (d) => ({ params: { id: d.memberId } }),
  'members.export': (d) => ({ params: { clubId: d.clubId }, note: 'CSV' }),
  'events.listClub': (d) => ({
    params: { clubId: d.clubId },
    query: { from: d.monthFirst, to: d.monthLast },
    note: 'un mois',
  }),
  'events.get': (d) => (d.eventId ? { params: { id: d.eventId } } : missing('aucun événement')),
  'events.presences': (d) =>
    d.eventId ? { params: { id: d.eventId } } : missing('aucun événement'),
  'matches.listTeam': (d) => ({ params: { id: d.team.id } }),
  'matches.get': (d) => (d.matchId ? { params: { id: d.matchId } } : missing('aucun match')),
  'matches.convocations': (d) =>
    d.matchId ? { params: { id: d.matchId } } : missing('aucun match'),
  'dashboard.infos': () => ({}),
  'dashboard.events': (d) => ({ params: { id: d.team.id }, query: { date: d.today } }),
  'dashboard.members': (d) => ({ params: { id: d.team.id } }),
  'dashboard.home': () => ({ note: 'accueil' }),
  'calendarFeeds.state': () => ({}),
  'notifications.preferences': () => ({}),
  'announcements.list': () => ({}),
  'announcements.receipts': (d) =>
    d.announcementId ? { params: { id: d.announcementId } } : missing('aucune annonce'),
  'push.key': () => ({}),
  'carpool.list': (d) => (d.matchId ? { params: { id: d.matchId } } : missing('aucun match')),
  'statistics.team': (d) => ({ params: { teamId: d.team.id } }),
  'statistics.teamExport': (d) => ({ params: { teamId: d.team.id }, note: 'CSV' }),
  'statistics.club': (d) => ({ params: { clubId: d.clubId } }),
  'fees.tariffs': (d) => ({ params: { id: d.clubId } }),
  'fees.list': () => ({}),
  'fees.own': () => ({}),
  'fees.receipt': (d) =>
    d.paidMemberId
      ? { params: { membreId: d.paidMemberId }, note: 'PDF' }
      : missing('aucun paiement cette saison'),
  'fees.export': () => ({ note: 'CSV' }),
  'conversations.list': () => ({}),
  'conversations.messages': (d) =>
    d.conversationId ? { params: { id: d.conversationId } } : missing('aucune conversation'),
  'matchSheet.sheet': (d) => (d.matchId ? { params: { id: d.matchId } } : missing('aucun match')),
  'matchSheet.live': (d) => (d.matchId ? { params: { id: d.matchId } } : missing('aucun match')),
  'duties.list': (d) => (d.eventId ? { params: { id: d.eventId } } : missing('aucun événement')),
  'duties.templates': (d) => ({ params: { id: d.team.id } }),
  'duties.tally': (d) => ({ query: { equipeId: d.team.id } }),
  'duties.tallyExport': (d) => ({ query: { equipeId: d.team.id }, note: 'CSV' }),
};

/** An endless answer (the live stream, Server-Sent Events): measured by its own bench, not read. */
export const isStream = (e: EndpointSpec) =>
  Object.values(e.responses).some((a) => !!a && 'file' in a && a.file === 'text/event-stream');

/** Every GET of the contract that needs a signed-in member and answers once, by name. */
export function signedInGets(): [string, EndpointSpec][] {
  return listEndpoints(api).filter(
    ([, e]) => e.method === 'GET' && e.access.kind !== 'public' && !isStream(e),
  );
}

export interface ReadCall {
  name: string;
  /** The route's key, `routeKey(api.members.listTeam)` (+ the note). */
  title: string;
  /** The URL path with its query, or null when the demo data lacks what it needs. */
  url: string | null;
  missing?: string;
}

/** The bench's signed-in reads for that demo data, in the contract's order. */
export function readCalls(d: DemoData): ReadCall[] {
  return signedInGets().map(([name, e]) => {
    const filler = READ_FILLERS[name];
    const title = `GET ${e.path}`;
    if (!filler) return { name, title, url: null, missing: 'pas de remplissage (read-calls.ts)' };
    const fill = filler(d);
    if ('missing' in fill) return { name, title, url: null, missing: fill.missing };
    const query = new URLSearchParams(
      Object.entries(fill.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return {
      name,
      title: fill.note ? `${title} (${fill.note})` : title,
      url: `${buildPath(e.path, fill.params)}${query ? `?${query}` : ''}`,
    };
  });
}
