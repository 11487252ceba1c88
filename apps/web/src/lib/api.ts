import {
  api as declarations,
  createClient,
  type Answer,
  type EndpointAnswerAt,
  type EndpointRoute,
  type RouteTableOf,
  type SpecOf,
  type Transport,
} from '@club/contract';
import { ENDPOINT_ROUTES } from '@club/contract/generated/endpoint-routes';
import { HttpError, request } from './http.ts';

/**
 * The endpoints the client calls. In production, the route table only (method, path, multipart,
 * file answers): the declarations' schemas are not shipped (docs/decisions/0090-web-route-table.md;
 * `import.meta.env.DEV` is a constant of the build, so the declarations are left out of it). In
 * development and tests, the declarations, which check each answer against its schema. Either is
 * typed as the table of routes of the declarations (`RouteTableOf`, decision 0145): the client
 * and `sendOrQueue` read each call's input and answer from it, with no cast.
 */
type ApiTree = typeof declarations;
export const endpoints: RouteTableOf<ApiTree> = import.meta.env.DEV
  ? declarations
  : ENDPOINT_ROUTES;

/**
 * The typed client of the HTTP API (decision 0043): one function per endpoint declared in
 * packages/contract, on the HTTP client of spec §7 (cookies, 15 s timeout, anti-forgery header,
 * silent refresh). Features call `api.members.listClub({ params: { clubId } })`: no URL string, no
 * cast. In development and tests each answer is checked against its declared schema, so that a
 * server and a screen that drift apart fail loudly instead of drawing `undefined`.
 */
const isFile = (endpoint: EndpointRoute) =>
  Object.values(endpoint.responses).some((a) => !!a && 'file' in a);

/** The declared schema of a JSON success answer, if any. */
function successSchema(endpoint: EndpointRoute) {
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    const s = Number(status);
    if (s >= 200 && s < 300 && answer && !('file' in answer) && 'safeParse' in answer)
      return answer;
  }
  return null;
}

export class AnswerMismatchError extends Error {
  constructor(endpoint: EndpointRoute, issues: string) {
    super(`Réponse inattendue de ${endpoint.method} ${endpoint.path} : ${issues}`);
    this.name = 'AnswerMismatchError';
  }
}

/** Read at each call: a test of production behaviour turns it off with vi.stubEnv('DEV', false). */
const validateAnswers = () => import.meta.env.DEV;

export const transport: Transport = async ({
  endpoint,
  method,
  path,
  query,
  body,
  headers,
  signal,
  timeoutMs,
}) => {
  const file = isFile(endpoint);
  const data = await request(path, {
    method,
    query: query as Record<string, string | number | boolean | null | undefined> | undefined,
    // The server reads a JSON object on every POST and PUT, even an empty one.
    body: body ?? (method === 'POST' || method === 'PUT' ? {} : undefined),
    headers,
    signal,
    timeoutMs,
    responseType: file ? 'blob' : 'json',
  });
  if (validateAnswers() && !file) checkAnswer(endpoint, successSchema(endpoint), data);
  return data;
};

/** In development, an answer that does not match its declared schema fails loudly. */
function checkAnswer(endpoint: EndpointRoute, schema: Answer | null | undefined, data: unknown) {
  if (!schema || 'file' in schema) return;
  const checked = schema.safeParse(data);
  if (!checked.success)
    throw new AnswerMismatchError(
      endpoint,
      checked.error.issues.map((i) => `${i.path.join('.') || '(racine)'} ${i.message}`).join(' ; '),
    );
}

/**
 * The body of a refusal the endpoint declares for `status` (a refused import's 422 report), typed
 * from its declaration as a success answer is and, in development, checked against its schema;
 * null when `err` is any other error. Features read a declared refusal through this, not a cast.
 */
export function declaredRefusal<
  E extends EndpointRoute,
  C extends keyof SpecOf<E>['responses'] & number,
>(endpoint: E, status: C, err: unknown): EndpointAnswerAt<SpecOf<E>, C> | null {
  if (!(err instanceof HttpError) || err.status !== status || err.data == null) return null;
  if (validateAnswers()) checkAnswer(endpoint, endpoint.responses[status], err.data);
  // The HTTP boundary: the answer's type is the declaration's, as for the client's answers.
  return err.data as EndpointAnswerAt<SpecOf<E>, C>;
}

export const api = createClient<ApiTree>(endpoints, transport);
