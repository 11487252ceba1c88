import {
  fairnessAlerts,
  percent,
  playingTimeAlerts,
  playingTimeOf,
  seasonFirstYear,
  seasonOf,
  seasonParam,
  teamResults,
  type TClubStatistics,
  type TPlayerStatistics,
  type TStatisticsQuery,
  type TTeamStatistics,
} from '@club/contract';
import { assertOwnClub, found, memberRef, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeCsv } from '../members/index.ts';
import {
  seasonFigures,
  type PlayerFigures,
  type SeasonFigures,
  type TeamFigures,
} from './statistics.repository.ts';
import {
  assertMayExportOwnTeamStatistics,
  assertMayReadOwnTeamStatistics,
  statisticsPolicy,
} from './statistics.policy.ts';

const pad = (n: number) => String(n).padStart(2, '0');

function seasonJson(f: SeasonFigures) {
  const s = seasonOf(`${f.firstYear}-${pad(f.startMonth)}-01`, f.startMonth);
  return { libelle: seasonParam(f.firstYear), debut: s.debut, fin: s.fin };
}

/**
 * Whether the player's attendance was taken at one of the trainings counted for them; in a team
 * 'présent par défaut' silence is an answer (present). Otherwise there is no rate: « non relevée »
 * (docs/decisions/0106-what-other-families-read-of-a-match-and-a-member.md).
 */
const attendanceTaken = (team: TeamFigures, p: PlayerFigures) => team.parDefaut || p.releves > 0;

/** Every player's row of a team, the fairness flag computed over all of them. */
function playerRows(team: TeamFigures): {
  rows: TPlayerStatistics[];
  median: number | null;
  medianTime: number | null;
} {
  const { median, alerts } = fairnessAlerts(team.players);
  // Playing time from the sheets and the actions (docs/decisions/0128-playing-time.md).
  const time = playingTimeOf(team.feuilles ?? []);
  const timeOf = (id: number) =>
    time.get(id) ?? { minutes: 0, possibles: 0, buts: 0, passes: 0, cartons: 0 };
  const shares = team.players.map((p) => {
    const t = timeOf(p.id);
    return t.possibles > 0 ? t.minutes / t.possibles : null;
  });
  const timeAlerts = playingTimeAlerts(shares);
  const rows = team.players.map((p, i) => ({
    membre: memberRef({ id: p.id, nom: p.nom, prenom: p.prenom }),
    actuel: p.actuel,
    entrainements: { presents: p.presents, total: p.total },
    matchs: {
      convocations: p.convocations,
      disponibles: p.disponibles,
      selectionne: p.selectionne,
      remplacant: p.remplacant,
      nonRetenu: p.nonRetenu,
    },
    tauxPresence: attendanceTaken(team, p) ? percent(p.presents, p.total) : null,
    partSelection: percent(p.selectionne, p.disponibles),
    alerteEquite: alerts[i]!,
    buts: timeOf(p.id).buts,
    passes: timeOf(p.id).passes,
    cartons: timeOf(p.id).cartons,
    minutesJouees: timeOf(p.id).minutes,
    partTempsDeJeu: percent(timeOf(p.id).minutes, timeOf(p.id).possibles),
    alerteTempsDeJeu: timeAlerts.alerts[i]!,
  }));
  return { rows, median, medianTime: timeAlerts.median };
}

const CSV_HEADERS = [
  'Nom',
  'Prénom',
  'Entraînements présents',
  'Entraînements tenus',
  'Taux de présence (%)',
  'Convocations',
  'Disponible',
  'Sélectionné',
  'Remplaçant',
  'Non retenu',
  'Part de sélection (%)',
  'Alerte équité',
  'Dans l’équipe aujourd’hui',
  'Buts',
  'Passes décisives',
  'Cartons',
  'Minutes jouées',
  'Part du temps de jeu (%)',
  'Alerte temps de jeu',
] as const;

const num = (v: number | null) => (v === null ? '' : String(v));

/**
 * Team statistics (docs/decisions/0080-team-statistics.md): one query per answer
 * (statistics.repository.ts), then STATISTICS_PERMISSIONS decides which rows leave: every row for
 * the coach and the leaders, the reader's own row for a player, the children's rows for a parent.
 * Another club's team and a missing one answer 404 before the table is asked.
 */
