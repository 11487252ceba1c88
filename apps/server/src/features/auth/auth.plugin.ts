import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
  REFRESH_TOKEN_ABSOLUTE_SECONDS,
  REFRESH_TOKEN_IDLE_SECONDS,
  SERVER_MESSAGES,
} from '@club/contract';
import type { Actor } from '../../authz/index.ts';
import { sessions } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { signJwt, verifyJwt } from '../../lib/jwt.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/tokens.ts';
import { findActor } from './auth.repository.ts';
import { createActorCache } from './actor-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in member, typed and never null inside the signed-in scope (plugins/signed-in.ts);
     * reading it anywhere else answers 401.
     */
    readonly actor: Actor;
    signedInActor: Actor | null;
  }
  interface FastifyInstance {
    /** Authenticates a request (401 unless a valid, unrevoked session of an existing member). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    auth: SessionIssuer;
  }
}

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  xsrfToken: string;
}

export interface SessionIssuer {
  /** Creates a session row (a new family) and returns its three cookie values. */
  createSession(
    db: DbOrTx,
    member: { id: number; clubId: number; role: string; statut: string },
    opts: { deviceFingerprint?: string | null; userAgent?: string | null },
  ): Promise<IssuedSession>;
  accessTokenFor(
    member: { id: number; clubId: number; role: string; statut: string },
    sessionId: string,
  ): string;
  csrfTokenFor(binding: string): string;
  /** The session id a request's access token names (signature checked, expiry ignored), or null. */
  sessionBinding(request: FastifyRequest): string;
  setSessionCookies(
    request: FastifyRequest,
    reply: FastifyReply,
    issued: Omit<IssuedSession, 'sessionId'>,
  ): void;
  clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void;
  setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
  isSecure(request: FastifyRequest): boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: { signingKey: Buffer; publicUrl?: string; actorCacheMs?: number },
  ) {
    const key = opts.signingKey;
    const forceSecure = opts.publicUrl?.startsWith('https:') ?? false;
    const isSecure = (request: FastifyRequest) => forceSecure || request.protocol === 'https';

    const accessTokenFor: SessionIssuer['accessTokenFor'] = (member, sessionId) =>
      signJwt(
        key,
        {
          sub: String(member.id),
          sid: sessionId,
          club: member.clubId,
          role: member.role,
          statut: member.statut,
        },
        ACCESS_TOKEN_TTL_SECONDS,
      );

    const csrfTokenFor = (binding: string) => {
      const nonce = randomToken(16);
      return `${nonce}.${hmac(key, `csrf:${binding}:${nonce}`)}`;
    };
    const csrfTokenValid = (token: string, binding: string) => {
      const [nonce, sig, extra] = token.split('.');
      if (!nonce || !sig || extra !== undefined) return false;
      return safeEqual(sig, hmac(key, `csrf:${binding}:${nonce}`));
    };

    const sessionBinding = (request: FastifyRequest) => {
      const token = request.cookies[COOKIE_ACCESS_TOKEN];
      if (!token) return 'anon';
      // Expiry is ignored here: the binding only ties the CSRF token to the browser's session.
      const claims = verifyJwt(key, token, 0);
      return claims ? `sid:${claims.sid}` : 'anon';
    };

    const base = (request: FastifyRequest) => ({ secure: isSecure(request), path: '/' });
    const setXsrfCookie: SessionIssuer['setXsrfCookie'] = (request, reply, token) => {
      reply.setCookie(COOKIE_XSRF_TOKEN, token, {
        ...base(request),
        httpOnly: false,
        sameSite: 'lax',
      });
    };

    const auth: SessionIssuer = {
      async createSession(db, member, { deviceFingerprint, userAgent }) {
        const refreshToken = randomToken();
        const now = Date.now();
        const [row] = await db
          .insert(sessions)
          .values({
            memberId: member.id,
            clubId: member.clubId,
            familyId: crypto.randomUUID(),
            tokenHash: sha256(refreshToken),
            deviceFingerprint: deviceFingerprint ?? null,
            userAgent: userAgent?.slice(0, 300) ?? null,
            expiresAt: new Date(now + REFRESH_TOKEN_IDLE_SECONDS * 1000),
            absoluteExpiresAt: new Date(now + REFRESH_TOKEN_ABSOLUTE_SECONDS * 1000),
          })
          .returning({ id: sessions.id });
        const sessionId = row!.id;
        return {
          sessionId,
          accessToken: accessTokenFor(member, sessionId),
          refreshToken,
          xsrfToken: csrfTokenFor(`sid:${sessionId}`),
        };
      },
      accessTokenFor,
      csrfTokenFor,
      sessionBinding,
      setSessionCookies(request, reply, issued) {
        // The JWT inside expires after 15 minutes; the cookie outlives it so that the CSRF binding and
        // the silent refresh keep working (see docs/decisions/0003-session-cookies.md).
        reply.setCookie(COOKIE_ACCESS_TOKEN, issued.accessToken, {
          ...base(request),
          httpOnly: true,
          sameSite: 'lax',
          maxAge: REFRESH_TOKEN_IDLE_SECONDS,
        });
        reply.setCookie(COOKIE_REFRESH_TOKEN, issued.refreshToken, {
          ...base(request),
          path: '/auth',
          httpOnly: true,
          sameSite: 'strict',
          maxAge: REFRESH_TOKEN_IDLE_SECONDS,
        });
        setXsrfCookie(request, reply, issued.xsrfToken);
      },
      clearSessionCookies(request, reply) {
        reply.clearCookie(COOKIE_ACCESS_TOKEN, {
          ...base(request),
          httpOnly: true,
          sameSite: 'lax',
        });
        reply.clearCookie(COOKIE_REFRESH_TOKEN, {
          ...base(request),
          path: '/auth',
          httpOnly: true,
          sameSite: 'strict',
        });
        reply.clearCookie(COOKIE_XSRF_TOKEN, { ...base(request), sameSite: 'lax' });
      },
      setXsrfCookie,
      isSecure,
    };
    app.decorate('auth', auth);

    /**
     * CSRF (docs/architecture.md §6): signed double-submit plus Origin / Sec-Fetch-Site on every
     * state-changing method.
     */
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      // A route whose signed link token is the proof (e-mail links, decision 0025) declares it.
      if (request.routeOptions.config?.csrfExempt === true) return;
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site') throw new HttpError(403, SERVER_MESSAGES.csrf);
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        const expected = opts.publicUrl
          ? new URL(opts.publicUrl).origin
          : `${request.protocol}://${request.host}`;
        if (origin !== expected && origin !== `${request.protocol}://${request.host}`) {
          throw new HttpError(403, SERVER_MESSAGES.csrf);
        }
      } else if (origin === 'null') {
        throw new HttpError(403, SERVER_MESSAGES.csrf);
      }
      const header = request.headers[HEADER_XSRF_TOKEN.toLowerCase()];
      const cookie = request.cookies[COOKIE_XSRF_TOKEN];
      if (
        typeof header !== 'string' ||
        !cookie ||
        !safeEqual(header, cookie) ||
        !csrfTokenValid(header, sessionBinding(request))
      ) {
        throw new HttpError(403, SERVER_MESSAGES.csrf);
      }
    });

    const db = app.db;
    const actors = createActorCache({ ttlMs: opts.actorCacheMs ?? 0 });
    // Before the answer of a write leaves (a hat removed loses its rights at once), and again
    // once answered (a write whose onSend did not run).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (STATE_CHANGING.has(request.method)) actors.invalidate();
      return payload;
    });
    app.addHook('onResponse', async (request) => {
      if (STATE_CHANGING.has(request.method)) actors.invalidate();
    });
    // Another instance's change of a club's data (the database's change feed).
    app.addHook('onReady', async () => {
      app.clubDataChanges?.subscribe((clubId) => actors.invalidate(clubId));
    });
    app.decorateRequest('signedInActor', null);
    app.decorateRequest('actor', {
      getter(this: FastifyRequest): Actor {
        if (!this.signedInActor) throw unauthorized();
        return this.signedInActor;
      },
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = request.cookies[COOKIE_ACCESS_TOKEN];
      const claims = token ? verifyJwt(key, token) : null;
      if (!claims)
        throw unauthorized(
          token ? SERVER_MESSAGES.sessionExpired : SERVER_MESSAGES.unauthenticated,
        );
      const memberId = Number(claims.sub);
      const actor = await actors.lookup(claims.sid, memberId, () =>
        findActor(db, claims.sid, memberId),
      );
      if (!actor) throw unauthorized(SERVER_MESSAGES.sessionExpired);
      request.signedInActor = actor;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
