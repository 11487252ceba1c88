/**
 * A week of a club's life under load (bench/README.md, "A week, mixed"): virtual members of every
 * role sign in and go through their week — dashboard, calendar month, team members, matches,
 * answering a convocation (a player, a parent for their child), the coach's selection and score,
 * an announcement read (a leader posts one now and then), the calendar feed — with the writes
 * between the reads, over many clubs, so that the response cache is emptied as in real use.
 *
 *   npm run build
 *   node --import tsx bench/week/run.ts                          # PostgreSQL, 1,000 clubs, 2 instances behind nginx + Redis
 *   node --import tsx bench/week/run.ts --engine pglite          # PGlite, one club of 60 members
 *   [--clubs 1000] [--users 40] [--duration 60] [--instances 2] [--think 0] [--ramp 10]
 *   [--cpu-prof DIR]   the servers' CPU profiles (node --cpu-prof), written when they stop
 *   [--memory]         after the run, each server's memory by kind (bench/lib/memory-probe.mjs);
 *                      MEMORY_PROBE_SNAPSHOT=DIR adds a heap snapshot of each
 *   [--server-flags "--flag=1 --other"]   more Node/V8 flags for the servers (to try one before
 *                      it goes into scripts/server-flags.mjs)
 *
 * Prints, per step, the calls, p50 and p99 (ms) and errors; the throughput, the response cache's
 * hit rate (X-Cache on the answers), the CPU time of the server processes per request and their
 * resident memory after the run. Exits 1 on any error. Data: the bulk load (apps/server/src/db/
 * bulk-load.ts) with guardians and convocations, every member given the bench password.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
  api as endpoints,
  buildPath,
  queryString,
  type EndpointSpec,
} from '@club/contract';
import {
  dropDatabase,
  loadedDatabase,
  machine,
  percentile,
  repoRoot,
  startServer,
  writeResult,
} from '../scale/lib.mjs';
import { assertClusterTools, startNginx, startRedis, stopChildren } from '../lib/cluster.mjs';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : process.argv[i + 1]!;
};
const engine = arg('engine', 'postgres') as 'postgres' | 'pglite';
const pg = engine === 'postgres';
const CLUBS = Number(arg('clubs', pg ? '1000' : '1'));
const USERS = Number(arg('users', pg ? '40' : '20'));
const DURATION_S = Number(arg('duration', '60'));
const INSTANCES = Number(arg('instances', pg ? '2' : '1'));
/** Mean pause of a member between two calls (ms, uniform 0 … 2×): 0 is a closed loop at saturation. */
const THINK_MS = Number(arg('think', '0'));
/**
 * Members arrive one after the other over the first RAMP_S seconds (evenly spaced), as a club's
 * members open the app over an evening, not all in the same millisecond: a burst of 40 sign-ins
 * (Argon2id, tens of ms of CPU each) at t = 0 measured the burst, not the week.
 */
const RAMP_S = Number(arg('ramp', '10'));
const CPU_PROF = arg('cpu-prof', '');
const MEMORY = process.argv.includes('--memory');
const SERVER_FLAGS = arg('server-flags', '').split(' ').filter(Boolean);
const think = () =>
  THINK_MS > 0 ? new Promise((r) => setTimeout(r, Math.random() * 2 * THINK_MS)) : null;
const MEMBERS = 60;
const TEAMS = 5;
const GUARDIANS = 5;
const NAME = 'club_bench_week';

// ---------------------------------------------------------------------------------------------
// The bulk load's layout (db/bulk-load.ts): member i of club k has id member0 + k·M + i; 0 is the
// DIRIGEANT, 1 the RESPONSABLE, 2 … T+1 one ENTRAINEUR per team, the last G are PARENTs (parent
// M−1−g guards player T+2+g), the others JOUEUR; member i ≥ 2 plays in team team0 + k·T + i mod T.

