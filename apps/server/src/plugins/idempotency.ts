import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { HEADER_IDEMPOTENCY_KEY, SERVER_MESSAGES } from '@club/contract';
import { HttpError } from '../lib/http-error.ts';

/**
 * Idempotency keys on the writes of the signed-in scope (decision 0027).
 *
 * A client sends `Idempotency-Key: <its own unique string>` on a POST, PUT, PATCH or DELETE. The
 * first request with that key reserves it (a row of idempotency_keys, per club and member); its
 * answer (2xx or 4xx) is stored when it is sent, and every later request with the same key and the
 * same method, address and body gets that stored answer again (header `Idempotent-Replayed: true`)
 * without running the route: no duplicate. The same key with another request answers 422; a retry
 * while the first request still runs answers 409 (Retry-After: 1). A 5xx answer (the database
 * down, for instance) frees the key so the retry runs the write. Keys expire after 24 h.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = HEADER_IDEMPOTENCY_KEY.toLowerCase();
/** Printable ASCII without spaces, as UUIDs and the IETF draft's examples are. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/**
 * How long a reservation whose request never finished (process killed) blocks a retry. A request
 * that failed in this process frees its key at once, even when the database could not be told.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;
const PURGE_EVERY_MS = 10 * 60_000;

interface Reservation {
  clubId: number;
  memberId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Reservation | null;
  }
}

const slot = (r: Reservation) => `${r.clubId}:${r.memberId}:${r.key}`;

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Registers the hooks in the signed-in scope (after authentication and body validation). */
export function registerIdempotency(app: FastifyInstance): void {
  /** Keys whose request failed in this process while the database could not record it. */
  const abandoned = new Set<string>();
  let lastPurge = 0;

  const purgeExpired = (db: FastifyRequest['db']) => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    db.execute(sql`delete from idempotency_keys where expires_at < now()`).catch(() => {
      lastPurge = 0;
    });
  };

  if (!app.hasRequestDecorator('idempotency')) app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const header = request.headers[HEADER];
    if (header === undefined) return;
    // A file upload's body is a stream the hash cannot see: the key is not honoured there.
    if (request.isMultipart?.()) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header))
      throw new HttpError(400, SERVER_MESSAGES.idempotencyKeyInvalid);
    const actor = request.actor;
    const reservation: Reservation = { clubId: actor.clubId, memberId: actor.id, key: header };
    const hash = requestHash(request);
    purgeExpired(request.db);

    const takeOverAbandoned = abandoned.delete(slot(reservation));
    const reserve = request.db.execute(sql`
        insert into idempotency_keys
          (club_id, member_id, key, request_hash, locked_until, expires_at)
        values (${reservation.clubId}, ${reservation.memberId}, ${header}, ${hash},
          now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}),
          now() + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS}))
        on conflict (club_id, member_id, key) do update set
          request_hash = excluded.request_hash, status_code = null, content_type = null,
          response_body = null, locked_until = excluded.locked_until,
          expires_at = excluded.expires_at, created_at = now()
        where idempotency_keys.expires_at < now()
           or (idempotency_keys.status_code is null
               and (idempotency_keys.locked_until < now() or ${takeOverAbandoned}))
        returning 1 as reserved`);
    let reserved: Record<string, unknown>[];
    try {
      reserved = rowsOf(await reserve);
    } catch (err) {
      // The reservation may have been stored with its answer lost (the connection died): no write
      // ran under it, so this process lets the retry take the key over.
      abandoned.add(slot(reservation));
      throw err;
    }
    if (reserved.length) {
      request.idempotency = reservation;
      return;
    }
    const [existing] = rowsOf(
      await request.db.execute(sql`
        select request_hash, status_code, content_type, response_body from idempotency_keys
        where club_id = ${reservation.clubId} and member_id = ${reservation.memberId}
          and key = ${header}`),
    );
    // Gone between the two statements (expired and purged): the client may simply retry.
    if (!existing || existing.status_code === null || existing.status_code === undefined)
      throw new HttpError(409, SERVER_MESSAGES.idempotencyInProgress, undefined, {
        'retry-after': '1',
      });
    if (existing.request_hash !== hash)
      throw new HttpError(422, SERVER_MESSAGES.idempotencyKeyReused);
    reply.header('idempotent-replayed', 'true').code(Number(existing.status_code));
    if (existing.content_type) reply.type(String(existing.content_type));
    return reply.send(existing.response_body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const reservation = request.idempotency;
    if (!reservation) return payload;
    request.idempotency = null;
    const storable =
      reply.statusCode < 500 && (typeof payload === 'string' || payload === null || payload === '');
    try {
      if (storable) {
        const contentType = reply.getHeader('content-type');
        await request.db.execute(sql`
          update idempotency_keys set status_code = ${reply.statusCode},
            content_type = ${contentType === undefined ? null : String(contentType)},
            response_body = ${(payload as string | null) ?? ''}
          where club_id = ${reservation.clubId} and member_id = ${reservation.memberId}
            and key = ${reservation.key} and status_code is null`);
      } else {
        await request.db.execute(sql`
          delete from idempotency_keys
          where club_id = ${reservation.clubId} and member_id = ${reservation.memberId}
            and key = ${reservation.key} and status_code is null`);
      }
    } catch (err) {
      // The answer still goes out. A failed write's key is freed in memory so that its retry runs
      // at once; a successful write's answer reached the client, which has no reason to retry.
      request.log.warn({ err }, 'clé d’idempotence non enregistrée');
      if (!storable) {
        if (abandoned.size > 10_000) abandoned.clear();
        abandoned.add(slot(reservation));
      }
    }
    return payload;
  });
}
