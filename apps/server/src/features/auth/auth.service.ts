import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_MESSAGES,
  LOGIN_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  REFRESH_TOKEN_IDLE_SECONDS,
  SERVER_MESSAGES,
  SETTINGS_MESSAGES,
  normalizeRole,
  type TChangePasswordBody,
  type TForgotPasswordBody,
  type TLoginBody,
  type TResetPasswordBody,
  type TAccountClub,
  type TSessionInfo,
} from '@club/contract';
import type { Actor } from '../../authz/index.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, unauthorized, tooManyRequests } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/password-hash.ts';
import { clientNetwork, type RateLimiter } from '../../lib/rate-limiter.ts';
import { emailKey, enforceLimit } from '../../lib/throttle.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { Mail, Mailer } from '../../plugins/mailer.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';
import type { IssuedSession, SessionIssuer } from './auth.plugin.ts';
import * as repo from './auth.repository.ts';
import { passwordChangedMail, passwordResetMail } from './auth.mails.ts';
import { assertAcceptablePassword } from './password-policy.ts';

/** Two tabs refreshing at once: the immediately previous refresh token stays usable this long. */
export const REFRESH_GRACE_MS = 10_000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type Account = NonNullable<Awaited<ReturnType<typeof repo.findMemberById>>>;

export function sessionInfo(m: Account): TSessionInfo {
  const role = normalizeRole(m.role)!;
  return {
    id: m.id,
    idClub: m.clubId,
    idEquipe: m.teamId,
    role,
    email: m.email,
    nomEquipe: m.teamNom,
    nomClub: m.clubNom,
    statut: m.statut,
    ...(role === 'JOUEUR' ? { joueurId: m.id } : {}),
  };
}

/**
 * The clubs of the account `m` signs in with (docs/decisions/0112): the rows of its e-mail that
 * share its password, this one included. Read on the owner's handle (every club).
 */
export async function accountClubs(
  db: DbOrTx,
  m: { email: string; passwordHash: string | null },
): Promise<TAccountClub[]> {
  if (!m.passwordHash) return [];
  const rows = await repo.accountRows(db, m.email);
  return rows.flatMap((r) => {
    const role = normalizeRole(r.role);
    return r.passwordHash === m.passwordHash && role
      ? [{ idClub: r.idClub, nomClub: r.nomClub, idMembre: r.idMembre, role }]
      : [];
  });
}

export interface AuthDeps {
  db: DbOrTx;
  config: Config;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Session rows, tokens and cookies (auth.plugin.ts). */
  sessions: SessionIssuer;
  /** The app's password hashing (`app.passwords`, lib/password-hash.ts). */
  passwords: PasswordHasher;
}

/** Who is calling, as the login and reset calls need it. */
export interface RequestContext {
  ip: string;
  userAgent?: string | null;
  /** Base address of links in e-mails (PUBLIC_URL, else HOST and PORT: lib/public-url.ts). */
  baseUrl: string;
}

export type RefreshResult =
  | { kind: 'rotated'; issued: IssuedSession; info: TSessionInfo }
  /** Grace re-use of the previous token: a new access token for the current row, refresh cookie untouched. */
  | { kind: 'grace'; accessToken: string; xsrfToken: string; info: TSessionInfo };

/**
 * Sessions, password reset and password change (spec §7 authentication, docs/architecture.md §6).
 */
