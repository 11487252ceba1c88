/**
 * Shared set-up of the tests that drive mail delivery end to end (jobs/mail.queue.test.ts,
 * notifications/notifications.delivery.test.ts): a real SMTP server (or a port where none
 * listens), the real application on a database it does not own, and a way to reopen that
 * database as a restarted server would.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { migrate, openPglite, openPostgres, type Database } from '../db/client.ts';
import {
  createTestDatabase,
  startSmtpServer,
  TEST_JWT_SECRET,
  type CapturedMail,
} from './helper.ts';

export type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** What to undo after each test, last registered first (registered with vitest's afterEach). */
export type Cleanups = (() => Promise<void>)[];

export function cleanupsAfterEach(): Cleanups {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!().catch(() => {});
  });
  return cleanups;
}

/** A loopback port where nothing listens (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The configuration both suites give the application: test SMTP, fast polling and retries. */
export function mailTestEnv(smtpPort: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: 'http://localhost:3000',
    JOB_POLLING_INTERVAL_SECONDS: '0.5',
    MAIL_RETRY_DELAY_SECONDS: '1',
  };
}

/**
 * A database for the test, and a way to open it again as a restarted server would: a database
 * on the PostgreSQL server under TEST_DATABASE_URL, else a PGlite data folder (`prefix` names
 * the temporary folder), migrated on the first opening.
 */
export async function sharedDatabase(
  cleanups: Cleanups,
  prefix: string,
): Promise<{ open(): Promise<Database> }> {
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestDatabase();
    cleanups.unshift(() => created.close());
    return {
      async open() {
        const database = openPostgres(created.url!, 5);
        cleanups.push(() => database.close());
        return database;
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.unshift(async () => fs.rmSync(dir, { recursive: true, force: true }));
  let migrated = false;
  return {
    async open() {
      const database = await openPglite(path.join(dir, 'pglite'));
      cleanups.push(() => database.close());
      if (!migrated) await migrate(database);
      migrated = true;
      return database;
    },
  };
}

export const mailsTo = (smtp: Smtp, email: string): CapturedMail[] =>
  smtp.mails.filter((m) => m.to.includes(email));
