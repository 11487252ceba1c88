/**
 * `npm run seed:demo`: a realistic demo club in the database the server uses (same configuration:
 * DATA_DIR or DATABASE_URL). Idempotent: when the demo club exists nothing is written (its sign-in
 * details are printed again); `npm run seed:demo -- --reset` deletes it and builds it anew.
 * With the embedded database, stop the server first (PGlite is single-process).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import type { MemberStatus, PresenceStatus, Role } from '@club/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError, openDatabase, type Db, type DbOrTx } from '../db/client.ts';
import {
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  createPayment,
  linkGuardian,
  setMemberTeams,
} from '../db/factories.ts';
import {
  clubs,
  eventSeries,
  feeSeasons,
  feeTariffs,
  members,
  teams as teamsTable,
} from '../db/schema.ts';
import { FIRST_NAMES_MEN, FIRST_NAMES_WOMEN, LAST_NAMES } from '../db/sample-names.ts';

export const DEMO_CLUB = 'AS Démo Nantes';
export const DEMO_PASSWORD = 'Demo-Nantes-2026!';
const DOMAIN = 'as-demo-nantes.example';

const POSTES = [
  'Gardien',
  'Défenseur central',
  'Latéral droit',
  'Latéral gauche',
  'Milieu défensif',
  'Milieu offensif',
  'Ailier',
  'Attaquant',
];
const OPPONENTS = [
  'FC Rezé',
  'US Saint-Herblain',
  'AC Carquefou',
  'Orvault SF',
  'SC Vertou',
  'ES Sautron',
  'JA Basse-Goulaine',
  'AS Sainte-Luce',
  'FC Bouguenais',
  'Saint-Sébastien FC',
  'La Chapelle-sur-Erdre AC',
  'Couëron Chabossière',
];

const TEAMS = [
  {
    nom: 'Seniors A',
    categorie: 'Senior',
    division: 'Régional 1',
    genre: 'Homme',
    born: [1990, 2004],
    training: { day: 2, hour: 19 },
  },
  {
    nom: 'Seniors B',
    categorie: 'Senior',
    division: 'Départemental 2',
    genre: 'Homme',
    born: [1988, 2005],
    training: { day: 3, hour: 19 },
  },
  {
    nom: 'Féminines',
    categorie: 'Senior',
    division: 'Régional 2',
    genre: 'Femme',
    born: [1995, 2006],
    training: { day: 4, hour: 19 },
  },
  {
    nom: 'U17',
    categorie: 'U17',
    division: 'Régional 2',
    genre: 'Homme',
    born: [2009, 2010],
    training: { day: 3, hour: 17 },
  },
  {
    nom: 'U15',
    categorie: 'U15',
    division: 'Départemental 1',
    genre: 'Homme',
    born: [2011, 2012],
    training: { day: 1, hour: 17 },
  },
] as const;

/** A small deterministic generator, so that two runs build the same club. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const wall = (d: Date, hour: number, minute = 0) => `${ymd(d)} ${pad(hour)}:${pad(minute)}:00`;
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

interface Seeded {
  accounts: { role: Role; email: string; nom: string; team?: string }[];
  counts: Record<string, number>;
}

async function seed(tx: DbOrTx, today: Date): Promise<Seeded> {
  const rand = rng(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const usedEmails = new Set<string>();
  const counts: Record<string, number> = {
    équipes: 0,
    membres: 0,
    événements: 0,
    matchs: 0,
    convocations: 0,
  };
  const accounts: Seeded['accounts'] = [];

  const club = await createClub(tx, {
    nom: DEMO_CLUB,
    sport: 'Football',
    description:
      'Club de football amateur des bords de Loire : cinq équipes, des débutants aux seniors.',
    ville: 'Nantes',
    pays: 'France',
    adresse: '12 boulevard des Sports, 44300 Nantes',
    telephone: '02 40 00 00 00',
  });

  let lastIndex = 0;
  async function member(
    role: Role,
    o: {
      teamId?: number | null;
      genre: 'Homme' | 'Femme';
      born: number;
      statut?: MemberStatus;
      invited?: boolean;
      poste?: string;
      numero?: number;
    },
  ) {
    const prenom = pick(o.genre === 'Homme' ? FIRST_NAMES_MEN : FIRST_NAMES_WOMEN);
    const nom = LAST_NAMES[lastIndex++ % LAST_NAMES.length]!;
    let email = `${slug(prenom)}.${slug(nom)}@${DOMAIN}`;
    for (let i = 2; usedEmails.has(email); i++)
      email = `${slug(prenom)}.${slug(nom)}${i}@${DOMAIN}`;
    usedEmails.add(email);
    const m = await createMember(tx, club.id, {
      role,
      nom,
      prenom,
      email,
      genre: o.genre,
      teamId: o.teamId ?? null,
      statut: o.statut ?? 'Actif',
      dateNaissance: `${o.born}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
      telephone: `06${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
      numeroLicence: String(2_500_000_000 + Math.floor(rand() * 99_999_999)),
      taille: role === 'JOUEUR' ? 150 + Math.floor(rand() * 45) : null,
      poids: role === 'JOUEUR' ? 45 + Math.floor(rand() * 45) : null,
      poste: o.poste ?? null,
      numero: o.numero ?? null,
      // Invited members have no password until they follow their invitation link.
      password: o.invited ? null : DEMO_PASSWORD,
    });
    counts.membres!++;
    return m;
  }

  // Leaders.
  const president = await member('DIRIGEANT', { genre: 'Femme', born: 1972 });
  await member('DIRIGEANT', { genre: 'Homme', born: 1968 });
  const responsable = await member('RESPONSABLE', { genre: 'Homme', born: 1980 });
  await member('RESPONSABLE', { genre: 'Femme', born: 1985, invited: true });
  accounts.push({
    role: 'DIRIGEANT',
    email: president.email,
    nom: `${president.prenom} ${president.nom}`,
  });
  accounts.push({
    role: 'RESPONSABLE',
    email: responsable.email,
    nom: `${responsable.prenom} ${responsable.nom}`,
  });

  const teams: {
    id: number;
    nom: string;
    coach: number;
    players: number[];
    parents: number[];
    def: (typeof TEAMS)[number];
  }[] = [];
  for (const [t, def] of TEAMS.entries()) {
    const team = await createTeam(tx, club.id, {
      nom: def.nom,
      categorie: def.categorie,
      division: def.division,
    });
    counts.équipes!++;
    const coach = await member('ENTRAINEUR', {
      teamId: team.id,
      genre: t === 2 ? 'Femme' : 'Homme',
      born: 1975 + t * 2,
    });
    if (t === 0)
      accounts.push({
        role: 'ENTRAINEUR',
        email: coach.email,
        nom: `${coach.prenom} ${coach.nom}`,
        team: def.nom,
      });
    const players: number[] = [];
    for (let i = 0; i < 9; i++) {
      const statut: MemberStatus =
        i === 3 && t < 3
          ? 'Blessé'
          : i === 6 && t % 2 === 0
            ? 'Suspendu'
            : i === 5 && t === 1
              ? 'Malade'
              : 'Actif';
      const p = await member('JOUEUR', {
        teamId: team.id,
        genre: def.genre,
        born: def.born[0] + Math.floor(rand() * (def.born[1] - def.born[0] + 1)),
        statut,
        invited: i === 7 && t === 1,
        poste: POSTES[i % POSTES.length],
        numero: i === 0 ? 1 : 2 + i * 2 + (t % 2),
      });
      players.push(p.id);
      if (t === 0 && i === 0)
        accounts.push({
          role: 'JOUEUR',
          email: p.email,
          nom: `${p.prenom} ${p.nom}`,
          team: def.nom,
        });
    }
    // Parents for the youth teams.
    const parents: number[] = [];
    if (def.categorie !== 'Senior') {
      for (let i = 0; i < 4; i++) {
        const parent = await member('PARENT', {
          teamId: team.id,
          genre: i % 2 ? 'Homme' : 'Femme',
          born: 1978 + i,
        });
        parents.push(parent.id);
        if (t === 3 && i === 0)
          accounts.push({
            role: 'PARENT',
            email: parent.email,
            nom: `${parent.prenom} ${parent.nom}`,
            team: def.nom,
          });
      }
    }
    teams.push({ id: team.id, nom: def.nom, coach: coach.id, players, parents, def });
  }

  // Real clubs: a coach of two teams, a player in two teams, parents linked to their children.
  const [, seniorsB, , u17, u15] = teams as [
    (typeof teams)[0],
    (typeof teams)[0],
    (typeof teams)[0],
    (typeof teams)[0],
    (typeof teams)[0],
  ];
  await setMemberTeams(tx, club.id, u17.coach, [u17.id, u15.id]);
  await setMemberTeams(tx, club.id, u17.players[1]!, [u17.id, seniorsB.id]);
  for (const team of [u17, u15])
    for (const [i, parentId] of team.parents.entries())
      await linkGuardian(tx, club.id, parentId, team.players[i + 2]!);
  // The demo PARENT account has a child in U17 and another in U15.
  await linkGuardian(tx, club.id, u17.parents[0]!, u15.players[8]!);

  // The season: September 1st to June 30th around today.
  const seasonStartYear = today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1;
  const seasonStart = new Date(seasonStartYear, 8, 1);
  const seasonEnd = new Date(seasonStartYear + 1, 5, 30);

  // Trainings: each team's weekly series for the whole season (decision 0024), skipping the
  // Christmas break (its dates are the series' exclusions).
  const isChristmas = (day: Date) => day.getMonth() === 11 && day.getDate() >= 22;
  const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
  const seriesOf = new Map<number, number>();
  for (const team of teams) {
    const first = addDays(seasonStart, (team.def.training.day - seasonStart.getDay() + 7) % 7);
    const exclusions: string[] = [];
    for (let day = first; day <= seasonEnd; day = addDays(day, 7))
      if (isChristmas(day)) exclusions.push(ymd(day));
    const [series] = await tx
      .insert(eventSeries)
      .values({
        clubId: club.id,
        rrule: `FREQ=WEEKLY;BYDAY=${RRULE_DAYS[team.def.training.day]};UNTIL=${ymd(seasonEnd).replaceAll('-', '')}`,
        exclusions,
        dtstart: wall(first, team.def.training.hour),
      })
      .returning({ id: eventSeries.id });
    seriesOf.set(team.id, series!.id);
  }

  for (let day = seasonStart; day <= seasonEnd; day = addDays(day, 1)) {
    const weekday = day.getDay();
    // Trainings: each team on its day, outside the Christmas break.
    const christmas = isChristmas(day);
    if (!christmas)
      for (const team of teams)
        if (team.def.training.day === weekday) {
          await createEvent(tx, club.id, {
            nom: `Entraînement ${team.nom}`,
            type: 'ENTRAINEMENT',
            dateDebut: wall(day, team.def.training.hour),
            dateFin: wall(day, team.def.training.hour + 2),
            lieux:
              team.def.categorie === 'Senior'
                ? 'Stade de la Beaujoire, terrain annexe'
                : 'Complexe sportif de la Roche',
            teamIds: [team.id],
            seriesId: seriesOf.get(team.id)!,
            occurrenceDate: ymd(day),
          });
          counts.événements!++;
        }
    // Club meeting on the first Monday of each month (for all teams: no team attached).
    if (weekday === 1 && day.getDate() <= 7) {
      await createEvent(tx, club.id, {
        nom: day.getMonth() === 8 ? 'Assemblée générale' : 'Réunion du bureau',
        type: 'REUNION',
        dateDebut: wall(day, 20),
        dateFin: wall(day, 22),
        lieux: 'Club-house',
      });
      counts.événements!++;
    }
  }
  // A youth tournament in spring.
  await createEvent(tx, club.id, {
    nom: 'Tournoi de Pâques',
    type: 'TOURNOI',
    dateDebut: wall(new Date(seasonStartYear + 1, 3, 11), 9),
    dateFin: wall(new Date(seasonStartYear + 1, 3, 11), 18),
    lieux: 'Complexe sportif de la Roche',
    teamIds: teams.filter((t) => t.def.categorie !== 'Senior').map((t) => t.id),
  });
  counts.événements!++;

  // Matches every other weekend, alternating home and away; scores for the past ones.
  const firstSaturday = addDays(seasonStart, ((6 - seasonStart.getDay() + 7) % 7) + 7);
  let opponent = 0;
  for (let week = 0; week < 36; week += 2) {
    for (const [t, team] of teams.entries()) {
      const day = addDays(firstSaturday, week * 7 + (team.def.categorie === 'Senior' ? 1 : 0));
      if (day > seasonEnd) continue;
      const hour = team.def.categorie === 'Senior' ? 15 : 14;
      const past = addDays(day, 1) <= today;
      const cancelled = week === 10 && t === 1;
      const home = (week / 2 + t) % 2 === 0;
      const { match, event } = await createMatch(tx, club.id, {
        homeTeamId: team.id,
        opponentName: OPPONENTS[opponent++ % OPPONENTS.length]!,
        dateDebut: wall(day, hour),
        dateFin: wall(day, hour + 2),
        lieux: home ? 'Stade de la Beaujoire, terrain annexe' : 'Stade de l’adversaire',
        domicile: home,
        // Meeting 45 min before at home; away, at the club 1 h 15 before, to share the cars.
        rendezVous: home ? wall(day, hour - 1, 15) : wall(day, hour - 2, 45),
        lieuRendezVous: home ? null : 'Parking du stade de la Beaujoire',
        scoreDomicile: past && !cancelled ? Math.floor(rand() * 5) : null,
        scoreExterieur: past && !cancelled ? Math.floor(rand() * 4) : null,
        cancelled,
      });
      void event;
      counts.événements!++;
      counts.matchs!++;
      // Convocations: every player of the team is convoked to each match (as matchSync does);
      // past matches are answered, the next three weeks partly, later ones not yet.
      if (cancelled) continue;
      const soon = day <= addDays(today, 21);
      for (const [i, playerId] of team.players.entries()) {
        const answered = past || (soon && rand() < 0.6);
        const presence: PresenceStatus | null = !answered
          ? null
          : rand() < 0.82
            ? 'DISPONIBLE'
            : 'INDISPONIBLE';
        await createConvocation(tx, club.id, match.id, playerId, {
          statutPresence: presence,
          justification:
            presence === 'INDISPONIBLE'
              ? pick([
                  'Blessure à la cheville',
                  'Déplacement professionnel',
                  'Examens',
                  'Raisons familiales',
                ])
              : null,
          answeredAt: answered ? new Date(`${ymd(addDays(day, -2 - (i % 3)))}T18:00:00`) : null,
        });
        counts.convocations!++;
      }
    }
  }
  // The season's fees (docs/decisions/0135-membership-fees.md): tariffs by category, 10 % off
  // from a family's second member, and a few payments — three cheques, cash, a Pass'Sport.
  const feeSeason = today.getMonth() >= 6 ? today.getFullYear() : today.getFullYear() - 1;
  await tx.insert(feeSeasons).values({
    clubId: club.id,
    season: feeSeason,
    reductionFamille: 10,
    dateLimite: `${feeSeason}-10-31`,
  });
  await tx.insert(feeTariffs).values(
    [
      { libelle: 'École de foot', categories: ['U6', 'U7', 'U8', 'U9'], montant: 12000 },
      { libelle: 'Préformation', categories: ['U10', 'U11', 'U12', 'U13'], montant: 15000 },
      { libelle: 'Jeunes', categories: ['U14', 'U15', 'U16', 'U17', 'U18', 'U19'], montant: 17000 },
      { libelle: 'Seniors', categories: ['Senior'], montant: 20000 },
      { libelle: 'Vétérans', categories: ['Vétéran'], montant: 14000 },
    ].map((t, position) => ({ clubId: club.id, season: feeSeason, position, ...t })),
  );
  const paid = async (memberId: number, values: Parameters<typeof createPayment>[3]) => {
    const [m] = await tx
      .select({ nom: members.nom, prenom: members.prenom })
      .from(members)
      .where(eq(members.id, memberId));
    await createPayment(tx, club.id, memberId, {
      season: feeSeason,
      memberNom: m!.nom,
      memberPrenom: m!.prenom,
      date: `${feeSeason}-09-0${(memberId % 9) + 1}`,
      // the club's RESPONSABLE keeps the accounts
      recordedBy: responsable.id,
      recordedByNom: responsable.nom,
      recordedByPrenom: responsable.prenom,
      ...values,
    });
  };
  for (const team of teams) {
    const [a, b, c] = team.players as [number, number, number];
    await paid(a, {
      montant: 15000,
      moyen: 'CHEQUE',
      reference: 'Crédit Agricole',
      echeances: [10, 11, 12].map((month) => ({
        date: `${feeSeason}-${month}-05`,
        montant: 5000,
      })),
    });
    await paid(b, { montant: 5000, moyen: 'ESPECES' });
    await paid(c, { montant: 5000, moyen: 'PASS_SPORT', reference: `PS-DEMO-${c}` });
  }

  // A friendly between the two senior teams of the club.
  const friendly = addDays(seasonStart, 6);
  await createMatch(tx, club.id, {
    homeTeamId: teams[0]!.id,
    awayTeamId: teams[1]!.id,
    dateDebut: wall(friendly, 10),
    dateFin: wall(friendly, 12),
    lieux: 'Stade de la Beaujoire, terrain annexe',
    scoreDomicile: friendly <= today ? 3 : null,
    scoreExterieur: friendly <= today ? 1 : null,
  });
  counts.événements!++;
  counts.matchs!++;

  return { accounts, counts };
}

/**
 * Creates the demo club unless it exists (then nothing is written), or rebuilds it with reset.
 * Everything happens in one transaction.
 */
