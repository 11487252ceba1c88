import { ZClubIdParamsSchema } from '../members.ts';
import {
  STATISTICS_PERMISSIONS,
  ZClubStatisticsSchema,
  ZStatisticsQuerySchema,
  ZTeamIdParamsSchema,
  ZTeamStatisticsSchema,
} from '../statistics.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['statistiques'];

export const statisticsEndpoints = {
  team: defineEndpoint({
    method: 'GET',
    path: '/api/statistiques/equipe/:teamId',
    tags,
    summary:
      'Statistiques d’une équipe sur une saison (résultats, présences, sélections, alerte d’équité)',
    description:
      'L’entraîneur et les dirigeants voient chaque joueur ; un joueur sa ligne ; un parent celles ' +
      'de ses enfants. saison=AAAA-AAAA (défaut : la saison en cours du club, moisDebutSaison).',
    access: can(STATISTICS_PERMISSIONS, 'read'),
    params: ZTeamIdParamsSchema,
    query: ZStatisticsQuerySchema,
    responses: { 200: ZTeamStatisticsSchema },
  }),
  teamExport: defineEndpoint({
    method: 'GET',
    path: '/api/statistiques/equipe/:teamId/export',
    tags,
    summary: 'Statistiques des joueurs d’une équipe en CSV pour tableur : UTF-8 avec BOM, « ; »',
    description:
      'Mêmes règles que l’export des membres : en-têtes français, guillemets RFC 4180, valeurs ' +
      'commençant par = + - @ précédées d’une apostrophe.',
    access: can(STATISTICS_PERMISSIONS, 'export'),
    params: ZTeamIdParamsSchema,
    query: ZStatisticsQuerySchema,
    responses: { 200: { file: 'text/csv' } },
  }),
  club: defineEndpoint({
    method: 'GET',
    path: '/api/statistiques/club/:clubId',
    tags,
    summary: 'Vue d’ensemble du club sur une saison : présences et résultats par équipe',
    access: can(STATISTICS_PERMISSIONS, 'club'),
    params: ZClubIdParamsSchema,
    query: ZStatisticsQuerySchema,
    responses: { 200: ZClubStatisticsSchema },
  }),
};
