import type { z } from 'zod';
import type { PermissionTable } from '../permissions.ts';

/**
 * One declaration per HTTP endpoint (decision 0043): method, path, what it reads, what it answers
 * and who may call it. The server registers its routes from these declarations, the OpenAPI page is
 * generated from them, and the web app, the tests, the end-to-end tests and the benchmarks call
 * them through the same typed client (./client.ts). A route that exists on one side only fails
 * the contract test of the server.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Anyone may call it: the credential is in the request (a token, a password) or nothing is shown. */
export interface PublicAccess {
  readonly kind: 'public';
}
/** Any signed-in member: the session itself is the target (own account, own preferences). */
export interface SessionAccess {
  readonly kind: 'session';
}
/** A signed-in member the answer is filtered for (a list shows what the member may see). */
export interface FilteredAccess {
  readonly kind: 'filtered';
}
/** A cell of a permission table: the server checks it, the authorization suite walks it. */
export interface PermissionAccess<A extends string = string> {
  readonly kind: 'permission';
  readonly table: PermissionTable<A>;
  readonly action: A;
  /** The 403's message when the spec words it (« Seul le dirigeant peut modifier le club. »). */
  readonly refusal?: string;
}
export type Access = PublicAccess | SessionAccess | FilteredAccess | PermissionAccess;

export const PUBLIC: PublicAccess = { kind: 'public' };
export const SESSION: SessionAccess = { kind: 'session' };
export const FILTERED: FilteredAccess = { kind: 'filtered' };
export function can<A extends string>(
  table: PermissionTable<A>,
  action: A,
  refusal?: string,
): PermissionAccess<A> {
  return refusal
    ? { kind: 'permission', table, action, refusal }
    : { kind: 'permission', table, action };
}

/** A JSON answer has a schema; a file (an image, a calendar, a CSV) is named by its media type. */
export type Answer = z.ZodType | { readonly file: string };

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Fastify's syntax: '/api/membres/:id'. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (If-Match). */
  readonly headers?: z.ZodType;
  /** A multipart upload: the body is a FormData, not JSON. */
  readonly multipart?: true;
  /** The successful answers, by status (at least one). */
  readonly responses: Readonly<Partial<Record<number, Answer>>>;
  /** Error statuses beyond the usual ones (400, 401, 403, 404; 409 for writes): 413, 415, 429, 503. */
  readonly errors?: readonly number[];
}

/** Keeps the literal types of a declaration (its schemas) for the typed client and handlers. */
export function defineEndpoint<const S extends EndpointSpec>(spec: S): S {
  return spec;
}

type Out<T> = T extends z.ZodType ? z.output<T> : never;
type In<T> = T extends z.ZodType ? z.input<T> : never;

/** The lowest 2xx answer's schema. */
type SuccessStatus<S extends EndpointSpec> = Extract<keyof S['responses'], 200 | 201 | 204>;
export type EndpointAnswer<S extends EndpointSpec> =
  S['responses'][SuccessStatus<S>] extends infer A
    ? A extends z.ZodType
      ? z.output<A>
      : A extends { file: string }
        ? Blob
        : never
    : never;
/**
 * The answer an endpoint declares for another status than its success, when that answer has a
 * body the caller reads (a refused import's 422 report).
 */
export type EndpointAnswerAt<
  S extends EndpointSpec,
  C extends keyof S['responses'],
> = S['responses'][C] extends infer A ? (A extends z.ZodType ? z.output<A> : never) : never;
/** What the server's handler returns (the schema's input: before serialisation). */
export type EndpointReply<S extends EndpointSpec> = S['responses'][SuccessStatus<S>] extends infer A
  ? A extends z.ZodType
    ? z.input<A>
    : unknown
  : never;

type Part<K extends string, T, Optional extends boolean> = T extends z.ZodType
  ? Optional extends true
    ? { [P in K]?: In<T> }
    : { [P in K]: In<T> }
  : unknown;
/** Whether every field of a schema's input may be left out. */
type AllOptional<T> = T extends z.ZodType ? (Partial<In<T>> extends In<T> ? true : false) : true;