interface Layout {
  firstClubId: number;
  clubs: number;
  member0: number;
  team0: number;
}
type Role = 'DIRIGEANT' | 'ENTRAINEUR' | 'JOUEUR' | 'PARENT';
interface Who {
  role: Role;
  clubId: number;
  memberId: number;
  email: string;
  /** The team the week is about: own team, or the child's for a parent. */
  teamId: number;
  /** The player answered for: self, or the child. */
  playerId: number | null;
}

function pick(layout: Layout): Who {
  const k = Math.floor(Math.random() * layout.clubs);
  const r = Math.random();
  const role: Role = r < 0.5 ? 'JOUEUR' : r < 0.7 ? 'PARENT' : r < 0.9 ? 'ENTRAINEUR' : 'DIRIGEANT';
  const P = TEAMS + 2;
  let i: number;
  let player: number | null = null;
  if (role === 'DIRIGEANT') i = 0;
  else if (role === 'ENTRAINEUR') i = 2 + Math.floor(Math.random() * TEAMS);
  else if (role === 'PARENT') {
    const g = Math.floor(Math.random() * GUARDIANS);
    i = MEMBERS - 1 - g;
    player = P + g;
  } else {
    i = P + Math.floor(Math.random() * (MEMBERS - GUARDIANS - P));
    player = i;
  }
  const memberId = layout.member0 + k * MEMBERS + i;
  const teamIndex = (player ?? (i < 2 ? P : i)) % TEAMS;
  return {
    role,
    clubId: layout.firstClubId + k,
    memberId,
    email: `m${memberId}@charge.example`,
    teamId: layout.team0 + k * TEAMS + teamIndex,
    playerId: player === null ? null : layout.member0 + k * MEMBERS + player,
  };
}

// ---------------------------------------------------------------------------------------------
// Calls: the contract's declarations, one cookie jar per virtual member.

interface Sample {
  step: string;
  ms: number;
  status: number;
  cache: string | null;
}
const samples: Sample[] = [];
let stopAt = 0;

class Session {
  private jar = new Map<string, string>();
  constructor(private base: string) {}

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  private cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One call, timed under `step`; the parsed JSON answer, or null on an error status. */
  async call<T = unknown>(
    step: string,
    endpoint: EndpointSpec,
    input: { params?: object; query?: object; body?: unknown } = {},
  ): Promise<T | null> {
    const url = `${this.base}${buildPath(endpoint.path, input.params as Record<string, unknown>)}${queryString(input.query as Record<string, unknown>)}`;
    const headers: Record<string, string> = { cookie: this.cookie() };
    if (endpoint.method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers[HEADER_XSRF_TOKEN] = this.jar.get(COOKIE_XSRF_TOKEN) ?? '';
      headers.origin = this.base;
    }
    const t0 = performance.now();
    const res = await fetch(url, {
      method: endpoint.method,
      headers,
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(input.body ?? {}),
    });
    const text = await res.text();
    samples.push({
      step,
      ms: performance.now() - t0,
      status: res.status,
      cache: res.headers.get('x-cache'),
    });
    this.keep(res);
    await think();
    if (!res.ok) {
      if (errorsShown++ < 10) console.error(`${step} → ${res.status} ${text.slice(0, 200)}`);
      return null;
    }
    return (text ? JSON.parse(text) : null) as T;
  }

  async raw(step: string, url: string) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    samples.push({ step, ms: performance.now() - t0, status: res.status, cache: null });
    await think();
    return res.ok;
  }

  async signIn(email: string, password: string) {
    const csrf = await fetch(`${this.base}${endpoints.auth.csrf.path}`);
    this.keep(csrf);
    await csrf.arrayBuffer();
    return this.call('connexion', endpoints.auth.login, {
      body: { email, password, deviceFingerprint: 'bench-week' },
    });
  }
}
let errorsShown = 0;

interface MatchRow {
  id: number;
  dateDebut: string;
  annule: boolean;
  scoreDomicile: number | null;
}

const now = new Date();
const month = now.toISOString().slice(0, 7);
const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 19);

