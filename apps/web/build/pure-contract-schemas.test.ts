// @vitest-environment node
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureContractSchemas } from './pure-contract-schemas.ts';

type Handler = (
  this: { parse: typeof parseAst },
  code: string,
  id: string,
) => { code: string } | null;

function transform(code: string, id = '/repo/packages/contract/src/events.ts') {
  const hook = pureContractSchemas().transform as { filter: { id: RegExp }; handler: Handler };
  if (!hook.filter.id.test(id)) return null;
  return hook.handler.call({ parse: parseAst }, code, id)?.code ?? null;
}

describe('the contract’s top-level schemas are marked pure for the bundler', () => {
  it('wraps every constant computed by a call, exported or not, in a pure IIFE', () => {
    const out = transform(
      [
        "import { z } from 'zod';",
        'const ZBase = z.object({ a: z.string() }).strict();',
        'export const ZWrite = ZBase.extend({ b: z.number() });',
        'export const LIMITS = { nomMax: 120 };',
        'export function rule(x) { return x > 1; }',
      ].join('\n'),
    );
    expect(out).toContain(
      'const ZBase = /* @__PURE__ */ (() => z.object({ a: z.string() }).strict())();',
    );
    expect(out).toContain(
      'export const ZWrite = /* @__PURE__ */ (() => ZBase.extend({ b: z.number() }))();',
    );
    expect(out).toContain('export const LIMITS = { nomMax: 120 };');
    expect(out).toContain('export function rule(x) { return x > 1; }');
  });

  it('leaves a module without such a constant, and any file outside the contract, untouched', () => {
    expect(transform('export const A = 1;')).toBeNull();
    expect(transform('const x = f();', '/repo/apps/web/src/lib/api.ts')).toBeNull();
    expect(transform('const x = f();', '/repo/packages/contract/src/events.test.ts')).toBeNull();
  });
});
