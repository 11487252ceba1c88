import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import requestLog from './request-log.ts';

async function appWith(opts: { sample: number; slowMs: number }) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(requestLog, opts);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines: () => lines.filter((l) => l.msg === 'requête traitée') };
}

describe('[perf] request log', () => {
  it('logs no ordinary request at sample 0, but every server error, without cookies', async () => {
    const { app, lines } = await appWith({ sample: 0, slowMs: 60_000 });
    for (let i = 0; i < 20; i++) await app.inject({ url: '/ok', headers: { cookie: 'a=secret' } });
    await app.inject({ url: '/boom?x=1' });
    expect(lines()).toEqual([
      expect.objectContaining({ level: 50, method: 'GET', url: '/boom', status: 500 }),
    ]);
    expect(JSON.stringify(lines())).not.toContain('secret');
    await app.close();
  });

  it('logs every request at sample 1', async () => {
    const { app, lines } = await appWith({ sample: 1, slowMs: 60_000 });
    for (let i = 0; i < 5; i++) await app.inject({ url: '/ok' });
    expect(lines()).toHaveLength(5);
    expect(lines()[0]).toMatchObject({ level: 30, url: '/ok', status: 200 });
    await app.close();
  });

  it('slow answers: at most 10 lines a second', async () => {
    const { app, lines } = await appWith({ sample: 0, slowMs: 0 });
    const started = Date.now();
    for (let i = 0; i < 30; i++) await app.inject({ url: '/ok' });
    // All 30 within one second window or two: never more than 10 per window.
    const windows = Math.floor((Date.now() - started) / 1000) + 2;
    expect(lines().length).toBeGreaterThanOrEqual(10);
    expect(lines().length).toBeLessThanOrEqual(10 * windows);
    expect(lines().every((l) => l.level === 40)).toBe(true);
    await app.close();
  });
});