/** What the client sends: params, query (optional when all its fields are), body. */
export type EndpointInput<S extends EndpointSpec> = Part<'params', S['params'], false> &
  Part<'query', S['query'], AllOptional<S['query']>> &
  (S['multipart'] extends true ? { body: FormData } : Part<'body', S['body'], false>) &
  Part<'headers', S['headers'], true>;

/** The server's view of a request to the endpoint. */
export interface EndpointRequest<S extends EndpointSpec> {
  Params: Out<S['params']>;
  Querystring: Out<S['query']>;
  Body: S['multipart'] extends true ? unknown : Out<S['body']>;
  Headers: Out<S['headers']>;
}

/** Fills a path's `:name` parameters, each URL-encoded. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`paramètre manquant : ${name} (${path})`);
    return encodeURIComponent(String(value));
  });
}

/** 'GET /api/membres/:id': how the server's route table, the grid and the bench name a route. */
export const routeKey = (e: Pick<EndpointSpec, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** A tree of endpoints (a feature's group, then the endpoint's name). */
export type EndpointTree = { readonly [name: string]: EndpointSpec | EndpointTree };

export function isEndpoint(x: EndpointSpec | EndpointTree): x is EndpointSpec {
  return (
    typeof (x as EndpointSpec).method === 'string' && typeof (x as EndpointSpec).path === 'string'
  );
}

/**
 * What a client needs of a declaration to make the call: method, path, a multipart body, which
 * answers are files. The web app ships this table instead of the declarations in production
 * (docs/decisions/0090-web-route-table.md): the schemas stay in development and tests. A
 * declaration is a route too (its answers may be schemas); the table's routes keep only files.
 */
export interface EndpointRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly multipart?: true;
  readonly responses: Readonly<Partial<Record<number, Answer>>>;
}
export type RouteTree = { readonly [name: string]: EndpointRoute | RouteTree };

/** Never set: carries a route's declaration in its type only. */
declare const SPEC: unique symbol;

/**
 * The route of the declaration `S`: what the client calls in production, typed from the
 * declaration without shipping it (decision 0145). `S` lives in the type only; `SpecOf` reads it
 * back for the call's input and answer.
 */
export type RouteOf<S extends EndpointSpec> = EndpointRoute & {
  readonly method: S['method'];
  readonly [SPEC]?: S;
};

/** The route table of a tree of declarations, typed: `RouteTableOf<typeof api>`. */
export type RouteTableOf<T extends EndpointTree> = {
  readonly [K in keyof T]: T[K] extends EndpointSpec
    ? RouteOf<T[K]>
    : T[K] extends EndpointTree
      ? RouteTableOf<T[K]>
      : never;
};

/** The declaration of a route (`RouteOf<S>` → `S`) or a declaration itself. */
export type SpecOf<E extends EndpointRoute> = E extends EndpointSpec
  ? E
  : E extends { readonly [SPEC]?: infer S extends EndpointSpec }
    ? S
    : never;

/** The route table of a tree of declarations, same shape (`routeTable(api).members.listClub`). */
export function routeTable(tree: EndpointTree): RouteTree {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => {
      if (!isEndpoint(node)) return [name, routeTable(node)];
      const files = Object.entries(node.responses).filter(
        (entry): entry is [string, { file: string }] => !!entry[1] && 'file' in entry[1],
      );
      const route: EndpointRoute = {
        method: node.method,
        path: node.path,
        ...(node.multipart ? { multipart: true as const } : {}),
        responses: Object.fromEntries(files.map(([status, a]) => [status, { file: a.file }])),
      };
      return [name, route];
    }),
  );
}

/** Every endpoint of a tree with its dotted name ('members.listClub'). */
export function listEndpoints(tree: EndpointTree, prefix = ''): [string, EndpointSpec][] {
  return Object.entries(tree).flatMap(([name, node]) =>
    isEndpoint(node) ? [[`${prefix}${name}`, node]] : listEndpoints(node, `${prefix}${name}.`),
  );
}
