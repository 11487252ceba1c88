import { ZApiErrorSchema } from '@club/contract';

/** The error answers a signed-in route documents (OpenAPI) and serialises: one French body. */
export const readErrors = {
  400: ZApiErrorSchema,
  401: ZApiErrorSchema,
  403: ZApiErrorSchema,
  404: ZApiErrorSchema,
} as const;
/** A write can also conflict (a unique name or e-mail, a stale edit). */
export const writeErrors = { ...readErrors, 409: ZApiErrorSchema } as const;
