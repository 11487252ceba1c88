/**
 * How many SQL statements each of the week's writes sends (bench/README.md, "A week, mixed"): a
 * throw-away PostgreSQL database of 2 clubs laid out as bench/week's, one production server, its
 * statements logged (log_statement = all for that database only) and counted between markers, per
 * call, from PostgreSQL's own log. Independent of the machine's load.
 *
 *   npm run build && node --import tsx bench/week/statements.ts [--log /var/log/postgresql/postgresql-15-main.log]
 */
import fs from 'node:fs';
import pg from 'pg';
import {
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
  api as endpoints,
  buildPath,
  queryString,
  type EndpointSpec,
} from '@club/contract';
import { dbUrl, dropDatabase, loadedDatabase, startServer } from '../scale/lib.mjs';

const i = process.argv.indexOf('--log');
const LOG = i === -1 ? '/var/log/postgresql/postgresql-15-main.log' : process.argv[i + 1]!;
const NAME = 'club_bench_statements';
const MEMBERS = 60;
const TEAMS = 5;

const probe = await loadedDatabase(NAME, 2, {
  extraArgs: [
    ...['--members', String(MEMBERS), '--teams', String(TEAMS), '--events', '120'],
    ...['--guardians', '5', '--convocations', '16', '--everyone'],
    ...['--events-from', new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10)],
  ],
});
const admin = new pg.Client({ connectionString: dbUrl(NAME) });
await admin.connect();
await admin.query(`alter database ${NAME} set log_statement = 'all'`);
await admin.end();
// Connected after the setting: its markers are logged too.
const marker = new pg.Client({ connectionString: dbUrl(NAME) });
await marker.connect();
const server = await startServer({
  DATABASE_URL: dbUrl(NAME),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
});

