import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { forbidden } from './http-error.ts';
import {
  ZApiErrorSchema,
  mayEver,
  routeKey,
  type EndpointReply,
  type EndpointRequest,
  type EndpointSpec,
} from '@club/contract';

/**
 * Registers a route from its declaration in packages/contract (decision 0043): method, path,
 * schemas, documentation and the error answers all come from there; the server adds only the
 * handler and its own options (caching, CSRF exemption, no database). The handler returns the
 * answer's body; a declaration whose only success is 201 gets that status.
 */
export type EndpointHandler<S extends EndpointSpec> = (
  request: FastifyRequest<EndpointRequest<S>>,
  reply: FastifyReply,
) => Promise<EndpointReply<S> | FastifyReply>;

export interface EndpointRouteOptions {
  config?: Omit<FastifyContextConfig, 'url' | 'method'>;
  /** A Server-Sent Events route (@fastify/sse's route option; features/live). */
  sse?: RouteShorthandOptions['sse'];
}

/** The usual error statuses of a declaration, each with the French error body. */
export function errorStatuses(endpoint: EndpointSpec): number[] {
  const statuses = new Set<number>([400]);
  if (endpoint.access.kind !== 'public') {
    for (const s of [401, 403, 404]) statuses.add(s);
    if (endpoint.method !== 'GET') statuses.add(409);
  }
  if (endpoint.params) statuses.add(404);
  for (const s of endpoint.errors ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** Fastify's schema of a declaration (validation, serialisation and the OpenAPI page). */
export function fastifySchema(endpoint: EndpointSpec): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  for (const status of errorStatuses(endpoint)) response[status] = ZApiErrorSchema;
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    // A file (an image, a calendar) is sent as it is: no schema.
    if (answer && !('file' in answer)) response[Number(status)] = answer as z.ZodType;
    else delete response[Number(status)];
  }
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response,
  };
}

export function route<S extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: S,
  handler: EndpointHandler<S>,
  options: EndpointRouteOptions = {},
): void {
  const successes = Object.keys(endpoint.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  const created = successes.length === 1 && successes[0] === 201;
  const access = endpoint.access;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: fastifySchema(endpoint),
    config: { ...options.config, endpoint: routeKey(endpoint) },
    ...(options.sse !== undefined ? { sse: options.sse } : {}),
    // The declaration's permission, applied here (docs/architecture.md §7): a member none of whose
    // hats may ever do the action is refused before the request is read further, whatever it
    // targets (another club's id and a missing one get the same 403). The services keep what a
    // declaration cannot say: which rows (own team, own child), in their policy checks.
    ...(access.kind === 'permission'
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (!mayEver(access.table, request.actor, access.action))
              throw forbidden(access.refusal);
          },
        }
      : {}),
    handler: created
      ? async (request, reply) => {
          reply.status(201);
          return handler(request as FastifyRequest<EndpointRequest<S>>, reply);
        }
      : (handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>),
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'METHOD /path' of the contract declaration the route was registered from. */
    endpoint?: string;
  }
}
