import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api as endpoints, buildPath, urlOf } from '@club/contract';
import { dismiss, outboxOf, replayOutbox, sendOrQueue } from './offline-outbox.ts';

/**
 * The pitch-side outbox (IndexedDB, here fake-indexeddb): a write without network is kept with its
 * Idempotency-Key, replayed with the same key once the network is back; a 409 is kept and shown,
 * never retried over the other change; each member's writes are theirs.
 */
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const id of [1, 2]) for (const w of await outboxOf(id)) await dismiss(w.id!);
});

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('[offline] outbox', () => {
  it('sends at once when the network answers', async () => {
    const fetch = vi.fn(async () => ok([]));
    vi.stubGlobal('fetch', fetch);
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const result = await sendOrQueue({
      memberId: 1,
      endpoint: endpoints.events.answerPresence,
      params: { id: 7 },
      body: { joueurId: 3, statutPresence: 'DISPONIBLE' },
      label: 'présence',
    });
    expect(result).toEqual({ queued: false, data: [] });
    expect(await outboxOf(1)).toEqual([]);
  });

  it('without network keeps the write, then replays it with the same Idempotency-Key', async () => {
    const seen: { url: string; key: string | null; body: unknown }[] = [];
    let online = false;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (url.startsWith(urlOf(endpoints.auth.csrf))) return ok({});
      if (!online) throw new TypeError('Failed to fetch');
      seen.push({
        url,
        key: new Headers(init.headers).get('idempotency-key'),
        body: JSON.parse(init.body as string),
      });
      return ok([]);
    });
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const result = await sendOrQueue({
      memberId: 1,
      endpoint: endpoints.events.answerPresence,
      params: { id: 7 },
      body: { joueurId: 3, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
      label: 'présence de Léa',
    });
    expect(result).toEqual({ queued: true });
    const [kept] = await outboxOf(1);
    expect(kept).toMatchObject({
      path: buildPath(endpoints.events.answerPresence.path, { id: 7 }),
      method: 'PUT',
      state: 'waiting',
    });
    const key = kept!.headers['Idempotency-Key'];
    expect(key).toMatch(/\S{16,}/);
    // Still offline: nothing sent, kept.
    expect(await replayOutbox(1)).toBe(0);
    expect(await outboxOf(1)).toHaveLength(1);
    // Another member signed in on the device: not theirs to send.
    online = true;
    expect(await replayOutbox(2)).toBe(0);
    expect(seen).toEqual([]);
    expect(await replayOutbox(1)).toBe(1);
    expect(seen).toEqual([
      {
        url: buildPath(endpoints.events.answerPresence.path, { id: 7 }),
        key,
        body: { joueurId: 3, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
      },
    ]);
    expect(await outboxOf(1)).toEqual([]);
  });

  it('a conflict (409) is kept with the server’s message, not retried', async () => {
    let online = false;
    let puts = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.startsWith(urlOf(endpoints.auth.csrf))) return ok({});
      if (!online) throw new TypeError('Failed to fetch');
      puts++;
      return new Response(JSON.stringify({ message: 'Le score a été modifié entre-temps.' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    });
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    await sendOrQueue({
      memberId: 1,
      endpoint: endpoints.matches.score,
      params: { id: 5 },
      body: { scoreDomicile: 2, scoreExterieur: 1, version: 'v1' },
      label: 'score de Seniors – FC Voisin',
    });
    online = true;
    expect(await replayOutbox(1)).toBe(0);
    const [kept] = await outboxOf(1);
    expect(kept).toMatchObject({
      state: 'refused',
      status: 409,
      message: 'Le score a été modifié entre-temps.',
    });
    expect(await replayOutbox(1)).toBe(0);
    expect(puts).toBe(1);
    await dismiss(kept!.id!);
    expect(await outboxOf(1)).toEqual([]);
  });
});
