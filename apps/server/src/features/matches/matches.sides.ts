import { scoreFromActions } from '@club/contract';
import type { MatchRow } from './matches.repository.ts';
import type { ActionRow } from './matches.sheet.repository.ts';

/** The team names and the score as on the pitch (the base team plays away when !domicile). */
export function sides(row: MatchRow, actions: ActionRow[]) {
  const s = scoreFromActions(actions);
  const opponent = row.awayTeamId !== null ? row.awayTeamNom : row.opponentName;
  return row.domicile
    ? {
        home: row.homeTeamNom,
        away: opponent,
        score: { domicile: s.equipe, exterieur: s.adversaire },
      }
    : {
        home: opponent,
        away: row.homeTeamNom,
        score: { domicile: s.adversaire, exterieur: s.equipe },
      };
}
