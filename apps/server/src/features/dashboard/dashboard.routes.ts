import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createDashboardService } from './dashboard.service.ts';

const endpoints = api.dashboard;

/** The dashboard calls of spec §7 (packages/contract/src/api/dashboard.ts), signed in. */
const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const dashboard = (request: FastifyRequest) => createDashboardService({ db: request.db });

  // Answered from request.actor: no club-scoped transaction (plugins/signed-in.ts).
  route(
    app,
    endpoints.infos,
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
      roleClub: actor.roleClub,
      equipes: [...actor.teams],
      enfants: [...(actor.children ?? [])],
      // One section per hat on the home (docs/architecture.md §7).
      casquettes: {
        roleClub: actor.roleClub,
        equipes: [...actor.teams],
        enfants: [...(actor.children ?? [])],
      },
    }),
    { config: { database: false } },
  );
  // Kept per member until the club data changes (plugins/response-cache.ts). The home also reads
  // the club's clock (what is not started yet): an answer is at most the cache's lifetime old.
  route(app, endpoints.home, async (request) => dashboard(request).home(request.actor), {
    config: { responseCache: true },
  });
  route(
    app,
    endpoints.events,
    async (request) =>
      dashboard(request).teamEvents(request.actor, request.params.id, request.query),
    { config: { responseCache: true } },
  );
  route(
    app,
    endpoints.members,
    async (request) => dashboard(request).teamMembers(request.actor, request.params.id),
    { config: { responseCache: true } },
  );
};
export default dashboardRoutes;
