#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then runs the production server
// (node apps/server/dist/server.mjs), forwarding signals and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Latest modification time of the files under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(path.join(p, entry));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

const targets = [
  {
    name: 'application web',
    workspace: '@club/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/prerender.mjs',
      'apps/web/package.json',
      'packages/contract/src',
    ],
  },
  {
    name: 'serveur',
    workspace: '@club/server',
    output: 'apps/server/dist/server.mjs',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/contract/src',
    ],
  },
];

export function staleTargets() {
  return targets.filter((t) => {
    const built = mtime(t.output);
    return built === 0 || newestMtime(t.sources) > built;
  });
}

function build(target) {
  const exists = mtime(target.output) > 0;
  console.log(`[start] ${exists ? 'Reconstruction' : 'Construction'} : ${target.name}…`);
  const started = Date.now();
  const res = spawnSync(npm, ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error(`[start] La construction (${target.name}) a échoué.`);
    process.exit(res.status ?? 1);
  }
  console.log(
    `[start] ${target.name} : construit en ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

function main() {
  if (process.env.SKIP_BUILD !== '1') for (const t of staleTargets()) build(t);

  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/server.mjs')],
    { cwd: process.cwd(), stdio: 'inherit', env: process.env },
  );
  const forward = (signal) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, forward(s));
  child.on('exit', (code, signal) => {
    if (signal) {
      // Re-raise the same signal so that our exit status tells what happened.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
