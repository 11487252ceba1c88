import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@club/contract';

/**
 * The router's own refusals (a malformed percent-encoding, a path parameter over maxParamLength,
 * a failed constraint) skip the error handler: Fastify answers in English and echoes the URL.
 * Found by the fuzzer; here they get the uniform French 400 body.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.debug({ code: error.code }, 'adresse refusée par le routeur');
  void reply.status(400).send({ message: SERVER_MESSAGES.badRequest });
}
