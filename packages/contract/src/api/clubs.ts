import { z } from 'zod';
import { ZAccountClubCreateSchema, ZAccountClubSchema } from '../auth.ts';
import { CLUB_PERMISSIONS, ZClubSchema, ZClubUpdateSchema } from '../clubs.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';
import { ZPasswordConfirmationSchema } from '../privacy.ts';
import { ZIdParamsSchema, ZMessageSchema, safeString } from '../schemas/common.ts';
import { SESSION, can, defineEndpoint } from './endpoint.ts';

const tags = ['club'];

export const ZLogoQuerySchema = z.object({ v: safeString().max(40).optional() });

/** The club's information, logo and deletion (the settings page). */
export const clubsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/clubs',
    tags,
    summary: 'Crée un autre club pour le compte connecté, qui en devient dirigeant',
    access: SESSION,
    body: ZAccountClubCreateSchema,
    responses: { 201: ZAccountClubSchema },
    errors: [409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/clubs/:id',
    tags,
    summary: 'Les informations du club',
    access: can(CLUB_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZClubSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/clubs/:id',
    tags,
    summary: 'Modifie les informations du club (dirigeant)',
    access: can(CLUB_PERMISSIONS, 'update', SETTINGS_MESSAGES.onlyManagerEdit),
    params: ZIdParamsSchema,
    body: ZClubUpdateSchema,
    responses: { 200: ZClubSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/clubs/:id',
    tags,
    summary: 'Supprime le club et tout son contenu (dirigeant, mot de passe requis)',
    access: can(CLUB_PERMISSIONS, 'delete', SETTINGS_MESSAGES.onlyManagerDelete),
    params: ZIdParamsSchema,
    body: ZPasswordConfirmationSchema,
    responses: { 200: ZMessageSchema },
    errors: [429],
  }),
  logo: defineEndpoint({
    method: 'GET',
    path: '/api/clubs/:id/logo',
    tags,
    summary: 'Le logo du club (image, mise en cache)',
    access: can(CLUB_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    query: ZLogoQuerySchema,
    responses: { 200: { file: 'image/*' } },
  }),
  setLogo: defineEndpoint({
    method: 'POST',
    path: '/api/clubs/:id/logo',
    tags,
    summary: 'Remplace le logo (dirigeant) : multipart, champ « file », PNG, JPEG ou WebP ≤ 2 Mo',
    access: can(CLUB_PERMISSIONS, 'logo', SETTINGS_MESSAGES.onlyManagerEdit),
    params: ZIdParamsSchema,
    multipart: true,
    responses: { 200: ZClubSchema },
    errors: [413, 415],
  }),
};
