import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@club/contract';
import { clientAbortError } from '../plugins/errors.ts';
import { HttpError } from './http-error.ts';

/**
 * The file part of a multipart upload (decision 0100). A request whose client has already gone is
 * not read: @fastify/multipart would wait for the 'close' event it missed, for ever, holding the
 * request's transaction.
 */
export async function uploadedFile(request: FastifyRequest): Promise<MultipartFile | undefined> {
  const raw = request.raw;
  if (raw.aborted || (raw.destroyed && !raw.readableEnded)) throw clientAbortError();
  return request.file();
}

/**
 * What to answer for an error met while an upload is read, once the route has recognised its own
 * (limits, missing field). The client leaving is reported as such (a quiet 400); an answer already
 * chosen (HttpError, a 4xx of Fastify or of the multipart plugin) is kept; anything else comes from
 * the multipart parser refusing the body — no boundary in the content type, a body cut before its
 * closing boundary, a malformed part header — and is the client's mistake: 400, never 500.
 */
export function uploadError(err: unknown, request: FastifyRequest): unknown {
  const e = err as { code?: string; statusCode?: number };
  if (request.raw.aborted || e.code === 'FST_MP_PREMATURE_CLOSE') return clientAbortError();
  if (err instanceof HttpError) return err;
  if (e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE') return err;
  if (e.code?.startsWith('FST_') && e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return err;
  return new HttpError(400, SERVER_MESSAGES.malformedMultipart);
}
