import type { LightMyRequestResponse } from 'fastify';
import type { TestContext, CapturedMail } from './helper.ts';

let ipSeq = 0;
/** A distinct client address per test, so that per-IP throttles of one test do not leak into another. */
export function freshIp(): string {
  ipSeq++;
  return `10.${(ipSeq >> 8) & 255}.${ipSeq & 255}.${(process.pid % 200) + 1}`;
}

/**
 * How long the waiters below wait before failing. They return as soon as what they wait for
 * happens, so a generous deadline costs nothing on a quiet machine; on a loaded 2-core CI machine
 * the job queues take several times longer than on a developer's (a mail queue seen still busy
 * after 10 s), and a short deadline turned that into a failure.
 */
export const WAIT_MS = 20_000;

export async function waitForMail(
  ctx: TestContext,
  predicate: (m: CapturedMail) => boolean,
  timeoutMs = WAIT_MS,
): Promise<CapturedMail> {
  const start = Date.now();
  for (;;) {
    const found = ctx.smtp.mails.find(predicate);
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error('aucun e-mail reçu');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Polls `probe` every 25 ms until it gives a truthy value (returned), or fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  ms = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`délai dépassé : ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits until the mail queue has nothing left to send or retry: after this, no other mail of what
 * was queued so far can still arrive (used to prove "exactly once").
 */
export async function waitForMailQueueIdle(
  ctx: Pick<TestContext, 'app'>,
  timeoutMs = WAIT_MS,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    const stats = await ctx.app.mailQueue.stats();
    if (stats.pending + stats.retrying === 0) return;
    if (Date.now() - start > timeoutMs)
      throw new Error(`file d’envoi toujours occupée : ${JSON.stringify(stats)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function setCookie(res: LightMyRequestResponse, name: string) {
  return (
    res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      path?: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
    }[]
  ).find((c) => c.name === name);
}

export function tokenFromLink(text: string, path: string): string {
  const m = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m) throw new Error(`pas de lien ${path} dans l’e-mail`);
  return decodeURIComponent(m[1]!);
}

/** A multipart/form-data body with one file part (what a browser's FormData sends). */
export function multipartFile(
  bytes: Buffer,
  { field = 'file', filename = 'logo.png', type = 'image/png' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
