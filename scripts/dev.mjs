#!/usr/bin/env node
// `npm run dev`: the server under tsx watch (port 3000) and Vite's dev server (port 5173), which
// proxies /api and /auth to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const children = [
  spawn(npm, ['run', 'dev', '-w', '@club/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ...process.env,
      DATA_DIR: path.resolve(process.env.DATA_DIR ?? './data'),
    },
  }),
  spawn(npm, ['run', 'dev', '-w', '@club/web'], { cwd: root, stdio: 'inherit', env: process.env }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => stop(0));
for (const c of children) c.on('exit', (code) => stop(code ?? 1));
console.log('[dev] Application : http://localhost:5173 (API sur http://127.0.0.1:3000)');
