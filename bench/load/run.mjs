// Load: 100 clubs × 200 members on PostgreSQL. Finds the saturation point of the hot
// signed-in reads (the request rate beyond which p99 blows up, the server no longer keeps up, or
// errors appear), then holds 70 % of it for BENCH_DURATION seconds (600 by default) with autocannon
// -R, sampling the server's RSS every 30 s. Exits 1 on any error or non-2xx answer during the
// sustained run, or when memory grows by more than 20 % between the first and the last third.
//
//   npm run build && node bench/load/run.mjs
//   BENCH_DURATION=60 BENCH_STEP_SECONDS=8 node bench/load/run.mjs     # shorter
//
// The database club_bench_load is created on BENCH_PG_URL's server (loopback only) and dropped at the
// end unless BENCH_KEEP=1 (then reused by the next run with BENCH_KEEP=1).
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

const CLUBS = 100;
const MEMBERS = 200;
const duration = Number(process.env.BENCH_DURATION ?? 600);
const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sampleEvery = Number(process.env.BENCH_SAMPLE_SECONDS ?? 30);
const keep = process.env.BENCH_KEEP === '1';
const NAME = 'club_bench_load';

function cannon(base, cookie, requests, opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        headers: { cookie },
        requests: requests.map((r) => ({ method: 'GET', path: r.path })),
        ...opts,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  timeouts: r.timeouts,
  non2xx: r.non2xx,
  total: r.requests.total,
});

const probe = await loadedDatabase(NAME, CLUBS, {
  reuse: keep,
  extraArgs: ['--members', String(MEMBERS)],
});
console.log(
  `${CLUBS} clubs × ${MEMBERS} membres : base ${probe.reused ? 'réutilisée' : `chargée en ${probe.loadSeconds} s`}`,
);
const server = await startServer({ DATABASE_URL: probe.url });
const out = { date: new Date().toISOString(), machine: machine(), connections, steps: [] };
let failed = false;
try {
  const { cookie } = await signIn(server.base, probe.dirigeant.email, probe.password);
  const calls = hotCalls(probe);
  for (const c of calls) {
    const res = await fetch(`${server.base}${c.path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${c.path} : ${res.status}`);
  }
  out.rssIdleMb = server.rssMb();

  // 1. The most the server answers (no rate limit), after a warm-up.
  await cannon(server.base, cookie, calls, { duration: 3 });
  const max = summary(await cannon(server.base, cookie, calls, { duration: stepSeconds }));
  console.log(`débit maximal : ${max.rps} req/s, p99 ${max.p99} ms`);
  out.max = max;

  // 2. Fixed rates as fractions of it; the first step gives the unloaded p99.
  let baseline = null;
  let saturation = null;
  for (const f of [0.3, 0.5, 0.7, 0.85, 1.0, 1.15, 1.3]) {
    const rate = Math.max(1, Math.round(max.rps * f));
    const s = summary(
      await cannon(server.base, cookie, calls, { duration: stepSeconds, overallRate: rate }),
    );
    baseline ??= s.p99;
    const keptUp = s.rps >= 0.95 * rate;
    const clean = s.errors === 0 && s.timeouts === 0 && s.non2xx === 0;
    const p99Ok = s.p99 <= Math.max(4 * baseline, baseline + 20);
    const ok = keptUp && clean && p99Ok;
    out.steps.push({ rate, ...s, ok });
    console.log(
      `  -R ${String(rate).padStart(5)} : ${String(s.rps).padStart(5)} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms  erreurs ${s.errors + s.timeouts + s.non2xx}${ok ? '' : '  ← saturé'}`,
    );
    if (!ok) break;
    saturation = rate;
  }
  if (!saturation) throw new Error('saturé dès 30 % du débit maximal');
  out.saturation = saturation;

  // 3. 70 % of it for `duration` seconds, RSS every `sampleEvery` seconds.
  const rate = Math.round(0.7 * saturation);
  out.sustained = { rate, duration, rssMb: [] };
  console.log(`\nsaturation ≈ ${saturation} req/s ; ${duration} s à ${rate} req/s (70 %)…`);
  const t0 = Date.now();
  const sampler = setInterval(() => {
    const mb = server.rssMb();
    out.sustained.rssMb.push({ s: Math.round((Date.now() - t0) / 1000), mb });
    console.log(`  ${Math.round((Date.now() - t0) / 1000)} s : RSS ${mb} Mo`);
  }, sampleEvery * 1000);
  let result;
  try {
    result = summary(await cannon(server.base, cookie, calls, { duration, overallRate: rate }));
  } finally {
    clearInterval(sampler);
  }
  out.sustained.rssMb.push({ s: Math.round((Date.now() - t0) / 1000), mb: server.rssMb() });
  Object.assign(out.sustained, result);
  const mbs = out.sustained.rssMb.map((x) => x.mb);
  const third = Math.max(1, Math.floor(mbs.length / 3));
  const avg = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const growth = avg(mbs.slice(-third)) / avg(mbs.slice(0, third)) - 1;
  out.sustained.rssGrowth = Math.round(growth * 1000) / 10;
  console.log(
    `tenue : ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.total} requêtes, ` +
      `erreurs ${result.errors}, délais ${result.timeouts}, non-2xx ${result.non2xx} ; ` +
      `RSS ${Math.min(...mbs)}–${Math.max(...mbs)} Mo (dernier tiers / premier : ${out.sustained.rssGrowth >= 0 ? '+' : ''}${out.sustained.rssGrowth} %)`,
  );
  if (result.errors || result.timeouts || result.non2xx || growth > 0.2) failed = true;
} finally {
  await server.stop();
  if (!keep) await dropDatabase(NAME);
}
console.log(`${machine()}\nrésultats : ${writeResult('load', out)}`);
if (failed) {
  console.error('Objectif manqué : erreurs ou mémoire en hausse pendant la charge tenue.');
  process.exit(1);
}