class Session {
  jar = new Map<string, string>();
  keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const k = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, k), pair!.slice(k + 1));
    }
  }
  async call<T>(
    endpoint: EndpointSpec,
    input: { params?: object; query?: object; body?: unknown } = {},
  ) {
    const url = `${server.base}${buildPath(endpoint.path, input.params as Record<string, unknown>)}${queryString(input.query as Record<string, unknown>)}`;
    const headers: Record<string, string> = {
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (endpoint.method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers[HEADER_XSRF_TOKEN] = this.jar.get(COOKIE_XSRF_TOKEN) ?? '';
      headers.origin = server.base;
    }
    const res = await fetch(url, {
      method: endpoint.method,
      headers,
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(input.body ?? {}),
    });
    this.keep(res);
    const text = await res.text();
    if (!res.ok) throw new Error(`${endpoint.method} ${url} → ${res.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  async signIn(email: string) {
    const csrf = await fetch(`${server.base}${endpoints.auth.csrf.path}`);
    this.keep(csrf);
    await csrf.arrayBuffer();
    await this.call(endpoints.auth.login, {
      body: { email, password: probe.password, deviceFingerprint: 'bench-statements' },
    });
  }
}

/** Statements logged by the server's connections while `fn` ran (the marker's own excluded). */
let n = 0;
async function count(label: string, fn: () => Promise<unknown>) {
  const tag = `bench_mark_${process.pid}_${n++}`;
  await marker.query(`select '${tag}_begin'`);
  // The previous call's background work (mail and push jobs woken by it) settles first.
  await fn();
  // The workers it woke (mails, pushes) finish meanwhile.
  await new Promise((r) => setTimeout(r, 1000));
  await marker.query(`select '${tag}_end'`);
  await new Promise((r) => setTimeout(r, 1500));
  const log = fs.readFileSync(LOG, 'utf8');
  const part = log.slice(log.indexOf(`${tag}_begin`), log.indexOf(`${tag}_end`));
  const lines = part.split('\n').filter((l) => / LOG: {2}(statement|execute [^:]*): /.test(l));
  const markerPid = /\[(\d+)\]/.exec(
    log.slice(log.lastIndexOf('\n', log.indexOf(`${tag}_begin`))),
  )?.[1];
  const own = lines.filter((l) => !l.includes(`[${markerPid}]`));
  // The request's own transaction is the connection that sent `begin`; the others are the job
  // workers (mail, push) woken by it, and pg-boss's polling.
  const pidOf = (l: string) => /\[(\d+)\]/.exec(l)?.[1];
  const first = own.findIndex((l) => / statement: begin/.test(l));
  const pid = first === -1 ? undefined : pidOf(own[first]!);
  const mine = own.filter((l, n) => n >= first && pidOf(l) === pid);
  const end = mine.findIndex((l) => / statement: (commit|rollback)/.test(l));
  const inRequest = first === -1 ? 0 : end + 1;
  console.log(
    `${label.padEnd(38)} ${String(inRequest).padStart(3)} statements in the request's transaction, ` +
      `${own.length - inRequest} on other connections (job workers) meanwhile`,
  );
  return own;
}

const k = probe.probeClubId - probe.firstClubId;
const member0 = probe.dirigeant.id - k * MEMBERS;
const id = (idx: number) => member0 + k * MEMBERS + idx;
const coach = new Session();
const player = new Session();
try {
  // A coach whose team has a match to come (answerable) and one played (score).
  const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19);
  const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19);
  type Row = { id: number; dateDebut: string; annule: boolean };
  let upcoming: Row | undefined;
  let played: Row | undefined;
  let team: { id: number; nom: string } | undefined;
  for (let c = 2; c < 2 + TEAMS && !(upcoming && played); c++) {
    coach.jar.clear();
    await coach.signIn(`m${id(c)}@charge.example`);
    const me = await coach.call<{ equipes: { id: number; nom: string }[] }>(
      endpoints.dashboard.infos,
    );
    team = me.equipes[0]!;
    const page = await coach.call<{ content: Row[] }>(endpoints.matches.listTeam, {
      params: { id: team.id },
      query: { size: 50 },
    });
    upcoming = page.content.find((m) => !m.annule && m.dateDebut > soon);
    played = page.content.find((m) => !m.annule && m.dateDebut < past);
  }
  if (!upcoming || !played || !team)
    throw new Error('aucune équipe avec un match à venir et un joué');
  const convoked = await coach.call<{ joueur: { id: number } }[]>(endpoints.matches.convocations, {
    params: { id: upcoming.id },
  });
  const playerId = convoked[0]!.joueur.id;
  await player.signIn(`m${playerId}@charge.example`);
  await count('GET convocations (sélection, lecture)', () =>
    coach.call(endpoints.matches.convocations, { params: { id: upcoming.id } }),
  );
  await count('PUT selection, publiée (16 joueurs)', () =>
    coach.call(endpoints.matches.selection, {
      params: { id: upcoming.id },
      body: {
        joueurs: convoked.map((c, n) => ({
          membreId: c.joueur.id,
          selection: n < 11 ? 'SELECTIONNE' : 'REMPLACANT',
        })),
        publier: true,
      },
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  await count('PUT convocations (un joueur répond)', () =>
    player.call(endpoints.matches.answerConvocations, {
      params: { id: upcoming.id },
      body: { items: [{ joueurId: playerId, statutPresence: 'DISPONIBLE', justification: null }] },
    }),
  );
  await count('PUT score', () =>
    coach.call(endpoints.matches.score, {
      params: { id: played.id },
      body: { scoreDomicile: 2, scoreExterieur: 1 },
    }),
  );
  await count('GET team members (miss)', () =>
    coach.call(endpoints.members.listTeam, {
      params: { clubId: probe.probeClubId, nomEquipe: team.nom },
    }),
  );
  await count('GET team members (hit)', () =>
    coach.call(endpoints.members.listTeam, {
      params: { clubId: probe.probeClubId, nomEquipe: team.nom },
    }),
  );
  if (process.argv.includes('--print')) {
    const lines = await count('PUT selection again (print)', () =>
      coach.call(endpoints.matches.selection, {
        params: { id: upcoming.id },
        body: {
          joueurs: convoked.map((c, n) => ({
            membreId: c.joueur.id,
            selection: n < 11 ? 'REMPLACANT' : 'SELECTIONNE',
          })),
          publier: true,
        },
      }),
    );
    for (const l of lines) console.log(l.slice(0, 220));
  }
} finally {
  await server.stop();
  await marker.end();
  await dropDatabase(NAME);
}
