import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCurrentMemberSchema,
  ZDashboardEventSchema,
  ZDashboardEventsQuerySchema,
  ZDashboardMemberSchema,
  ZIdParamsSchema,
} from '@club/contract';
import { readErrors } from '../../lib/route-schemas.ts';
import { createDashboardService } from './dashboard.service.ts';

const tags = ['tableau de bord'];

/** The dashboard calls of spec §7 "Home and dashboard" (registered inside the signed-in scope). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDashboardService({ db: app.db });

  app.get(
    '/api/dashboard/infos',
    {
      // Answered from request.actor: no club-scoped transaction (plugins/signed-in.ts).
      config: { database: false },
      schema: {
        tags,
        summary: 'Le membre connecté',
        response: { 200: ZCurrentMemberSchema, 401: readErrors[401] },
      },
    },
    async ({ actor }) => ({
      id: actor.id,
      idClub: actor.clubId,
      idEquipe: actor.primaryTeam?.id ?? null,
      role: actor.role,
      email: actor.email,
      nom: actor.nom,
      prenom: actor.prenom,
      nomClub: actor.clubNom,
      nomEquipe: actor.primaryTeam?.nom ?? null,
      statut: actor.statut,
      equipes: [...actor.teams],
    }),
  );

  app.get(
    '/api/dashboard/evenements/:id',
    {
      // Kept per member until the club data changes (plugins/response-cache.ts).
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Événements d’une équipe : ceux d’un jour, ou ceux à venir',
        description:
          '`:id` est l’identifiant de l’équipe. Renvoie les événements de l’équipe et ceux sans ' +
          'équipe (pour toutes les équipes), triés par début. Sans paramètre : ceux du jour ' +
          'd’aujourd’hui dans le fuseau horaire du club ; `date=AAAA-MM-JJ` : ceux de ce jour (un ' +
          'événement de plusieurs jours figure sur chacun) ; `aVenir=true` (tableau de bord ' +
          'd’équipe) : ceux qui ne sont pas terminés à l’heure actuelle du club, au plus `limite` ' +
          '(20 par défaut, 100 au plus). `date` et `aVenir` ne se combinent pas. Dirigeants : ' +
          'toute équipe du club ; entraîneurs et joueurs : leurs équipes ; parents : leurs équipes ' +
          'et celles de leurs enfants (403 sinon). Équipe d’un autre club : 404.',
        params: ZIdParamsSchema,
        querystring: ZDashboardEventsQuerySchema,
        response: { 200: z.array(ZDashboardEventSchema), ...readErrors },
      },
    },
    async (request) => service.teamEvents(request.actor, request.params.id, request.query),
  );

  app.get(
    '/api/dashboard/membres/:id',
    {
      // Kept per member until the club data changes (plugins/response-cache.ts).
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Membres d’une équipe (cartes du tableau de bord)',
        description:
          '`:id` est l’identifiant de l’équipe ; tous ses membres (toute appartenance), triés par ' +
          'nom. Dirigeants : toute équipe du club ; membres de l’équipe ; parents d’un enfant de ' +
          'l’équipe (403 sinon). Équipe d’un autre club : 404.',
        params: ZIdParamsSchema,
        response: { 200: z.array(ZDashboardMemberSchema), ...readErrors },
      },
    },
    async (request) => service.teamMembers(request.actor, request.params.id),
  );
};
export default dashboardRoutes;
