import { z } from 'zod';
import { ZClubIdParamsSchema } from '../members.ts';
import { ZIdParamsSchema, ZMessageSchema } from '../schemas/common.ts';
import {
  TEAM_PERMISSIONS,
  ZTeamByCatDivQuerySchema,
  ZTeamSchema,
  ZTeamSummarySchema,
  ZTeamWriteSchema,
} from '../teams.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['équipes'];

export const teamsEndpoints = {
  byCategoryDivision: defineEndpoint({
    method: 'GET',
    path: '/api/equipes/by-cat-div',
    tags,
    summary: 'Équipes du club de même catégorie et division',
    access: can(TEAM_PERMISSIONS, 'read'),
    query: ZTeamByCatDivQuerySchema,
    responses: { 200: z.array(ZTeamSchema) },
  }),
  listClub: defineEndpoint({
    method: 'GET',
    path: '/api/equipes/club/:clubId',
    tags,
    summary: 'Équipes du club',
    access: can(TEAM_PERMISSIONS, 'read'),
    params: ZClubIdParamsSchema,
    responses: { 200: z.array(ZTeamSchema) },
  }),
  summaries: defineEndpoint({
    method: 'GET',
    path: '/api/equipes/club/:clubId/resume',
    tags,
    summary:
      'Cartes des équipes : nombre de joueurs, entraîneurs, prochain événement, dernier résultat',
    access: can(TEAM_PERMISSIONS, 'read'),
    params: ZClubIdParamsSchema,
    responses: { 200: z.array(ZTeamSummarySchema) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/equipes/:id',
    tags,
    summary: 'Une équipe',
    access: can(TEAM_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZTeamSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/equipes',
    tags,
    summary: 'Crée une équipe (dirigeants)',
    access: can(TEAM_PERMISSIONS, 'create'),
    body: ZTeamWriteSchema,
    responses: { 201: ZTeamSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/equipes/:id',
    tags,
    summary: 'Modifie une équipe (dirigeants)',
    access: can(TEAM_PERMISSIONS, 'update'),
    params: ZIdParamsSchema,
    body: ZTeamWriteSchema,
    responses: { 200: ZTeamSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/equipes/:id',
    tags,
    summary: 'Supprime une équipe ; ses membres restent dans le club, sans équipe',
    access: can(TEAM_PERMISSIONS, 'delete'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
  }),
};
