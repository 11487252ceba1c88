import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
  REFRESH_TOKEN_ABSOLUTE_SECONDS,
  REFRESH_TOKEN_IDLE_SECONDS,
  SERVER_MESSAGES,
  normalizeRole,
  type Role,
} from '@club/contract';
import { clubs, members, sessions, teams } from '../db/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { HttpError, unauthorized } from '../lib/http-error.ts';
import { signJwt, verifyJwt } from '../lib/jwt.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/tokens.ts';

/** The signed-in member, loaded on every authenticated request from the session and member rows. */
export interface AuthMember {
  id: number;
  clubId: number;
  teamId: number | null;
  role: Role;
  statut: string;
  email: string;
  nom: string;
  prenom: string;
  clubNom: string;
  teamNom: string | null;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthMember | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid, unrevoked session of an existing member is presented. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    auth: AuthService;
  }
}

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  xsrfToken: string;
}

export interface AuthService {
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
    opts: { signingKey: Buffer; publicUrl?: string },
  ) {
    const key = opts.signingKey;
    const forceSecure = opts.publicUrl?.startsWith('https:') ?? false;
    const isSecure = (request: FastifyRequest) => forceSecure || request.protocol === 'https';

    const accessTokenFor: AuthService['accessTokenFor'] = (member, sessionId) =>
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
    const setXsrfCookie: AuthService['setXsrfCookie'] = (request, reply, token) => {
      reply.setCookie(COOKIE_XSRF_TOKEN, token, {
        ...base(request),
        httpOnly: false,
        sameSite: 'lax',
      });
    };

    const auth: AuthService = {
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
    app.decorateRequest('member', null);

    /** CSRF (ARCHITECTURE §5): signed double-submit plus Origin / Sec-Fetch-Site on every state-changing method. */
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
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
    app.decorate('requireMember', async (request: FastifyRequest) => {
      const token = request.cookies[COOKIE_ACCESS_TOKEN];
      const claims = token ? verifyJwt(key, token) : null;
      if (!claims)
        throw unauthorized(
          token ? SERVER_MESSAGES.sessionExpired : SERVER_MESSAGES.unauthenticated,
        );
      const memberId = Number(claims.sub);
      const [row] = await db
        .select({
          id: members.id,
          clubId: members.clubId,
          teamId: members.teamId,
          role: members.role,
          statut: members.statut,
          email: members.email,
          nom: members.nom,
          prenom: members.prenom,
          clubNom: clubs.nom,
          teamNom: teams.nom,
        })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .innerJoin(clubs, eq(clubs.id, members.clubId))
        .leftJoin(teams, eq(teams.id, members.teamId))
        .where(
          and(
            eq(sessions.id, claims.sid),
            eq(sessions.memberId, memberId),
            isNull(sessions.revokedAt),
            gt(sessions.absoluteExpiresAt, new Date()),
          ),
        )
        .limit(1);
      const role = row ? normalizeRole(row.role) : null;
      if (!row || !role) throw unauthorized(SERVER_MESSAGES.sessionExpired);
      request.member = { ...row, role, sessionId: claims.sid };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