export async function seedDemo(
  db: Db,
  opts: { reset?: boolean; today?: Date } = {},
): Promise<Seeded & { created: boolean; clubId: number }> {
  const [existing] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.nom, DEMO_CLUB));
  if (existing && !opts.reset)
    return {
      created: false,
      clubId: existing.id,
      counts: {},
      accounts: await accountsInDatabase(db, existing.id),
    };
  return db.transaction(async (tx) => {
    if (existing) await tx.delete(clubs).where(eq(clubs.id, existing.id));
    const result = await seed(tx, opts.today ?? new Date());
    const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.nom, DEMO_CLUB));
    return { ...result, created: true, clubId: club!.id };
  });
}

async function main() {
  const reset = process.argv.includes('--reset');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  // npm runs this script from apps/server: a relative DATA_DIR is taken from where npm was called,
  // as for `npm start`.
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, config.DATA_DIR);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`Base verrouillée : ${err.message}`);
      process.exit(75);
    }
    throw err;
  }
  const started = Date.now();
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `base embarquée ${dataDir}`;
  try {
    const outcome = await seedDemo(database.db, { reset });
    // A bulk load: the planner gets the new rows' statistics now rather than at autovacuum's next
    // round (never, on the embedded database before the server's upkeep: db/upkeep.ts).
    if (outcome.created) await database.db.execute(sql`analyze`);
    if (!outcome.created) {
      console.log(`Le club « ${DEMO_CLUB} » existe déjà dans la ${where} : rien n’a été modifié.`);
      console.log('Pour le reconstruire : npm run seed:demo -- --reset');
    } else {
      console.log(
        `Club « ${DEMO_CLUB} » créé dans la ${where} en ${((Date.now() - started) / 1000).toFixed(1)} s :`,
      );
      console.log(
        `  ${Object.entries(outcome.counts)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}`,
      );
    }
    printAccounts(outcome.accounts);
  } finally {
    await database.close();
  }
}

