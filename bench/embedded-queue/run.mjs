// Many callers at once on the embedded database (decision 0098): `--connections` (50) clients
// ask for the members' CSV export for `--duration` (10) seconds — an uncached call of about 10 ms
// of database work — on the demo club in PGlite. Prints the client's latencies (p50, p90, p99,
// the longest), time-outs and throughput, and the server's event-loop delay over the load.
//   npm run build && node bench/embedded-queue/run.mjs [--connections 50] [--duration 10]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  demoEmail,
  machine,
  pgliteDatabase,
  repoRoot,
  seedDemo,
  signIn,
  startServer,
} from '../lib/server.mjs';
import { api, benchClient, routeKey, urlOf } from '../lib/contract.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const connections = Number(arg('connections', '50'));
const duration = Number(arg('duration', '10'));

const probeOut = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-queue-')), 'probe.json');
const database = pgliteDatabase();
await seedDemo(database);
const server = await startServer({
  env: { ...database.env, EVENT_LOOP_PROBE_OUT: probeOut },
  nodeArgs: ['--import', path.join(repoRoot, 'bench/lib/event-loop-probe.mjs')],
  stdio: 'ignore',
});
try {
  const cookie = await signIn(server.base, demoEmail('jade.martin'));
  const me = await benchClient(server.base, cookie).dashboard.infos();
  const url = server.base + urlOf(api.members.export, { params: { clubId: me.idClub } });
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers: { cookie } })).text();
  fs.writeFileSync(`${probeOut}.reset`, ''); // the probe forgets the start-up
  await new Promise((r) => setTimeout(r, 300));
  const latencies = [];
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { cookie },
    setupClient: (client) => client.on('response', (_s, _b, ms) => latencies.push(ms)),
  });
  await new Promise((r) => setTimeout(r, 1200));
  latencies.sort((a, b) => a - b);
  const at = (p) => Math.round(latencies[Math.floor((latencies.length - 1) * p)] ?? 0);
  console.log(
    `${routeKey(api.members.export)}, PGlite, -c ${connections} -d ${duration} : ` +
      `${Math.round(result.requests.average)} req/s, ${latencies.length} réponses, ` +
      `${result.timeouts} time-outs, ${result.errors} erreurs, non-2xx ${result.non2xx} ; ` +
      `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, la plus longue ${at(1)} ms`,
  );
  console.log(`boucle d’événements du serveur (ms) : ${fs.readFileSync(probeOut, 'utf8')}`);
  const m = machine();
  console.log(`${m.cores} cœurs (${m.cpu}), Node ${m.node}, charge moyenne ${m.load}`);
  if (result.timeouts || result.errors || result.non2xx) process.exitCode = 1;
} finally {
  await server.stop();
}
