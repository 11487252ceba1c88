import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** A node of the ESTree the bundler's parser returns, as far as this plugin reads it. */
interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * Marks the top-level constants of packages/contract that are computed by a call (the zod schemas:
 * `z.object(…)`, `ZX.extend(…)`, `defineEndpoint(…)`) as pure, by wrapping each initialiser in an
 * IIFE annotated `@__PURE__`. The bundler cannot know a zod call has no side effect, so a screen
 * that imported one message or rule of a contract module shipped every schema of that module, and
 * zod with them; annotated, an unused schema is dropped (docs/decisions/0090-web-route-table.md).
 * The contract does no I/O and registers nothing at import (architecture §2), so no call it makes
 * at the top level has an effect to keep.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'club:pure-contract-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/ },
      handler(code) {
        const program = this.parse(code) as unknown as { body: Node[] };
        const out = new MagicString(code);
        let changed = false;
        for (const statement of program.body) {
          const declaration =
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations ?? []) {
            if (init?.type !== 'CallExpression') continue;
            out.appendLeft(init.start, '/* @__PURE__ */ (() => ');
            out.appendRight(init.end, ')()');
            changed = true;
          }
        }
        return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
      },
    },
  };
}
