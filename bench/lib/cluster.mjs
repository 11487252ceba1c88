// Shared by bench/cluster and bench/week: a throw-away redis-server and an nginx round-robin in
// front of server instances, on free loopback ports, with generated configurations in `tmp`. Each
// started process is pushed on `children` for the caller to stop (stopChildren).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../scale/lib.mjs';
import { api } from './contract.mjs';

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
export const REDIS = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export function assertClusterTools() {
  for (const bin of [NGINX, REDIS])
    if (!fs.existsSync(bin))
      throw new Error(`${bin} introuvable (apt-get install -y nginx redis-server)`);
}

export async function waitFor(what, probe, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} ne répond pas`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A redis-server keeping nothing on disk; its URL. */
export async function startRedis(tmp, children) {
  const port = await freePort();
  const child = spawn(
    REDIS,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      tmp,
    ],
    { stdio: 'ignore' },
  );
  children.push(child);
  await waitFor('redis-server', () => {
    const r = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    return r.stdout.trim() === 'PONG';
  });
  return `redis://127.0.0.1:${port}`;
}

/** nginx, one worker, round robin over `upstreams` ('127.0.0.1:port'); its base URL. */
export async function startNginx(tmp, children, upstreams) {
  const port = await freePort();
  const conf = path.join(tmp, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  upstream club {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    # nginx closes a client connection after 1,000 requests by default; autocannon, which sends the
    # next request as soon as an answer arrives, counts the close as an error about once in 25
    # recycles (2 errors in 68,920 requests at 21:48, none in runs under 1,000 requests per
    # connection). A load balancer in front of real browsers keeps its connections longer too.
    keepalive_requests 1000000;
    location / {
      proxy_pass http://club;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', tmp, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor('nginx', async () => (await fetch(base + api.publicSite.health.path)).ok);
  return base;
}

/** Stops the processes started, last first. */
export async function stopChildren(children) {
  for (const child of children.reverse()) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    }
  }
}