/** One member's week: sign in, then three days of use, each with its reads and its writes. */
async function week(
  base: string,
  who: Who,
  password: string,
  feeds: Map<number, Promise<string | null>>,
) {
  const s = new Session(base);
  if (!(await s.signIn(who.email, password))) return;
  const me = await s.call<{ nomClub: string; equipes: { id: number; nom: string }[] }>(
    'tableau de bord',
    endpoints.dashboard.infos,
  );
  if (!me) return;
  const team = me.equipes.find((t) => t.id === who.teamId) ?? me.equipes[0];
  for (let day = 0; day < 3 && Date.now() < stopAt; day++) {
    if (day > 0) await s.call('tableau de bord', endpoints.dashboard.infos);
    // The home every member opens (docs/decisions/0083-dashboard-home.md).
    await s.call('accueil', endpoints.dashboard.home);
    await s.call('calendrier (mois)', endpoints.events.listClub, {
      params: { clubId: who.clubId },
      query: { from: `${month}-01`, to: `${month}-${lastDay}` },
    });
    if (team)
      await s.call('membres de l’équipe', endpoints.members.listTeam, {
        params: { clubId: who.clubId, nomEquipe: team.nom },
      });
    const page = await s.call<{ content: MatchRow[] }>('matchs', endpoints.matches.listTeam, {
      params: { id: who.teamId },
      query: { size: 50 },
    });
    const matches = page?.content ?? [];
    const upcoming = matches.find((m) => !m.annule && m.dateDebut > inDays(3));
    if (day === 0 && upcoming && who.playerId !== null) {
      await s.call('réponse à une convocation', endpoints.matches.answerConvocations, {
        params: { id: upcoming.id },
        body: {
          items: [
            // An absence needs its justification (spec §5).
            Math.random() < 0.8
              ? { joueurId: who.playerId, statutPresence: 'DISPONIBLE', justification: null }
              : { joueurId: who.playerId, statutPresence: 'INDISPONIBLE', justification: 'Blessé' },
          ],
        },
      });
    }
    if (day === 1 && who.role === 'ENTRAINEUR' && upcoming) {
      const convoked = await s.call<{ joueur: { id: number }; statutPresence: string | null }[]>(
        // The read and the write apart: which one is slow (bench/README.md, « A week »).
        'sélection (lecture)',
        endpoints.matches.convocations,
        { params: { id: upcoming.id } },
      );
      if (convoked?.length)
        await s.call('sélection (publication)', endpoints.matches.selection, {
          params: { id: upcoming.id },
          body: {
            // As the selection screen: those who said they are unavailable are not picked.
            joueurs: convoked
              .filter((c) => c.statutPresence !== 'INDISPONIBLE')
              .map((c, n) => ({
                membreId: c.joueur.id,
                selection: n < 11 ? 'SELECTIONNE' : 'REMPLACANT',
              })),
            publier: true,
          },
        });
      const played = matches.find((m) => !m.annule && m.dateDebut < inDays(-1));
      if (played)
        await s.call('score', endpoints.matches.score, {
          params: { id: played.id },
          body: {
            scoreDomicile: Math.floor(Math.random() * 5),
            scoreExterieur: Math.floor(Math.random() * 5),
          },
        });
    }
    if (day === 2 && who.role === 'DIRIGEANT' && Math.random() < 0.5)
      await s.call('annonce (publication)', endpoints.announcements.create, {
        body: { titre: 'Entraînement déplacé', contenu: 'Rendez-vous au gymnase à 18 h.' },
      });
    const news = await s.call<{ id: number; lu: boolean; destinataire: boolean }[]>(
      'annonces',
      endpoints.announcements.list,
    );
    const unread = news?.find((a) => !a.lu && a.destinataire);
    if (unread)
      await s.call('annonce lue', endpoints.announcements.markRead, { params: { id: unread.id } });
    // The calendar application fetches the feed on its own schedule, without the session.
    // One feed per member, even when two virtual members sign in as the same one at once (a new
    // address replaces the old, which then answers 404, as in the product).
    let pending = feeds.get(who.memberId);
    if (!pending) {
      pending = s
        .call<{ url: string }>('flux iCalendar (abonnement)', endpoints.calendarFeeds.subscribe, {
          body: {},
        })
        .then((made) => (made ? new URL(made.url).pathname : null));
      feeds.set(who.memberId, pending);
    }
    const feed = await pending;
    if (feed) await s.raw('flux iCalendar', `${base}${feed}`);
  }
}

