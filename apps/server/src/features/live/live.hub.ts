import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_LIMITS, liveAudienceIncludes, type TLiveAudience } from '@club/contract';
import type { Actor } from '../../authz/index.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { liveEvents } from '../../db/schema.ts';

/** The channel of the events' trigger (migration 0015_live_events). */
export const LIVE_CHANNEL = 'live_events';
/** The club-data change feed (migration 0014): a club's members, teams or guardians may have changed. */
const CLUB_DATA_CHANNEL = 'club_data';

/** An event as the hub reads it from a notification or the table. */
export interface LiveRow {
  id: number;
  clubId: number;
  type: string;
  audience: TLiveAudience;
  data: unknown;
}

/** One open stream (one browser tab), as the hub drives it. */
export interface LiveStream {
  readonly clubId: number;
  /** The reader's hats, read at the opening and again after changes of the club (refresh). */
  actor: Actor;
  /** The last event id this stream has passed (sent or filtered out): its resume point. */
  cursor: number;
  /** The last id the browser was told (its Last-Event-ID). */
  toldCursor: number;
  /** False while the opening replays from the table: live events wait in `pending`. */
  ready: boolean;
  pending: LiveRow[];
  /** Writes an event, or a bare `id:` / a comment (keep-alive). */
  send(message: { id?: number; event?: string; data?: unknown; retry?: number }): void;
  comment(text: string): void;
  /** Bytes waiting to leave (a stream that does not read is dropped past a bound). */
  backlog(): number;
  /** Ends the response; the browser reconnects with its Last-Event-ID. */
  end(): void;
}

/** A stream whose browser stopped reading: dropped past this many bytes waiting (it resumes). */
const MAX_BACKLOG_BYTES = 512 * 1024;
/** Hats are read again this long after a change of the club's data (a burst of writes, one read). */
const REFRESH_DELAY_MS = 1_000;

export interface LiveHubOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** The reader's session and hats again (null: session over → the stream ends). */
  loadActor: (sessionId: string, memberId: number) => Promise<Actor | null>;
  keepAliveMs: number;
  sessionCheckMs: number;
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/** `{"id":…,"clubId":…,…}` of the trigger, or null for anything else. */
function parseNotification(payload: string | undefined): Partial<LiveRow> | null {
  if (!payload) return null;
  try {
    const row = JSON.parse(payload) as Partial<LiveRow>;
    return Number.isSafeInteger(row.id) && Number.isSafeInteger(row.clubId) ? row : null;
  } catch {
    return null;
  }
}

const toRow = (r: typeof liveEvents.$inferSelect): LiveRow => ({
  id: r.id,
  clubId: r.clubId,
  type: r.type,
  audience: r.audience as TLiveAudience,
  data: r.data,
});

/**
 * The live stream's hub, one per instance (docs/decisions/0120-live-stream.md). It LISTENs on the
 * events' channel (one connection), hands each event of a club to that club's open streams, and
 * each stream passes it on only when the event's audience includes its reader — the rule of the
 * GET that shows what the event names (`liveAudienceIncludes`). A stream opening with a
 * Last-Event-ID first gets, from the table, what it missed. It never holds a transaction: each
 * read is one statement of the owner's handle, filtered by club.
 *
 * While the LISTEN connection is lost nothing is heard, so every stream is ended when it drops
 * and again when it is back: browsers reconnect and resume from the table.
 */
