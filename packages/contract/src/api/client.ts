import {
  buildPath,
  isEndpoint,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointRoute,
  type EndpointSpec,
  type EndpointTree,
  type RouteTableOf,
} from './endpoint.ts';
import type { TApiError } from '../schemas/common.ts';

/**
 * The typed client of the endpoint declarations: one function per endpoint, same tree as the
 * declarations (`client.members.listClub({ params: { clubId } })`). The transport does the HTTP
 * (the web app's fetch with cookies and the anti-forgery header, the server tests' inject(), the
 * end-to-end tests' request context); the client only builds the call from the declaration.
 */
export interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key, If-Match). */
  headers?: Record<string, string>;
  /** A longer wait than the transport's default (a large import). */
  timeoutMs?: number;
}

export interface TransportRequest {
  /** The declaration, or in the web's production build its route (decision 0090). */
  endpoint: EndpointRoute;
  method: EndpointRoute['method'];
  /** The path with its parameters filled in, without the query string. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}
export type Transport = (request: TransportRequest) => Promise<unknown>;

export type EndpointCall<S extends EndpointSpec> = (
  ...args: object extends EndpointInput<S>
    ? [input?: EndpointInput<S>, options?: CallOptions]
    : [input: EndpointInput<S>, options?: CallOptions]
) => Promise<EndpointAnswer<S>>;

export type Client<T extends EndpointTree> = {
  readonly [K in keyof T]: T[K] extends EndpointSpec
    ? EndpointCall<T[K]>
    : T[K] extends EndpointTree
      ? Client<T[K]>
      : never;
};

/** The request a call makes, for a transport or a test that builds requests itself. */
export function requestOf(
  endpoint: EndpointRoute,
  input: { params?: unknown; query?: unknown; body?: unknown; headers?: unknown } = {},
  options: CallOptions = {},
): TransportRequest {
  const headers = {
    ...(input.headers as Record<string, string> | undefined),
    ...options.headers,
  };
  return {
    endpoint,
    method: endpoint.method,
    path: buildPath(endpoint.path, input.params as Record<string, unknown> | undefined),
    query: input.query as Record<string, unknown> | undefined,
    body: input.body,
    headers: Object.keys(headers).length ? headers : undefined,
    signal: options.signal,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
}

/** A query string from the non-empty values (undefined, null and '' are left out). */
export function queryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The path and query string a call requests ('/api/membres/club/1?page=0'), for a URL-only tool. */
export function urlOf<S extends EndpointSpec>(
  endpoint: S,
  ...[input]: object extends EndpointInput<S>
    ? [input?: EndpointInput<S>]
    : [input: EndpointInput<S>]
): string {
  const req = requestOf(endpoint, input as Parameters<typeof requestOf>[1]);
  return req.path + queryString(req.query);
}

/** A file answer as a test reads it: its text (a CSV, a calendar); a JSON answer keeps its type. */
export type ResultBody<S extends EndpointSpec> =
  EndpointAnswer<S> extends Blob ? string : EndpointAnswer<S>;

/**
 * What a test sees of a call (server tests' `client.send`, the end-to-end `api.send`, the bench):
 * the status, the headers and the body typed from the declaration — no cast. `body` is the
 * success answer and throws when the status is not 2xx; `error` is the French error body
 * (docs/architecture.md §3) and throws on a 2xx. Reading the wrong one fails the test with the
 * server's answer.
 */
export interface CallResult<S extends EndpointSpec> {
  readonly endpoint: S;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The answer's text, as received. */
  readonly text: string;
  readonly body: ResultBody<S>;
  readonly error: TApiError;
}

/** Builds a `CallResult` from a transport's raw answer. */
export function callResult<S extends EndpointSpec>(
  endpoint: S,
  raw: {
    status: number;
    headers: Readonly<Record<string, string | string[] | undefined>>;
    text: string;
  },
): CallResult<S> {
  const { status, headers, text } = raw;
  const where = `${endpoint.method} ${endpoint.path} → ${status}`;
  const contentType = String(headers['content-type'] ?? '');
  const parse = () =>
    text === '' ? undefined : contentType.includes('json') ? JSON.parse(text) : text;
  return {
    endpoint,
    status,
    headers,
    text,
    get body() {
      if (status < 200 || status > 299)
        throw new Error(`${where} (2xx attendu) : ${text.slice(0, 300)}`);
      return parse() as ResultBody<S>;
    },
    get error() {
      if (status < 400) throw new Error(`${where} (une erreur attendue) : ${text.slice(0, 300)}`);
      return parse() as TApiError;
    },
  };
}

/**
 * The client of the declarations `T`, built from them or from their route table (the web's
 * production build, decision 0090): the calls are typed from `T` either way.
 */
export function createClient<T extends EndpointTree>(
  tree: T | RouteTableOf<T>,
  transport: Transport,
): Client<T> {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => [
      name,
      isEndpoint(node)
        ? (input?: Parameters<typeof requestOf>[1], options?: CallOptions) =>
            transport(requestOf(node, input, options))
        : createClient(node, transport),
    ]),
  ) as unknown as Client<T>;
}
