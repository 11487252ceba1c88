import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZActivateInvitationBodySchema,
  ZChangePasswordBodySchema,
  ZCurrentMemberSchema,
  ZInvitationInfoSchema,
  ZInvitationTokenParamsSchema,
  ZMessageSchema,
} from '@club/contract';
import * as service from './auth.service.ts';
import * as invitations from './invitation.service.ts';

/** Signed-in account calls and the invitation (activation) calls. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/infos',
    {
      schema: {
        tags: ['auth'],
        summary: 'Le membre connecté',
        response: { 200: ZCurrentMemberSchema },
      },
      preHandler: app.requireMember,
    },
    async (request) => {
      const m = request.member!;
      return {
        id: m.id,
        idClub: m.clubId,
        idEquipe: m.teamId,
        role: m.role,
        email: m.email,
        nom: m.nom,
        prenom: m.prenom,
        nomClub: m.clubNom,
        nomEquipe: m.teamNom,
        statut: m.statut,
      };
    },
  );

  app.post(
    '/api/compte/mot-de-passe',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change son mot de passe (mot de passe actuel requis)',
        body: ZChangePasswordBodySchema,
        response: { 200: ZMessageSchema },
      },
      preHandler: app.requireMember,
    },
    async (request) => service.changePassword(app, request.member!, request.body),
  );

  app.get(
    '/api/membres/invitation/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Qui est invité par ce lien',
        params: ZInvitationTokenParamsSchema,
        response: { 200: ZInvitationInfoSchema },
      },
    },
    async (request) => invitations.invitationInfo(app, request.params.token),
  );

  app.post(
    '/api/membres/invitation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Active le compte invité en choisissant un mot de passe',
        body: ZActivateInvitationBodySchema,
        response: { 200: ZMessageSchema },
      },
    },
    async (request) => invitations.activateInvitation(app, request.body),
  );
};
export default accountRoutes;
