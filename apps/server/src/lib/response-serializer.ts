import type { FastifySchema } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Route = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Response serialisation (decision 0030-request-path-caching).
 *
 * - `zod` (tests): every answer is encoded by its zod schema, so a test fails when an answer does
 *   not match the contract.
 * - `compiled` (default elsewhere): the same zod schema, converted once to JSON Schema and compiled
 *   by fast-json-stringify: no run-time validation, only the declared fields written. A schema whose
 *   wire form differs from its parsed form (transforms, codecs, defaults) or that JSON Schema cannot
 *   express keeps the zod serialiser.
 */
export type ResponseSerializer = 'zod' | 'compiled';

export function compiledJsonSchema(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    const input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });
    // Output mode only adds `additionalProperties: false` to objects; anything else differing is a
    // transform, codec or default.
    const plain = (s: unknown) =>
      JSON.stringify(s, (k, v: unknown) => (k === 'additionalProperties' ? undefined : v));
    if (plain(output) !== plain(input)) return null;
    const { $schema: _ignored, ...rest } = output as Record<string, unknown>;
    return rest;
  } catch {
    return null;
  }
}

export function createResponseSerializerCompiler(mode: ResponseSerializer) {
  return (route: Route): ((data: unknown) => string) => {
    if (mode === 'zod') return zodSerializerCompiler(route);
    const json = compiledJsonSchema((route as { schema: FastifySchema }).schema);
    if (!json) return zodSerializerCompiler(route);
    try {
      return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (
        data: unknown,
      ) => string;
    } catch {
      return zodSerializerCompiler(route);
    }
  };
}