/** One activated member of each role of the demo club, the first created (the ones seed() lists). */
async function accountsInDatabase(db: DbOrTx, clubId: number): Promise<Seeded['accounts']> {
  const rows = await db
    .select({
      role: members.role,
      email: members.email,
      prenom: members.prenom,
      nom: members.nom,
      teamId: members.teamId,
      hasPassword: members.passwordHash,
    })
    .from(members)
    .where(eq(members.clubId, clubId))
    .orderBy(asc(members.id));
  const teamRows = await db
    .select({ id: teamsTable.id, nom: teamsTable.nom })
    .from(teamsTable)
    .where(eq(teamsTable.clubId, clubId));
  const seen = new Set<string>();
  const out: Seeded['accounts'] = [];
  for (const r of rows) {
    if (!r.hasPassword || seen.has(r.role)) continue;
    seen.add(r.role);
    out.push({
      role: r.role as Role,
      // An account (it has a password) always has an address (decision 0111).
      email: r.email!,
      nom: `${r.prenom} ${r.nom}`,
      team: teamRows.find((t) => t.id === r.teamId)?.nom,
    });
  }
  const order = ['DIRIGEANT', 'RESPONSABLE', 'ENTRAINEUR', 'JOUEUR', 'PARENT'];
  return out.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
}

function printAccounts(accounts: Seeded['accounts']) {
  console.log('\nComptes de démonstration (un par rôle, même mot de passe pour tous) :');
  for (const a of accounts)
    console.log(
      `  ${a.role.padEnd(12)} ${a.email.padEnd(44)} ${a.nom}${a.team ? ` (${a.team})` : ''}`,
    );
  console.log(`  Mot de passe : ${DEMO_PASSWORD}`);
  console.log('\nLancez `npm start` puis ouvrez http://localhost:3000/connexion');
}

const invokedDirectly =
  !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly)
  main().catch((err) => {
    console.error('Échec du jeu de démonstration :', err instanceof Error ? err.message : err);
    process.exit(1);
  });