export function createLiveHub(opts: LiveHubOptions) {
  const db = opts.database.db;
  const byClub = new Map<number, Set<LiveStream>>();
  /** Per club, the dispatch in progress (an event read from the table keeps its place). */
  const chains = new Map<number, Promise<void>>();
  let listening = false;
  let stopped = false;
  const stops: (() => Promise<void>)[] = [];
  const timers: NodeJS.Timeout[] = [];
  const dirtyClubs = new Set<number | 'all'>();
  let refreshTimer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | null = null;

  function streams(): LiveStream[] {
    return [...byClub.values()].flatMap((set) => [...set]);
  }

  function endAll(reason: string) {
    const all = streams();
    if (all.length) opts.log.info({ streams: all.length }, `flux en direct fermés : ${reason}`);
    for (const s of all) s.end();
  }

  /** Passes one event to one stream (in id order; each once). */
  function deliver(stream: LiveStream, row: LiveRow) {
    if (row.id <= stream.cursor) return;
    stream.cursor = row.id;
    if (!liveAudienceIncludes(row.audience, stream.actor)) return;
    stream.send({ id: row.id, event: row.type, data: row.data });
    stream.toldCursor = row.id;
    if (stream.backlog() > MAX_BACKLOG_BYTES) stream.end();
  }

  function dispatch(row: LiveRow) {
    const set = byClub.get(row.clubId);
    if (!set) return;
    for (const stream of set) {
      if (stream.ready) deliver(stream, row);
      else stream.pending.push(row);
    }
  }

  async function readRow(id: number, clubId: number): Promise<LiveRow | null> {
    const [r] = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.clubId, clubId), eq(liveEvents.id, id)))
      .limit(1);
    return r ? toRow(r) : null;
  }

  function onNotify(payload: string | undefined) {
    const note = parseNotification(payload);
    if (!note) return;
    const clubId = note.clubId!;
    if (!byClub.has(clubId)) return;
    const complete = note.type !== undefined && note.audience !== undefined;
    const previous = chains.get(clubId);
    if (complete && !previous) {
      dispatch(note as LiveRow);
      return;
    }
    // An event too large for a notification is read from the table; the club's next events wait
    // for it, so that every stream still sees the club's events in order.
    const next = (previous ?? Promise.resolve())
      .then(async () => {
        const row = complete ? (note as LiveRow) : await readRow(note.id!, clubId);
        if (row) dispatch(row);
      })
      .catch((err: unknown) => {
        opts.log.warn({ err }, 'événement du flux en direct illisible : flux du club fermés');
        for (const s of byClub.get(clubId) ?? []) s.end();
      })
      .finally(() => {
        if (chains.get(clubId) === next) chains.delete(clubId);
      });
    chains.set(clubId, next);
  }

  /** Reads again the hats of the streams of the changed clubs (and ends those whose session is over). */
  async function refreshActors() {
    const clubs = new Set(dirtyClubs);
    dirtyClubs.clear();
    const targets = clubs.has('all')
      ? streams()
      : [...clubs].flatMap((c) => [...(byClub.get(c as number) ?? [])]);
    for (const stream of targets) {
      if (stopped) return;
      try {
        const actor = await opts.loadActor(stream.actor.sessionId, stream.actor.id);
        if (!actor || actor.clubId !== stream.clubId) stream.end();
        else stream.actor = actor;
      } catch (err) {
        opts.log.warn({ err }, 'relecture du membre d’un flux en direct impossible : flux fermé');
        stream.end();
      }
    }
  }

  function scheduleRefresh(club: number | 'all') {
    if (club !== 'all' && !byClub.has(club)) return;
    dirtyClubs.add(club);
    if (refreshTimer || refreshing) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      refreshing = refreshActors().finally(() => {
        refreshing = null;
        if (dirtyClubs.size && !stopped) scheduleRefresh([...dirtyClubs][0]!);
      });
    }, REFRESH_DELAY_MS);
    refreshTimer.unref();
  }

  /**
   * Who has a stream open, for the other instances too (`live_presence`): a member reading live
   * gets no Web Push for a new message. One statement per keep-alive for every open stream.
   */
  async function markPresent(list: LiveStream[]) {
    const byMember = new Map(list.map((s) => [s.actor.id, s.clubId]));
    if (!byMember.size || stopped) return;
    const ids = [...byMember.keys()];
    const clubIds = ids.map((id) => byMember.get(id)!);
    await db
      .execute(
        sql`insert into live_presence (member_id, club_id, seen_at)
          select * from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[],
                               ${sql.raw(`array[${clubIds.join(',')}]`)}::int[]), now()
          on conflict (member_id) do update set seen_at = now(), club_id = excluded.club_id`,
      )
      .catch((err: unknown) => opts.log.warn({ err }, 'présence du flux en direct non notée'));
  }

  function keepAlive() {
    void markPresent(streams().filter((s) => s.ready));
    for (const stream of streams()) {
      if (!stream.ready) continue;
      // The browser's Last-Event-ID moves on with the events it did not receive, so that a
      // reader of a quiet club does not fall behind the replay window.
      if (stream.cursor > stream.toldCursor) {
        stream.send({ id: stream.cursor });
        stream.toldCursor = stream.cursor;
      }
      stream.comment('ok');
    }
  }

  /**
   * Where the kept events begin (every event of id ≥ horizon is still in the table: the retention
   * job deletes a prefix of ids) and the last id drawn.
   */
  async function window(tx: DbOrTx): Promise<{ horizon: number; last: number }> {
    const r = await tx.execute(sql`
      select coalesce((select min(id) from live_events), s.next) as horizon, s.next - 1 as last
      from (select case when is_called then last_value + 1 else last_value end as next
            from live_events_id_seq) s`);
    const row = r.rows[0] as { horizon: string | number; last: string | number };
    return { horizon: Number(row.horizon), last: Number(row.last) };
  }

  /** The club's last event, or just before the horizon when the club has none kept. */
  async function head(clubId: number): Promise<number> {
    const r = await db.execute(
      sql`select max(id) as head from live_events where club_id = ${clubId}`,
    );
    const h = (r.rows[0] as { head: string | number | null }).head;
    return h !== null ? Number(h) : (await window(db)).horizon - 1;
  }

  return {
    /** LISTEN on the events and on the club data (for the readers' hats); timers. */
    async start() {
      stops.push(
        await opts.database.listen(LIVE_CHANNEL, onNotify, (state) => {
          if (state !== listening) {
            listening = state;
            // Missed or about to be missed: every stream resumes from the table.
            endAll(state ? 'écoute rétablie' : 'écoute perdue');
          }
        }),
      );
      stops.push(
        await opts.database.listen(
          CLUB_DATA_CHANNEL,
          (payload) => {
            const id = Number(payload);
            scheduleRefresh(payload && Number.isSafeInteger(id) ? id : 'all');
          },
          () => {},
        ),
      );
      timers.push(setInterval(keepAlive, opts.keepAliveMs).unref());
      timers.push(setInterval(() => scheduleRefresh('all'), opts.sessionCheckMs).unref());
    },

    /** Ends every stream and stops listening (the server is closing). */
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      clearTimeout(refreshTimer);
      endAll('arrêt du serveur');
      await Promise.all(stops.map((s) => s()));
      await refreshing;
    },

    get listening() {
      return listening;
    },

    /** Open streams (all, or of one club). */
    count(clubId?: number): number {
      return clubId === undefined ? streams().length : (byClub.get(clubId)?.size ?? 0);
    },

    /** Open streams of one member (a bound per session). */
    countOf(clubId: number, memberId: number): number {
      return [...(byClub.get(clubId) ?? [])].filter((s) => s.actor.id === memberId).length;
    },

    /**
     * Opens a stream: registered first (live events wait), then `connecte`, and with a
     * Last-Event-ID what was missed since (or `resynchroniser` when it is no longer all kept),
     * then the waiting live events in order.
     */
    async open(stream: LiveStream, lastEventId: number | null): Promise<void> {
      let set = byClub.get(stream.clubId);
      if (!set) byClub.set(stream.clubId, (set = new Set()));
      set.add(stream);
      let replay: LiveRow[] = [];
      let resync = false;
      const kept = lastEventId === null ? null : await window(db);
      if (lastEventId === null) {
        stream.cursor = await head(stream.clubId);
      } else if (lastEventId < kept!.horizon - 1 || lastEventId > kept!.last) {
        // Missed events are gone, or the id is none of this database's (a restored backup).
        resync = true;
        stream.cursor = await head(stream.clubId);
      } else {
        const rows = await db
          .select()
          .from(liveEvents)
          .where(and(eq(liveEvents.clubId, stream.clubId), gt(liveEvents.id, lastEventId)))
          .orderBy(asc(liveEvents.id))
          .limit(LIVE_LIMITS.replayMax + 1);
        if (rows.length > LIVE_LIMITS.replayMax) {
          resync = true;
          stream.cursor = await head(stream.clubId);
        } else {
          replay = rows.map(toRow);
          stream.cursor = lastEventId;
        }
      }
      if (!set.has(stream)) return; // closed meanwhile
      stream.send({ id: stream.cursor, event: 'connecte', data: {}, retry: LIVE_LIMITS.retryMs });
      stream.toldCursor = stream.cursor;
      if (resync) stream.send({ event: 'resynchroniser', data: {} });
      for (const row of replay) deliver(stream, row);
      stream.ready = true;
      void markPresent([stream]);
      const pending = stream.pending.splice(0);
      for (const row of pending) deliver(stream, row);
    },

    /** A closed stream lets go of everything it held. */
    close(stream: LiveStream) {
      const set = byClub.get(stream.clubId);
      if (!set) return;
      set.delete(stream);
      stream.pending.length = 0;
      if (!set.size) byClub.delete(stream.clubId);
    },
  };
}