// ---------------------------------------------------------------------------------------------

function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The whole machine's CPU counters (/proc/stat, first line): busy and total ticks. The target's
 * « CPU ≤ 70 % busy » is the machine's, which also runs this load generator, nginx, PostgreSQL
 * and Redis, not the servers' share alone.
 */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th fields.
  return { busy: total - n[3]! - (n[4] ?? 0), total };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'club-week-'));
const memoryOut = path.join(tmp, 'memory.jsonl');
/** Node flags of the servers only (not of the bulk load nor of this client). */
const nodeArgs = [
  ...SERVER_FLAGS,
  ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : []),
  ...(MEMORY ? ['--import', path.join(repoRoot, 'bench/lib/memory-probe.mjs')] : []),
];
const probeEnv = MEMORY
  ? {
      MEMORY_PROBE_OUT: memoryOut,
      ...(process.env.MEMORY_PROBE_SNAPSHOT
        ? { MEMORY_PROBE_SNAPSHOT: path.resolve(process.env.MEMORY_PROBE_SNAPSHOT) }
        : {}),
    }
  : {};
const children: unknown[] = [];
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
const out: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machine(),
  engine,
  clubs: CLUBS,
  users: USERS,
  durationS: DURATION_S,
  instances: INSTANCES,
  serverFlags: SERVER_FLAGS,
};
let failed = false;
try {
  let probe: {
    firstClubId: number;
    probeClubId: number;
    dirigeant: { id: number };
    team: { id: number };
    password: string;
  };
  const load = [
    '--members',
    String(MEMBERS),
    '--teams',
    String(TEAMS),
    '--events',
    '120',
    '--guardians',
    String(GUARDIANS),
    '--convocations',
    '16',
    '--everyone',
    // A year of events around today: half played, half to come.
    '--events-from',
    new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10),
  ];
  let base: string;
  if (pg) {
    assertClusterTools();
    console.log(`Chargement de ${CLUBS} clubs dans PostgreSQL…`);
    probe = await loadedDatabase(NAME, CLUBS, { extraArgs: load });
    const redisUrl = await startRedis(tmp, children);
    const env = {
      DATABASE_URL: (probe as { url?: string }).url,
      REDIS_URL: redisUrl,
      TRUST_PROXY: '127.0.0.1',
      ...probeEnv,
    };
    for (let n = 0; n < INSTANCES; n++) servers.push(await startServer(env, { nodeArgs }));
    base =
      INSTANCES > 1
        ? await startNginx(
            tmp,
            children,
            servers.map((s) => `127.0.0.1:${s.port}`),
          )
        : servers[0]!.base;
  } else {
    const dataDir = path.join(tmp, 'data');
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/scripts/bulk-load.ts',
        '--clubs',
        String(CLUBS),
        '--data-dir',
        dataDir,
        ...load,
      ],
      { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (r.status !== 0) throw new Error('chargement PGlite échoué');
    probe = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    servers.push(
      await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error', ...probeEnv }, { nodeArgs }),
    );
    base = servers[0]!.base;
  }
  const k = probe.probeClubId - probe.firstClubId;
  const layout: Layout = {
    firstClubId: probe.firstClubId,
    clubs: CLUBS,
    member0: probe.dirigeant.id - k * MEMBERS,
    // The probe's player is member T+2 of its club, in team (T+2) mod T.
    team0: probe.team.id - k * TEAMS - ((TEAMS + 2) % TEAMS),
  };
  const feeds = new Map<number, Promise<string | null>>();
  const cpu0 = servers.map((s) => cpuSeconds(s.pid));
  const machine0 = machineTicks();
  const client0 = process.cpuUsage();
  const t0 = Date.now();
  stopAt = t0 + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: USERS }, async (_, n) => {
      await new Promise((r) => setTimeout(r, (n * RAMP_S * 1000) / USERS));
      while (Date.now() < stopAt) await week(base, pick(layout), probe.password, feeds);
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  const cpu = servers.reduce((sum, s, n) => sum + cpuSeconds(s.pid) - cpu0[n]!, 0);
  const machine1 = machineTicks();
  const machineBusy =
    Math.round(
      ((machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total)) * 1000,
    ) / 10;
  const clientCpu = process.cpuUsage(client0);
  const clientBusy =
    Math.round(((clientCpu.user + clientCpu.system) / 1e6 / seconds / os.cpus().length) * 1000) /
    10;
  const steps = new Map<string, Sample[]>();
  for (const x of samples) steps.set(x.step, [...(steps.get(x.step) ?? []), x]);
  const rows = [...steps].map(([step, xs]) => {
    const ms = xs.map((x) => x.ms).sort((a, b) => a - b);
    return {
      step,
      calls: xs.length,
      p50: Math.round(percentile(ms, 50) * 10) / 10,
      p99: Math.round(percentile(ms, 99) * 10) / 10,
      // 409: the server refusing a write made stale by another member's (a player who has just
      // said they are unavailable, for a selection read a moment before): counted apart.
      conflicts: xs.filter((x) => x.status === 409).length,
      errors: xs.filter((x) => x.status >= 400 && x.status !== 409).length,
    };
  });
  console.table(rows);
  const cached = samples.filter((x) => x.cache);
  const hits = cached.filter((x) => x.cache === 'hit').length;
  const errors = samples.filter((x) => x.status >= 400 && x.status !== 409).length;
  const conflicts = samples.filter((x) => x.status === 409).length;
  Object.assign(out, {
    steps: rows,
    requests: samples.length,
    throughput: Math.round(samples.length / seconds),
    errors,
    conflicts,
    thinkMs: THINK_MS,
    rampS: RAMP_S,
    cacheHitRate: cached.length ? Math.round((hits / cached.length) * 1000) / 10 : null,
    cpuMsPerRequest: Math.round(((cpu * 1000) / samples.length) * 100) / 100,
    cpuBusy: Math.round((cpu / seconds / os.cpus().length) * 1000) / 10,
    machineBusy,
    clientBusy,
    rssMb: servers.map((s) => s.rssMb()),
  });
  console.log(
    `${samples.length} requêtes en ${seconds.toFixed(0)} s (${out.throughput} req/s), ${errors} erreurs, ${conflicts} conflits (409), ` +
      `cache ${out.cacheHitRate ?? '—'} % de réponses servies du cache, CPU des serveurs ${out.cpuMsPerRequest} ms/requête ` +
      `(${out.cpuBusy} % des ${os.cpus().length} cœurs), machine occupée ${machineBusy} % (dont ce générateur de charge ${clientBusy} %), ` +
      `RSS ${JSON.stringify(out.rssMb)} Mo`,
  );
  if (MEMORY) {
    for (const s of servers) process.kill(s.pid, 'SIGWINCH');
    // Two full collections (and a heap snapshot with MEMORY_PROBE_SNAPSHOT=DIR) in each server.
    for (let t = 0; t < 120 && !fs.existsSync(memoryOut); t++)
      await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, process.env.MEMORY_PROBE_SNAPSHOT ? 20_000 : 3000));
    const probes = fs.existsSync(memoryOut)
      ? fs
          .readFileSync(memoryOut, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [];
    out.memory = probes;
    for (const p of probes) console.log(`mémoire ${p.pid} : ${JSON.stringify(p)}`);
  }
  failed = errors > 0;
} finally {
  for (const s of servers) await s.stop();
  await stopChildren(children);
  if (pg) await dropDatabase(NAME).catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`${machine()}\nrésultats : ${writeResult(`week-${engine}`, out)}`);
if (failed) process.exit(1);
