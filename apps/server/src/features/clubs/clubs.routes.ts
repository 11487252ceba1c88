import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLUB_MESSAGES,
  LOGO_LIMITS,
  SETTINGS_MESSAGES,
  ZApiErrorSchema,
  ZClubSchema,
  ZClubUpdateSchema,
  ZIdParamsSchema,
  ZMessageSchema,
  ZPasswordConfirmationSchema,
  safeString,
} from '@club/contract';
import { HttpError, badRequest } from '../../lib/http-error.ts';
import { readErrors as errors, writeErrors } from '../../lib/route-schemas.ts';
import { createPasswordConfirmation } from '../auth/index.ts';
import { createClubsService } from './clubs.service.ts';

const tags = ['club'];

/**
 * A new upload changes the logo's address (logoUrl carries its version): at that address it never
 * changes, so the browser keeps it a year; any other address (no or an old version) for a day.
 */
const LOGO_CACHE_CONTROL = 'private, max-age=86400';
const LOGO_CACHE_CONTROL_VERSIONED = 'private, max-age=31536000, immutable';

/** Club calls of spec §7 (registered inside the signed-in scope). */
const clubsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createClubsService({
    db: app.db,
    confirmPassword: createPasswordConfirmation({
      db: app.db,
      config: app.config,
      limiter: app.limiter,
    }),
  });
  // Multipart bodies only here (the logo upload): one file, no other field, at most 2 MiB.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_LIMITS.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  app.get(
    '/api/clubs/:id',
    {
      schema: {
        tags,
        summary: 'Les informations du club',
        params: ZIdParamsSchema,
        response: { 200: ZClubSchema, ...errors },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.put(
    '/api/clubs/:id',
    {
      schema: {
        tags,
        summary: 'Modifie les informations du club (dirigeant)',
        params: ZIdParamsSchema,
        body: ZClubUpdateSchema,
        response: { 200: ZClubSchema, ...writeErrors },
      },
    },
    async (request) => service.update(request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/clubs/:id',
    {
      schema: {
        tags,
        summary: 'Supprime le club et tout son contenu (dirigeant, mot de passe requis)',
        params: ZIdParamsSchema,
        body: ZPasswordConfirmationSchema,
        response: { 200: ZMessageSchema, ...errors, 429: ZApiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(request.actor, request.params.id, request.body.motDePasse);
      app.auth.clearSessionCookies(request, reply);
      return { message: SETTINGS_MESSAGES.clubDeleted };
    },
  );

  app.get(
    '/api/clubs/:id/logo',
    {
      schema: {
        tags,
        summary: 'Le logo du club (image, mise en cache)',
        params: ZIdParamsSchema,
        querystring: z.object({ v: safeString().max(40).optional() }),
        response: errors,
      },
    },
    async (request, typedReply) => {
      // The answer is an image, not JSON: the untyped reply sends its bytes as they are.
      const reply = typedReply as FastifyReply;
      const logo = await service.logo(request.actor, request.params.id);
      const etag = `"${logo.version}"`;
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          request.query.v === logo.version ? LOGO_CACHE_CONTROL_VERSIONED : LOGO_CACHE_CONTROL,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
        return reply.status(304).send();
      return reply.type(logo.mime).send(logo.data);
    },
  );

  app.post(
    '/api/clubs/:id/logo',
    {
      schema: {
        tags,
        summary:
          'Remplace le logo (dirigeant) : multipart, champ « file », PNG, JPEG ou WebP ≤ 2 Mo',
        consumes: ['multipart/form-data'],
        params: ZIdParamsSchema,
        response: { 200: ZClubSchema, ...writeErrors, 413: ZApiErrorSchema, 415: ZApiErrorSchema },
      },
    },
    async (request) => {
      // Refused callers never get their upload read.
      service.assertMayChangeLogo(request.actor, request.params.id);
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file')
          throw badRequest(CLUB_MESSAGES.logoMissing, { file: CLUB_MESSAGES.logoMissing });
        bytes = await part.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (
          code === 'FST_REQ_FILE_TOO_LARGE' ||
          code === 'FST_PARTS_LIMIT' ||
          code === 'FST_FILES_LIMIT'
        )
          throw new HttpError(
            413,
            code === 'FST_REQ_FILE_TOO_LARGE'
              ? CLUB_MESSAGES.logoTooLarge
              : CLUB_MESSAGES.logoMissing,
          );
        if (code === 'FST_FIELDS_LIMIT')
          throw badRequest(CLUB_MESSAGES.logoMissing, { file: CLUB_MESSAGES.logoMissing });
        throw err;
      }
      return service.setLogo(request.actor, request.params.id, bytes);
    },
  );
};
export default clubsRoutes;
