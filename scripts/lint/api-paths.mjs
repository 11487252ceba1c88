// The API is called through its declarations (packages/contract/src/api), never by a path written
// by hand (docs/conventions.md §3): a renamed path then fails to compile wherever it is used. The
// lint rule below fails on a string or template literal that starts with '/api/' or '/auth/' (or
// 'GET /api/…', a route's name) anywhere but in the contract (which holds the tables generated
// from its declarations for the web app, decision 0145).
//
// For what no declaration can send (a malformed body, a forged anti-forgery token, a path that
// does not exist), tests use the one raw helper of their side: `client.raw()` in
// apps/server/src/test/helper.ts, `api.raw()` in e2e/fixtures.ts, with `urlOf(endpoint, input)`
// or `endpoint.path` for the URL; a path that is not an endpoint on purpose (a 404 probe) takes
// an `eslint-disable-next-line no-restricted-syntax -- <why>` on its line.

const METHOD_AND_PATH = '^((GET|POST|PUT|PATCH|DELETE) )?\\u002F(api|auth)\\u002F';
const MESSAGE =
  'Chemin d’API écrit à la main : appeler la déclaration du contrat (client.send/call/api, ' +
  'api.send/client, urlOf(endpoint, input)) ou le helper raw() (scripts/lint/api-paths.mjs).';

// A test's title may name the route it tests (`describe('GET /api/flux: …')`): it calls nothing.
const TEST_TITLE =
  'CallExpression[callee.name=/^(describe|it|test)$/], CallExpression[callee.object.name=/^(describe|it|test)$/]';
export const API_PATH_RULE = [
  'error',
  {
    selector: `Literal[value=/${METHOD_AND_PATH}/]:not(:matches(${TEST_TITLE}) > Literal)`,
    message: MESSAGE,
  },
  {
    selector: `TemplateElement[value.raw=/${METHOD_AND_PATH}/]:not(:matches(${TEST_TITLE}) > TemplateLiteral > TemplateElement)`,
    message: MESSAGE,
  },
];

/** Where a path is declared: the contract, with the tables generated from it for the web app. */
export const DECLARING_FILES = ['packages/contract/**'];

/**
 * The raw helpers of the tests: they write the paths that are no endpoint on purpose (a route a
 * plugin test registers, a 404 probe) once, as `offContract` and `Api.missingPath`.
 */
export const RAW_HELPER_FILES = ['apps/server/src/test/helper.ts', 'e2e/fixtures.ts'];
