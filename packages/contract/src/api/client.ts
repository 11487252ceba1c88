import {
  buildPath,
  isEndpoint,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointSpec,
  type EndpointTree,
} from './endpoint.ts';

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
  endpoint: EndpointSpec;
  method: EndpointSpec['method'];
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
  endpoint: EndpointSpec,
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

export function createClient<T extends EndpointTree>(tree: T, transport: Transport): Client<T> {
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
