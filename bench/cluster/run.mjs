// Past one machine: two production server instances on one PostgreSQL database and one
// Redis, behind nginx (the Debian package: apt-get install -y nginx), everything on loopback:
//   1. a session created through instance A is valid on instance B;
//   2. the login throttle is shared: 10 wrong passwords for one e-mail spread over A and B, then the
//      11th answers 429 on A and on B (and, as a control, 401 on an instance C without REDIS_URL);
//   3. a load of the hot signed-in reads through nginx (round robin over A and B) with 0 errors,
//      beside the same load on instance A alone.
// nginx and redis-server are started by the script with generated configurations on free ports and
// stopped at the end; the database club_bench_cluster is dropped. Exits 1 when a check fails.
//
//   npm run build && node bench/cluster/run.mjs
//   BENCH_DURATION=30 BENCH_CONNECTIONS=50 node bench/cluster/run.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  dropDatabase,
  hotCalls,
  loadedDatabase,
  machine,
  signIn,
  startServer,
  writeResult,
} from '../scale/lib.mjs';
import {
  assertClusterTools,
  startNginx as nginx,
  startRedis as redis,
  stopChildren,
} from '../lib/cluster.mjs';
import { api, urlOf } from '../lib/contract.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const NAME = 'club_bench_cluster';

assertClusterTools();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'club-cluster-'));
const children = [];
const checks = [];
function check(name, ok, detail) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? '✔' : '✘'} ${name}${detail ? ` — ${detail}` : ''}`);
}
const startRedis = () => redis(tmp, children);
const startNginx = (upstreams) => nginx(tmp, children, upstreams);

function cannon(url, cookie, calls) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        headers: { cookie },
        requests: calls.map((c) => ({ method: 'GET', path: c.path })),
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              rps: Math.round(r.requests.average),
              p50: r.latency.p50,
              p99: r.latency.p99,
              total: r.requests.total,
              errors: r.errors + r.timeouts,
              non2xx: r.non2xx,
            }),
    );
  });
}

const out = { date: new Date().toISOString(), machine: machine(), duration, connections };
let a;
let b;
let c;
try {
  const probe = await loadedDatabase(NAME, 20);
  const redisUrl = await startRedis();
  // The instances trust nginx's X-Forwarded-For (loopback), as in production behind a proxy.
  const env = { DATABASE_URL: probe.url, REDIS_URL: redisUrl, TRUST_PROXY: '127.0.0.1' };
  a = await startServer(env);
  b = await startServer(env);
  const lb = await startNginx([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
  console.log(`A ${a.base}, B ${b.base}, nginx ${lb}, ${redisUrl}`);

  // 1. Session made on A, used on B (and through nginx).
  const { cookie } = await signIn(a.base, probe.dirigeant.email, probe.password);
  const onB = await fetch(b.base + api.dashboard.infos.path, { headers: { cookie } });
  const me = await onB.json();
  check(
    'session créée par A valable sur B',
    onB.status === 200 && me.id === probe.dirigeant.id,
    `B : ${onB.status}`,
  );

  // 2. Shared login throttle: failures alternate between A and B.
  // The anti-forgery pair (double-submit cookie) fetched from A, sent to both instances.
  const csrf = await fetch(a.base + api.auth.csrf.path);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('\n'))[1];
  const fail = (server, email) =>
    fetch(server.base + api.auth.login.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify({ email, password: 'Mauvais-Mot-De-Passe-1', deviceFingerprint: 'x' }),
    }).then((r) => r.status);
  for (const [label, last] of [
    ['A', a],
    ['B', b],
  ]) {
    const email = label === 'A' ? probe.dirigeant.email : probe.player.email;
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push(await fail(i % 2 ? a : b, email));
    const eleventh = await fail(last, email);
    check(
      `11e échec de connexion → 429 sur ${label} (10 échecs répartis sur A et B)`,
      statuses.every((s) => s === 401) && eleventh === 429,
      `${statuses.join(',')} puis ${eleventh}`,
    );
  }

  // Control: an instance C on the same database without REDIS_URL (in-memory counters) does not
  // see those failures: the 429 above comes from the shared store, not from the database.
  c = await startServer({ DATABASE_URL: probe.url });
  {
    const email = `m${probe.dirigeant.id + 2}@charge.example`;
    for (let i = 0; i < 10; i++) await fail(i % 2 ? a : b, email);
    const onA = await fail(a, email);
    const onC = await fail(c, email);
    check(
      'témoin : une instance sans Redis partagé ne voit pas ces 10 échecs',
      onA === 429 && onC === 401,
      `11e sur A ${onA}, sur C (sans REDIS_URL) ${onC}`,
    );
  }
  await c.stop();

  // 3. Load through nginx, and on A alone for comparison.
  const calls = hotCalls(probe);
  const seen = new Set();
  for (let i = 0; i < 4; i++) {
    const res = await fetch(
      lb + urlOf(api.teams.listClub, { params: { clubId: probe.probeClubId } }),
      {
        headers: { cookie },
      },
    );
    seen.add(res.headers.get('x-upstream'));
  }
  check('nginx répartit sur les deux instances', seen.size === 2, [...seen].join(' '));
  out.single = await cannon(a.base, cookie, calls);
  console.log(`une instance : ${JSON.stringify(out.single)}`);
  out.nginx = await cannon(lb, cookie, calls);
  console.log(`nginx → A + B : ${JSON.stringify(out.nginx)}`);
  check(
    'charge à travers nginx sans erreur',
    out.nginx.errors === 0 && out.nginx.non2xx === 0 && out.nginx.total > 0,
    `${out.nginx.total} requêtes, ${out.nginx.errors} erreurs, ${out.nginx.non2xx} non-2xx`,
  );
  out.rssMb = { a: a.rssMb(), b: b.rssMb() };
} finally {
  await a?.stop();
  await b?.stop();
  await c?.stop();
  await stopChildren(children);
  await dropDatabase(NAME).catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
out.checks = checks;
console.log(`${machine()}\nrésultats : ${writeResult('cluster', out)}`);
if (checks.some((c) => !c.ok)) process.exit(1);
