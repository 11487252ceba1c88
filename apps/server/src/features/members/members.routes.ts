import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiErrorSchema,
  ZClubIdParamsSchema,
  ZClubMemberSearchSchema,
  ZClubTeamParamsSchema,
  ZIdParamsSchema,
  ZMemberCreateSchema,
  ZMemberListSchema,
  ZMemberSchema,
  ZMemberUpdateSchema,
  ZMessageSchema,
  ZPagingQuerySchema,
  ZTeamMemberSearchSchema,
} from '@club/contract';
import { readErrors as errors, writeErrors } from '../../lib/route-schemas.ts';
import { createInvitationService } from '../auth/index.ts';
import { createMembersService } from './members.service.ts';

const tags = ['membres'];

/** Members calls of spec §7 (paths, methods and field names kept exactly), signed in. */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = createInvitationService({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });
  const service = createMembersService({
    db: app.db,
    // Registered after this feature (features/index.ts): read when a member is written.
    notifier: () => (app.hasDecorator('matchNotifier') ? app.matchNotifier : undefined),
    // A mail failure leaves the member created (a leader can resend): reported as false, not thrown.
    invite: (member) =>
      invitations.send(member).then(
        () => true,
        () => false,
      ),
  });

  app.get(
    '/api/membres/club/:clubId',
    {
      // Kept per member until the club data changes (plugins/response-cache.ts).
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Membres du club (dirigeants) ; page et size optionnels',
        params: ZClubIdParamsSchema,
        querystring: ZPagingQuerySchema,
        response: { 200: ZMemberListSchema, ...errors },
      },
    },
    async (request) => service.listClub(request.actor, request.params.clubId, request.query),
  );

  app.get(
    '/api/membres/club/:clubId/recherche',
    {
      schema: {
        tags,
        summary: 'Recherche des membres du club (nom et prénom sans accents ni casse)',
        params: ZClubIdParamsSchema,
        querystring: ZClubMemberSearchSchema,
        response: { 200: ZMemberListSchema, ...errors },
      },
    },
    async (request) => service.searchClub(request.actor, request.params.clubId, request.query),
  );

  app.get(
    '/api/membres/recherche/equipe',
    {
      schema: {
        tags,
        summary: "Recherche des membres d'une équipe",
        querystring: ZTeamMemberSearchSchema,
        response: { 200: ZMemberListSchema, ...errors },
      },
    },
    async (request) => service.searchTeam(request.actor, request.query),
  );

  app.get(
    '/api/membres/:clubId/equipe/:nomEquipe',
    {
      schema: {
        tags,
        summary: "Membres d'une équipe (dirigeants et membres de l'équipe)",
        params: ZClubTeamParamsSchema,
        querystring: ZPagingQuerySchema,
        response: { 200: ZMemberListSchema, ...errors },
      },
    },
    async (request) =>
      service.listTeam(
        request.actor,
        request.params.clubId,
        request.params.nomEquipe,
        request.query,
      ),
  );

  app.get(
    '/api/membres/:id',
    {
      schema: {
        tags,
        summary: 'Un membre',
        params: ZIdParamsSchema,
        response: { 200: ZMemberSchema, ...errors },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.post(
    '/api/membres',
    {
      schema: {
        tags,
        summary: "Crée un membre et lui envoie l'invitation",
        body: ZMemberCreateSchema,
        response: { 201: ZMemberSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.actor, request.body)),
  );

  app.put(
    '/api/membres/:id',
    {
      schema: {
        tags,
        summary: 'Modifie un membre (fiche, écran équipe, profil) ; champs non autorisés : 403',
        params: ZIdParamsSchema,
        body: ZMemberUpdateSchema,
        response: { 200: ZMemberSchema, ...writeErrors },
      },
    },
    async (request) => service.update(request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/membres/:id',
    {
      schema: {
        tags,
        summary: 'Supprime un membre',
        params: ZIdParamsSchema,
        response: { 200: ZMessageSchema, ...writeErrors },
      },
    },
    async (request) => service.remove(request.actor, request.params.id),
  );

  app.post(
    '/api/membres/:id/invitation',
    {
      schema: {
        tags,
        summary: "Renvoie l'invitation d'un membre qui n'a pas encore activé son compte",
        params: ZIdParamsSchema,
        response: { 200: ZMessageSchema, ...writeErrors, 503: ZApiErrorSchema },
      },
    },
    async (request) => service.resendInvitation(request.actor, request.params.id),
  );
};
export default membersRoutes;
