import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CLUB_MESSAGES, LOGO_LIMITS, SETTINGS_MESSAGES, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { HttpError, badRequest } from '../../lib/http-error.ts';
import { uploadError, uploadedFile } from '../../lib/uploads.ts';
import { createPasswordConfirmation } from '../auth/index.ts';
import { createClubsService } from './clubs.service.ts';

const endpoints = api.clubs;

/**
 * A new upload changes the logo's address (logoUrl carries its version): at that address it never
 * changes, so the browser keeps it a year; any other address (no or an old version) for a day.
 */
const LOGO_CACHE_CONTROL = 'private, max-age=86400';
const LOGO_CACHE_CONTROL_VERSIONED = 'private, max-age=31536000, immutable';

/** Club calls of spec §7 (packages/contract/src/api/clubs.ts), signed in. */
const clubsRoutes: FastifyPluginAsync = async (app) => {
  const clubs = (request: FastifyRequest) =>
    createClubsService({
      db: request.db,
      confirmPassword: createPasswordConfirmation({
        db: request.db,
        config: app.config,
        limiter: app.limiter,
        passwords: app.passwords,
      }),
    });
  // Multipart bodies only here (the logo upload): one file, no other field, at most 2 MiB.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_LIMITS.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  route(app, endpoints.get, async (request) =>
    clubs(request).get(request.actor, request.params.id),
  );

  route(app, endpoints.update, async (request) =>
    clubs(request).update(request.actor, request.params.id, request.body),
  );

  route(app, endpoints.remove, async (request, reply) => {
    await clubs(request).remove(request.actor, request.params.id, request.body.motDePasse);
    app.auth.clearSessionCookies(request, reply);
    return { message: SETTINGS_MESSAGES.clubDeleted };
  });

  // The answer is an image, not JSON: its bytes are sent as they are.
  route(app, endpoints.logo, async (request, reply) => {
    const logo = await clubs(request).logo(request.actor, request.params.id);
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
  });

  route(app, endpoints.setLogo, async (request) => {
    const service = clubs(request);
    // Refused callers never get their upload read.
    service.assertMayChangeLogo(request.actor, request.params.id);
    let bytes: Buffer;
    try {
      const part = await uploadedFile(request);
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
      throw uploadError(err, request);
    }
    return service.setLogo(request.actor, request.params.id, bytes);
  });
};
export default clubsRoutes;