export function createStatisticsService({ db, clock }: { db: DbOrTx; clock: Clock }) {
  async function teamFigures(actor: Actor, teamId: number, q: TStatisticsQuery) {
    const figures = found(
      await seasonFigures(db, actor.clubId, {
        teamId,
        firstYear: q.saison ? seasonFirstYear(q.saison) : undefined,
        now: clock.now(),
      }),
    );
    const team = found(figures.teams[0]);
    assertMayReadOwnTeamStatistics(actor, teamId);
    return { figures, team };
  }

  return {
    /** GET /api/statistiques/equipe/{teamId}?saison= */
    async team(actor: Actor, teamId: number, q: TStatisticsQuery): Promise<TTeamStatistics> {
      const { figures, team } = await teamFigures(actor, teamId, q);
      const complet = statisticsPolicy.can(actor, 'readAll', { teamIds: [teamId] });
      const { rows, median, medianTime } = playerRows(team);
      const own = new Set([actor.id, ...(actor.childIds ?? [])]);
      return {
        equipe: { id: team.teamId, nom: team.nom },
        saison: seasonJson(figures),
        resultats: teamResults(team.scores),
        entrainementsTenus: team.trainingsHeld,
        medianeSelection: complet && median !== null ? Math.round(median * 100) : null,
        medianeTempsDeJeu: complet && medianTime !== null ? Math.round(medianTime * 100) : null,
        complet,
        joueurs: complet
          ? rows
          : rows
              .filter((r) => own.has(r.membre.id))
              .map((r) => ({ ...r, alerteEquite: null, alerteTempsDeJeu: null })),
      };
    },

    /** GET /api/statistiques/equipe/{teamId}/export?saison=: the CSV text and a file name. */
    async teamExport(actor: Actor, teamId: number, q: TStatisticsQuery) {
      const { figures, team } = await teamFigures(actor, teamId, q);
      assertMayExportOwnTeamStatistics(actor, teamId);
      const { rows } = playerRows(team);
      const csv = writeCsv(
        CSV_HEADERS,
        rows.map((r) => [
          r.membre.nom,
          r.membre.prenom,
          String(r.entrainements.presents),
          String(r.entrainements.total),
          num(r.tauxPresence),
          String(r.matchs.convocations),
          String(r.matchs.disponibles),
          String(r.matchs.selectionne),
          String(r.matchs.remplacant),
          String(r.matchs.nonRetenu),
          num(r.partSelection),
          r.alerteEquite ? 'Oui' : 'Non',
          r.actuel ? 'Oui' : 'Non',
          String(r.buts),
          String(r.passes),
          String(r.cartons),
          String(r.minutesJouees),
          num(r.partTempsDeJeu),
          r.alerteTempsDeJeu ? 'Oui' : 'Non',
        ]),
      );
      return {
        csv,
        fileName: `statistiques-equipe-${teamId}-${seasonParam(figures.firstYear)}.csv`,
      };
    },

    /** GET /api/statistiques/club/{clubId}?saison= */
    async club(actor: Actor, clubId: number, q: TStatisticsQuery): Promise<TClubStatistics> {
      assertOwnClub(actor, clubId);
      const figures = found(
        await seasonFigures(db, actor.clubId, {
          firstYear: q.saison ? seasonFirstYear(q.saison) : undefined,
          now: clock.now(),
        }),
      );
      return {
        saison: seasonJson(figures),
        equipes: figures.teams.map((team) => {
          const { rows } = playerRows(team);
          // Over the players whose attendance was taken: null when it never was.
          const taken = team.players.filter((p) => attendanceTaken(team, p));
          const presents = taken.reduce((n, p) => n + p.presents, 0);
          const total = taken.reduce((n, p) => n + p.total, 0);
          return {
            equipe: { id: team.teamId, nom: team.nom },
            resultats: teamResults(team.scores),
            entrainementsTenus: team.trainingsHeld,
            tauxPresence: percent(presents, total),
            joueurs: rows.length,
            alertesEquite: rows.filter((r) => r.alerteEquite).length,
          };
        }),
      };
    },
  };
}
