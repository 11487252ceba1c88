import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { buildPath, type EndpointAnswer, type EndpointRoute, type SpecOf } from '@club/contract';
import { HttpError, NetworkError, request } from './http.ts';

/**
 * Writes made without network (pitch-side: a training's attendance, a match's score), kept in
 * IndexedDB and sent again when the network is back, in order, each with the Idempotency-Key it
 * was first sent with: a write that did reach the server before the connection dropped is not
 * applied twice (the server replays its first answer, plugins/idempotency.ts). An answer the
 * server refuses (a 409: someone changed the score meanwhile; a training that has started) is
 * kept and shown, never retried over the other change. Each write belongs to the member who made
 * it and is only sent while that member is signed in.
 */
export interface QueuedWrite {
  id?: number;
  memberId: number;
  method: 'PUT' | 'POST';
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** What the screen calls it ('Présence de Léa Martin — Entraînement du 12/03'). */
  label: string;
  createdAt: number;
  /** waiting: to send; refused: the server said no (its message kept), shown until dismissed. */
  state: 'waiting' | 'refused';
  status?: number;
  message?: string;
}

interface OutboxDb extends DBSchema {
  ecritures: { key: number; value: QueuedWrite; indexes: { membre: number } };
}

const DB_NAME = 'club-manager-hors-ligne';
let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;
function db() {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore('ecritures', { keyPath: 'id', autoIncrement: true });
      store.createIndex('membre', 'memberId');
    },
  });
  return dbPromise;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Called whenever the outbox changes (a write queued, sent or refused). */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

/** Called after writes were sent, so that the screens read the server's state again. */
let afterReplay: (() => void) | null = null;
export function setAfterReplay(callback: (() => void) | null): void {
  afterReplay = callback;
}

export async function outboxOf(memberId: number): Promise<QueuedWrite[]> {
  return (await db()).getAllFromIndex('ecritures', 'membre', memberId);
}

export async function dismiss(id: number): Promise<void> {
  await (await db()).delete('ecritures', id);
  changed();
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export type SendResult<T> = { queued: false; data: T } | { queued: true };

/**
 * Sends a write now, or — with no network — keeps it to send later. The answer says which.
 * Any other failure (a refusal of the server) is thrown as usual.
 */
export async function sendOrQueue<E extends EndpointRoute & { method: 'PUT' | 'POST' }>(opts: {
  memberId: number;
  /** A route of `endpoints` (lib/api.ts): the answer is typed from its declaration. */
  endpoint: E;
  params: Record<string, unknown>;
  body: unknown;
  headers?: Record<string, string>;
  label: string;
}): Promise<SendResult<EndpointAnswer<SpecOf<E>>>> {
  const write: QueuedWrite = {
    memberId: opts.memberId,
    method: opts.endpoint.method,
    path: buildPath(opts.endpoint.path, opts.params),
    body: opts.body,
    headers: { ...opts.headers, 'Idempotency-Key': newKey() },
    label: opts.label,
    createdAt: Date.now(),
    state: 'waiting',
  };
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    try {
      const data = await request<EndpointAnswer<SpecOf<E>>>(write.path, {
        method: write.method,
        body: write.body,
        headers: write.headers,
      });
      return { queued: false, data };
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  await (await db()).add('ecritures', write);
  changed();
  return { queued: true };
}

let replaying: Promise<number> | null = null;

/**
 * Sends the member's waiting writes, oldest first; stops at the first network failure (the rest
 * waits for the next try). Returns how many were sent. One replay at a time.
 */
export function replayOutbox(memberId: number): Promise<number> {
  replaying ??= (async () => {
    let sent = 0;
    try {
      const store = await db();
      const writes = (await store.getAllFromIndex('ecritures', 'membre', memberId))
        .filter((w) => w.state === 'waiting')
        .sort((a, b) => a.createdAt - b.createdAt);
      for (const w of writes) {
        try {
          await request(w.path, { method: w.method, body: w.body, headers: w.headers });
          await store.delete('ecritures', w.id!);
          sent++;
        } catch (err) {
          if (err instanceof NetworkError) break;
          const status = err instanceof HttpError ? err.status : 0;
          const message = err instanceof HttpError ? err.serverMessage : undefined;
          await store.put('ecritures', { ...w, state: 'refused', status, message });
        }
        changed();
      }
    } finally {
      replaying = null;
    }
    if (sent) afterReplay?.();
    return sent;
  })();
  return replaying;
}
