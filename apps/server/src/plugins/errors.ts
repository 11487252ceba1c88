import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@club/contract';
import { HttpError } from '../lib/http-error.ts';
import { isDatabaseUnavailable, sqlState } from '../lib/pg-errors.ts';

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
// 22021 (NUL / invalid UTF-8) and 22P05 (untranslatable character): the contract's string
// schemas refuse control characters first; these are the last resort for any input that slips by.
const PG_CHECK_OR_RANGE = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
  '23514',
]);

/**
 * A request its client aborted: Node's IncomingMessage fails with Error('aborted') (code
 * ECONNRESET) while its body is read, and marks itself aborted.
 */
export function isClientAbort(
  error: { code?: string; message?: string },
  raw: { aborted?: boolean; destroyed?: boolean },
): boolean {
  if (error.code !== 'ECONNRESET' && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') return false;
  return raw.aborted === true || error.message === 'aborted';
}

/**
 * The error for a request whose client is gone before it was read or run (decision 0100): what
 * Node reports for an aborted body, so the handler answers it as a client abort.
 */
export const clientAbortError = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' });

/** One error handler: JSON { message, errors? } in French, never a stack trace or SQL text. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field =
            issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
            (issue.params as { issue?: { keys?: string[] } })?.issue?.keys?.[0] ||
            '_';
          errors[field] ??= issue.message ?? SERVER_MESSAGES.invalidValue;
        }
        return reply.status(400).send({ message: SERVER_MESSAGES.validation, errors });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error.cause }, 'réponse non conforme à son schéma');
        return reply.status(500).send({ message: SERVER_MESSAGES.internal });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.status(400).send({ message: SERVER_MESSAGES.malformedJson });
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
        case 'FST_REQ_FILE_TOO_LARGE':
        case 'FST_FILES_LIMIT':
        case 'FST_PARTS_LIMIT':
          return reply.status(413).send({ message: SERVER_MESSAGES.payloadTooLarge });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
          return reply
            .status(error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ? 400 : 415)
            .send({
              message:
                error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
                  ? SERVER_MESSAGES.badRequest
                  : SERVER_MESSAGES.unsupportedMediaType,
            });
      }
      if (error instanceof SyntaxError && error.statusCode === 400) {
        return reply.status(400).send({ message: SERVER_MESSAGES.malformedJson });
      }
      // The client went away in the middle of its request (its body cut short): nothing is wrong
      // on our side. Node reports it as ECONNRESET, which must not read as a database failure.
      if (isClientAbort(error, request.raw)) {
        request.log.debug({ code: error.code }, 'requête interrompue par le client');
        return reply.status(400).send({ message: SERVER_MESSAGES.badRequest });
      }
      const state = sqlState(error);
      if (state === PG_UNIQUE_VIOLATION)
        return reply.status(409).send({ message: SERVER_MESSAGES.conflict });
      if (state === PG_FOREIGN_KEY_VIOLATION)
        return reply.status(409).send({ message: SERVER_MESSAGES.conflict });
      if (state && PG_CHECK_OR_RANGE.has(state))
        return reply.status(400).send({ message: SERVER_MESSAGES.validation });
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'base de données indisponible');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ message: SERVER_MESSAGES.unavailable });
      }
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      if (status === 429)
        return reply.status(429).send({ message: SERVER_MESSAGES.tooManyRequests });
      if (status === 500) {
        request.log.error({ err: error }, 'erreur non gérée');
        return reply.status(500).send({ message: SERVER_MESSAGES.internal });
      }
      return reply
        .status(status)
        .send({ message: status === 404 ? SERVER_MESSAGES.notFound : SERVER_MESSAGES.badRequest });
    });
  },
  { name: 'errors' },
);