export function createAuthService(deps: AuthDeps) {
  const { db, config, limiter, sessions, log, passwords } = deps;

  function sendInBackground(mail: Mail) {
    // Not awaited: the answer must not reveal (by its timing) whether a mail was sent.
    deps.mailer.send(mail).catch((err: unknown) => log.error({ err }, 'échec d’envoi d’un e-mail'));
  }

  /**
   * Refresh: one row per refresh token, rows of one login share a family. Every use rotates;
   * presenting an already rotated token revokes the whole family, except the immediately previous
   * token within REFRESH_GRACE_MS.
   */
  async function refresh(
    refreshToken: string | undefined,
    deviceFingerprint: string,
    attempt = 0,
  ): Promise<RefreshResult> {
    const expired = () => unauthorized(SERVER_MESSAGES.sessionExpired);
    if (!refreshToken) throw expired();
    const tokenHash = sha256(refreshToken);
    const row = await repo.findSessionByTokenHash(db, tokenHash);
    if (!row || row.revokedAt) throw expired();
    const now = new Date();

    if (row.rotatedAt) {
      const successor = await repo.findSuccessor(db, tokenHash);
      const inGrace =
        now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS &&
        successor &&
        !successor.rotatedAt &&
        !successor.revokedAt &&
        successor.deviceFingerprint === deviceFingerprint;
      if (!inGrace) {
        await repo.revokeFamily(db, row.familyId);
        log.warn(
          { family: row.familyId },
          'réutilisation d’un jeton de rafraîchissement : famille révoquée',
        );
        throw expired();
      }
      const member = await repo.findMemberById(db, successor.memberId);
      if (!member || !member.passwordHash) throw expired();
      return {
        kind: 'grace',
        accessToken: sessions.accessTokenFor(member, successor.id),
        xsrfToken: sessions.csrfTokenFor(`sid:${successor.id}`),
        info: sessionInfo(member),
      };
    }

    if (row.deviceFingerprint !== null && row.deviceFingerprint !== deviceFingerprint)
      throw expired();
    if (row.expiresAt <= now || row.absoluteExpiresAt <= now) throw expired();
    const member = await repo.findMemberById(db, row.memberId);
    if (!member || !member.passwordHash || !normalizeRole(member.role)) throw expired();

    const newToken = randomToken();
    const newId = await db.transaction(async (tx) => {
      if (!(await repo.markRotated(tx, row.id, now))) return null;
      return repo.insertRotatedSession(tx, {
        memberId: row.memberId,
        clubId: row.clubId,
        familyId: row.familyId,
        tokenHash: sha256(newToken),
        previousTokenHash: tokenHash,
        deviceFingerprint: row.deviceFingerprint,
        userAgent: row.userAgent,
        expiresAt: new Date(
          Math.min(
            now.getTime() + REFRESH_TOKEN_IDLE_SECONDS * 1000,
            row.absoluteExpiresAt.getTime(),
          ),
        ),
        absoluteExpiresAt: row.absoluteExpiresAt,
      });
    });
    if (!newId) {
      // Another request rotated this token a moment ago: run again, it takes the grace path.
      if (attempt > 0) throw expired();
      await new Promise((r) => setTimeout(r, 50));
      return refresh(refreshToken, deviceFingerprint, attempt + 1);
    }
    return {
      kind: 'rotated',
      issued: {
        sessionId: newId,
        accessToken: sessions.accessTokenFor(member, newId),
        refreshToken: newToken,
        xsrfToken: sessions.csrfTokenFor(`sid:${newId}`),
      },
      info: sessionInfo(member),
    };
  }

  return {
    /**
     * POST /auth/connexion/login. Throttles (docs/architecture.md §6): attempts per IP (/64) and
     * failures per e-mail, known or not; once an e-mail has LOGIN_FAILURES_PER_EMAIL failures it is
     * locked for the whole window, even for the right password.
     */
    async login(
      ctx: RequestContext,
      body: TLoginBody,
    ): Promise<{ issued: IssuedSession; info: TSessionInfo }> {
      await enforceLimit(
        limiter,
        `login:ip:${clientNetwork(ctx.ip)}`,
        config.LOGIN_LIMIT_PER_IP,
        config.LOGIN_LIMIT_WINDOW_SECONDS,
        LOGIN_MESSAGES.tooManyAttempts,
      );
      const key = emailKey(body.email);
      const lock = await limiter.peek(`login:lock:${key}`);
      if (lock) throw tooManyRequests(lock.retryAfter, LOGIN_MESSAGES.tooManyAttempts);

      const member = await repo.findMemberByEmail(db, body.email);
      // Unknown e-mail and not-yet-activated member verify against a dummy hash: same answer, same time.
      const ok = await passwords.verify(member?.passwordHash, body.password);
      if (!member || !ok || !normalizeRole(member.role)) {
        const failures = await limiter.hit(
          `login:fail:${key}`,
          config.LOGIN_FAILURES_WINDOW_SECONDS,
        );
        if (failures.count >= config.LOGIN_FAILURES_PER_EMAIL) {
          await limiter.hit(`login:lock:${key}`, config.LOGIN_FAILURES_WINDOW_SECONDS);
          await limiter.reset(`login:fail:${key}`);
        }
        throw unauthorized(LOGIN_MESSAGES.badCredentials);
      }
      await limiter.reset(`login:fail:${key}`);
      if (passwords.needsRehash(member.passwordHash!)) {
        await repo.setPasswordHash(db, member.id, await passwords.hash(body.password), {
          changed: false,
        });
      }
      const issued = await sessions.createSession(db, member, {
        deviceFingerprint: body.deviceFingerprint,
        userAgent: ctx.userAgent ?? null,
      });
      // The club used last opens; `clubs` names every club of the account (decision 0112).
      return { issued, info: { ...sessionInfo(member), clubs: await accountClubs(db, member) } };
    },

    /**
     * POST /auth/club {idClub}: the session moves to another club of the same account (docs/
     * decisions/0112): a new session for the account's row there (new cookies; row-level security
     * and every cache follow the club of the session), the current one revoked. 403 for a club
     * the account has no row in. Runs on the owner's handle (the account spans clubs).
     */
    async switchClub(
      actor: Actor,
      idClub: number,
      ctx: Pick<RequestContext, 'userAgent'>,
    ): Promise<{ issued: IssuedSession; info: TSessionInfo }> {
      const current = await repo.findMemberById(db, actor.id);
      if (!current?.passwordHash) throw unauthorized(SERVER_MESSAGES.sessionExpired);
      const clubs = await accountClubs(db, current);
      const target = clubs.find((c) => c.idClub === idClub);
      const member = target ? await repo.findMemberById(db, target.idMembre) : null;
      if (!member || !normalizeRole(member.role)) throw forbidden(AUTH_MESSAGES.notInClub);
      const session = await repo.findSessionById(db, actor.sessionId);
      const issued = await sessions.createSession(db, member, {
        deviceFingerprint: session?.deviceFingerprint ?? null,
        userAgent: ctx.userAgent ?? session?.userAgent ?? null,
      });
      if (session) await repo.revokeFamily(db, session.familyId);
      return { issued, info: { ...sessionInfo(member), clubs } };
    },

    /** POST /auth/connexion/refresh */
    refresh: (refreshToken: string | undefined, deviceFingerprint: string) =>
      refresh(refreshToken, deviceFingerprint),

    /**
     * POST /auth/connexion/logout: revokes the session family named by the access token's binding
     * or the refresh token. Never throws.
     */
    async logout(binding: string, refreshToken?: string) {
      try {
        if (binding.startsWith('sid:')) {
          const row = await repo.findSessionById(db, binding.slice(4));
          if (row) await repo.revokeFamily(db, row.familyId);
        }
        if (refreshToken) {
          const row = await repo.findSessionByTokenHash(db, sha256(refreshToken));
          if (row) await repo.revokeFamily(db, row.familyId);
        }
      } catch (err) {
        log.error({ err }, 'échec de la révocation de session à la déconnexion');
      }
    },

    /** POST /auth/connexion/mdpOublie: always the same neutral answer; mails a single-use link. */
    async requestPasswordReset(ctx: RequestContext, body: TForgotPasswordBody) {
      await enforceLimit(
        limiter,
        `reset:${emailKey(body.email)}`,
        config.RESET_REQUESTS_PER_EMAIL,
        config.RESET_REQUESTS_WINDOW_SECONDS,
      );
      const member = await repo.findMemberByEmail(db, body.email);
      if (member) {
        const token = await repo.issueToken(db, member, 'password_reset', RESET_TOKEN_TTL_MS);
        const link = `${ctx.baseUrl}/mdpOublie?token=${encodeURIComponent(token)}`;
        sendInBackground(passwordResetMail(member, link));
      }
      return { message: AUTH_MESSAGES.resetRequested };
    },

    /**
     * POST /auth/connexion/mdpUpdte {email, newPassword, token}: without a valid token for that
     * e-mail nothing changes (docs/architecture.md §11). Success revokes every session of the
     * member and mails a notice.
     */
    async resetPassword(body: TResetPasswordBody) {
      if (!body.token) throw badRequest(AUTH_MESSAGES.resetTokenRequired);
      const invalid = () => badRequest(AUTH_MESSAGES.resetTokenInvalid);
      const token = await repo.findValidToken(db, sha256(body.token), 'password_reset');
      const member = token ? await repo.findMemberById(db, token.memberId) : null;
      if (!token || !member || member.email.toLowerCase() !== body.email) throw invalid();
      assertAcceptablePassword(body.newPassword, member.email);
      const hash = await passwords.hash(body.newPassword);
      await db.transaction(async (tx) => {
        if (!(await repo.consumeToken(tx, token.id))) throw invalid();
        await repo.setPasswordHash(tx, member.id, hash, { changed: true });
        await repo.voidTokens(tx, member.id, 'password_reset');
        await repo.revokeMemberSessions(tx, member.id);
      });
      sendInBackground(passwordChangedMail(member));
      return { message: PASSWORD_RESET_MESSAGES.success };
    },

    /**
     * POST /api/compte/mot-de-passe: the current password is required (docs/architecture.md §11).
     * Every OTHER session of the member is revoked (a thief's session dies, this tab stays signed
     * in); pending reset links are voided; a notice is mailed.
     */
    async changePassword(actor: Actor, body: TChangePasswordBody) {
      await enforceLimit(
        limiter,
        `pwchange:${actor.id}`,
        config.PASSWORD_CHANGES_PER_MEMBER,
        config.PASSWORD_CHANGES_WINDOW_SECONDS,
      );
      const member = await repo.findMemberById(db, actor.id);
      if (!member || !(await passwords.verify(member.passwordHash, body.currentPassword))) {
        throw badRequest(AUTH_MESSAGES.currentPasswordWrong, {
          currentPassword: AUTH_MESSAGES.currentPasswordWrong,
        });
      }
      assertAcceptablePassword(body.newPassword, member.email);
      const hash = await passwords.hash(body.newPassword);
      const current = await repo.findSessionById(db, actor.sessionId);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, member.id, hash, { changed: true });
        await repo.voidTokens(tx, member.id, 'password_reset');
        await repo.revokeMemberSessions(tx, member.id, current?.familyId);
      });
      // Queued in the request's transaction: the notice leaves with the change or not at all.
      await deps.mailer.send(passwordChangedMail(member), { db: transactionExecutor(db) });
      return { message: SETTINGS_MESSAGES.passwordUpdated };
    },
  };
}
export type AuthFeatureService = ReturnType<typeof createAuthService>;
