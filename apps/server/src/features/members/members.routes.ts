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
import type { FastifyRequest } from 'fastify';
import { sendInvitation } from '../auth/index.ts';
import { createMembersService, type SignedInMember } from './members.service.ts';

const errors = {
  400: ZApiErrorSchema,
  401: ZApiErrorSchema,
  403: ZApiErrorSchema,
  404: ZApiErrorSchema,
};
const writeErrors = { ...errors, 409: ZApiErrorSchema };
const tags = ['membres'];

const actorOf = (request: FastifyRequest): SignedInMember => {
  const m = request.member!;
  return {
    id: m.id,
    clubId: m.clubId,
    teamId: m.teamId,
    role: m.role,
    nom: m.nom,
    prenom: m.prenom,
    clubNom: m.clubNom,
  };
};

/** Members calls of spec §7 (paths, methods and field names kept exactly). */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMembersService({
    db: app.db,
    // The accounts feature owns invitation tokens and mails; a mail failure leaves the member created
    // (a leader can resend), so it is reported as false rather than thrown.
    invite: async (member) => {
      try {
        await sendInvitation(app, member);
        return true;
      } catch {
        return false;
      }
    },
  });
  const preHandler = app.requireMember;

  app.get(
    '/api/membres/club/:clubId',
    {
      schema: {
        tags,
        summary: 'Membres du club (dirigeants) ; page et size optionnels',
        params: ZClubIdParamsSchema,
        querystring: ZPagingQuerySchema,
        response: { 200: ZMemberListSchema, ...errors },
      },
      preHandler,
    },
    async (request) => service.listClub(actorOf(request), request.params.clubId, request.query),
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
      preHandler,
    },
    async (request) => service.searchClub(actorOf(request), request.params.clubId, request.query),
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
      preHandler,
    },
    async (request) => service.searchTeam(actorOf(request), request.query),
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
      preHandler,
    },
    async (request) =>
      service.listTeam(
        actorOf(request),
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
      preHandler,
    },
    async (request) => service.get(actorOf(request), request.params.id),
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
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
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
      preHandler,
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body),
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
      preHandler,
    },
    async (request) => service.remove(actorOf(request), request.params.id),
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
      preHandler,
    },
    async (request) => service.resendInvitation(actorOf(request), request.params.id),
  );
};
export default membersRoutes;
