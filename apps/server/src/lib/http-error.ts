import { SERVER_MESSAGES } from '@club/contract';

/**
 * An error a service throws to answer with a status and a French message
 * (docs/architecture.md §10).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (
  message: string = SERVER_MESSAGES.validation,
  errors?: Record<string, string>,
) => new HttpError(400, message, errors);
export const unauthorized = (message: string = SERVER_MESSAGES.unauthenticated) =>
  new HttpError(401, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) =>
  new HttpError(403, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (
  message: string = SERVER_MESSAGES.conflict,
  errors?: Record<string, string>,
) => new HttpError(409, message, errors);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message: string = SERVER_MESSAGES.tooManyRequests,
) =>
  new HttpError(429, message, undefined, {
    'retry-after': String(retryAfterSeconds),
    'x-rate-limit-retry-after-seconds': String(retryAfterSeconds),
  });
