import { api as declarations, listEndpoints, routeTable } from '../index.ts';
import { describe, expect, it } from 'vitest';

/**
 * The route table the web's production build ships instead of the endpoint declarations
 * (docs/decisions/0090-web-route-table.md) is written from the declarations by this test, as a
 * file snapshot: a changed declaration fails here until `npx vitest run -u <this file>` rewrites
 * endpoint-routes.ts and endpoint-paths.ts (CI never writes them). They live in the contract,
 * beside what they are derived from: the one place that writes an API path (decision 0145).
 */
describe('the route table of the production build', () => {
  it('is the contract’s declarations reduced to method, path, multipart and file answers', async () => {
    const source =
      '// Written by generated-tables.test.ts from the declarations of packages/contract (run it with -u\n' +
      '// after changing an endpoint). The production build ships this table instead of the\n' +
      '// declarations: docs/decisions/0090-web-route-table.md.\n' +
      '// Typed from the declarations (a type import: none of them is shipped), so that the client\n' +
      '// built on it types each call (decision 0145).\n' +
      "import type { RouteTableOf } from '../api/endpoint.ts';\n" +
      "import type { api } from '../api/index.ts';\n\n" +
      `export const ENDPOINT_ROUTES: RouteTableOf<typeof api> = ${JSON.stringify(routeTable(declarations), null, 2)};\n`;
    await expect(source).toMatchFileSnapshot('./endpoint-routes.ts');
  });

  it('gives each endpoint’s path as an export of its own, for the calls made before the client loads', async () => {
    // The entry's first calls, the HTTP client's refresh and the service worker cannot load the
    // route table (the entry's JavaScript budget, decision 0091): they import the paths they use,
    // one export each so that a bundle keeps only those. 'members.listClub' → membersListClub.
    const exportName = (dotted: string) =>
      dotted.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());
    const source =
      '// Written by generated-tables.test.ts from the declarations of packages/contract (run it with -u\n' +
      '// after changing an endpoint): the path of each endpoint, for the calls made before the typed\n' +
      '// client loads (the entry, lib/http.ts, the service worker).\n\n' +
      listEndpoints(declarations)
        .map(([name, e]) => `export const ${exportName(name)} = ${JSON.stringify(e.path)};\n`)
        .join('');
    await expect(source).toMatchFileSnapshot('./endpoint-paths.ts');
  });

  it('keeps what a call needs: a CSV export is a file, an upload is multipart', () => {
    const table = routeTable(declarations);
    const all = JSON.stringify(table);
    expect(all).not.toContain('summary');
    expect(all).toContain('"multipart":true');
    expect(all).toMatch(/"file":"text\/csv[^"]*"/);
  });
});
