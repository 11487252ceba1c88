import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { api } from '@club/contract';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/dist/server.mjs');
const webIndex = path.join(root, 'apps/web/dist/index.html');

/** High limits so that the suite's many sign-ins from 127.0.0.1 never hit the production throttles. */
export const E2E_THROTTLES: Record<string, string> = {
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_FAILURES_PER_EMAIL: '100000',
  RESET_REQUESTS_PER_EMAIL: '100000',
  PASSWORD_CHANGES_PER_MEMBER: '100000',
  EXISTENCE_CHECKS_PER_IP: '100000',
  REGISTRATIONS_PER_IP: '100000',
  CONTACT_PER_IP: '100000',
};

/** A real SMTP server that writes every mail it receives as <n>.json (parsed) and <n>.eml (raw). */
async function startSmtp(mailDir: string) {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const id = `${Date.now()}-${String(++n).padStart(5, '0')}`;
        const parsed = await simpleParser(raw).catch(() => null);
        const mail = {
          id,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
          subject: parsed?.subject ?? '',
          text: parsed?.text ?? '',
          html: typeof parsed?.html === 'string' ? parsed.html : '',
        };
        fs.writeFileSync(path.join(mailDir, `${id}.eml`), raw);
        // Written under a temporary name then renamed, so that readers never see half a file.
        const tmp = path.join(mailDir, `.${id}.json.tmp`);
        fs.writeFileSync(tmp, JSON.stringify(mail, null, 2));
        fs.renameSync(tmp, path.join(mailDir, `${id}.json`));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string) {
  // A fresh embedded database migrates in 11–25 s; a machine shared by several runs takes longer.
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `Le serveur s'est arrêté au démarrage (code ${child.exitCode}). Journal :\n${fs.readFileSync(logFile, 'utf8')}`,
      );
    try {
      const res = await fetch(baseUrl + api.publicSite.health.path);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `Le serveur ne répond pas sur ${baseUrl}. Journal :\n${fs.readFileSync(logFile, 'utf8')}`,
  );
}

export default async function globalSetup(_config: FullConfig) {
  if (!fs.existsSync(serverEntry) || !fs.existsSync(webIndex)) {
    console.log('[e2e] Construction de l’application (npm run build)…');
    const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('La construction a échoué.');
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'club-e2e-'));
  const dataDir = path.join(tmp, 'data');
  const mailDir = path.join(tmp, 'mails');
  fs.mkdirSync(mailDir, { recursive: true });
  const smtp = await startSmtp(mailDir);

  const port = process.env.E2E_PORT!;
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: tmp,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: '',
      // Convocation e-mails leave one second after the last change, at any hour.
      NOTIFICATION_DELAY_SECONDS: '1',
      QUIET_HOURS: '',
      // Hundreds of sign-ups and sign-ins: Argon2id at its test cost (never for real passwords).
      PASSWORD_HASH_COST: 'test',
      // The contact form's proof of work at its test cost (the widget solves it the same way).
      CAPTCHA_WORK: 'test',
      ...E2E_THROTTLES,
    },
  });
  await waitForHealth(baseUrl, server, logFile);

  // Read by the fixtures in the workers (they inherit the runner's environment).
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_LOG = logFile;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await smtp.close();
    fs.closeSync(log);
    if (process.env.E2E_KEEP_TMP) console.log(`[e2e] Fichiers conservés dans ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };
}
