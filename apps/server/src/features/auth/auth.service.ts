import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  type TSessionInfo,
} from '@club/contract';
import type { AuthMember, IssuedSession } from '../../plugins/auth.ts';
import { badRequest, unauthorized, tooManyRequests } from '../../lib/http-error.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash.ts';
import { clientNetwork } from '../../lib/rate-limiter.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';
import { passwordChangedMail, passwordResetMail } from './auth.mails.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { emailKey, enforceLimit } from './throttle.ts';

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

/** Base address of links in e-mails: PUBLIC_URL, else the address the request came to. */
export function publicBaseUrl(app: FastifyInstance, request: FastifyRequest): string {
  return (app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

function sendInBackground(
  app: FastifyInstance,
  mail: Parameters<FastifyInstance['mailer']['send']>[0],
) {
  // Not awaited: the answer must not reveal (by its timing) whether a mail was sent.
  app.mailer
    .send(mail)
    .catch((err: unknown) => app.log.error({ err }, 'échec d’envoi d’un e-mail'));
}

/**
 * POST /auth/connexion/login. Throttles (ARCHITECTURE §5): attempts per IP (/64) and failures per
 * e-mail, known or not; once an e-mail has LOGIN_FAILURES_PER_EMAIL failures it is locked for the
 * whole window, even for the right password.
 */
export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  body: TLoginBody,
): Promise<{ issued: IssuedSession; info: TSessionInfo }> {
  const { config, limiter } = app;
  await enforceLimit(
    app,
    `login:ip:${clientNetwork(request.ip)}`,
    config.LOGIN_LIMIT_PER_IP,
    config.LOGIN_LIMIT_WINDOW_SECONDS,
    LOGIN_MESSAGES.tooManyAttempts,
  );
  const key = emailKey(body.email);
  const lock = await limiter.peek(`login:lock:${key}`);
  if (lock) throw tooManyRequests(lock.retryAfter, LOGIN_MESSAGES.tooManyAttempts);

  const member = await repo.findMemberByEmail(app.db, body.email);
  // Unknown e-mail and not-yet-activated member verify against a dummy hash: same answer, same time.
  const ok = await verifyPassword(member?.passwordHash, body.password);
  if (!member || !ok || !normalizeRole(member.role)) {
    const failures = await limiter.hit(`login:fail:${key}`, config.LOGIN_FAILURES_WINDOW_SECONDS);
    if (failures.count >= config.LOGIN_FAILURES_PER_EMAIL) {
      await limiter.hit(`login:lock:${key}`, config.LOGIN_FAILURES_WINDOW_SECONDS);
      await limiter.reset(`login:fail:${key}`);
    }
    throw unauthorized(LOGIN_MESSAGES.badCredentials);
  }
  await limiter.reset(`login:fail:${key}`);
  if (needsRehash(member.passwordHash!)) {
    await repo.setPasswordHash(app.db, member.id, await hashPassword(body.password), {
      changed: false,
    });
  }
  const issued = await app.auth.createSession(app.db, member, {
    deviceFingerprint: body.deviceFingerprint,
    userAgent: request.headers['user-agent'] ?? null,
  });
  return { issued, info: sessionInfo(member) };
}

export type RefreshResult =
  | { kind: 'rotated'; issued: IssuedSession; info: TSessionInfo }
  /** Grace re-use of the previous token: a new access token for the current row, refresh cookie untouched. */
  | { kind: 'grace'; accessToken: string; xsrfToken: string; info: TSessionInfo };

/**
 * POST /auth/connexion/refresh: one row per refresh token, rows of one login share a family.
 * Every use rotates; presenting an already rotated token revokes the whole family, except the
 * immediately previous token within REFRESH_GRACE_MS.
 */
export async function refresh(
  app: FastifyInstance,
  refreshToken: string | undefined,
  deviceFingerprint: string,
  attempt = 0,
): Promise<RefreshResult> {
  const expired = () => unauthorized(SERVER_MESSAGES.sessionExpired);
  if (!refreshToken) throw expired();
  const tokenHash = sha256(refreshToken);
  const row = await repo.findSessionByTokenHash(app.db, tokenHash);
  if (!row || row.revokedAt) throw expired();
  const now = new Date();

  if (row.rotatedAt) {
    const successor = await repo.findSuccessor(app.db, tokenHash);
    const inGrace =
      now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS &&
      successor &&
      !successor.rotatedAt &&
      !successor.revokedAt &&
      successor.deviceFingerprint === deviceFingerprint;
    if (!inGrace) {
      await repo.revokeFamily(app.db, row.familyId);
      app.log.warn(
        { family: row.familyId },
        'réutilisation d’un jeton de rafraîchissement : famille révoquée',
      );
      throw expired();
    }
    const member = await repo.findMemberById(app.db, successor.memberId);
    if (!member || !member.passwordHash) throw expired();
    return {
      kind: 'grace',
      accessToken: app.auth.accessTokenFor(member, successor.id),
      xsrfToken: app.auth.csrfTokenFor(`sid:${successor.id}`),
      info: sessionInfo(member),
    };
  }

  if (row.deviceFingerprint !== null && row.deviceFingerprint !== deviceFingerprint)
    throw expired();
  if (row.expiresAt <= now || row.absoluteExpiresAt <= now) throw expired();
  const member = await repo.findMemberById(app.db, row.memberId);
  if (!member || !member.passwordHash || !normalizeRole(member.role)) throw expired();

  const newToken = randomToken();
  const newId = await app.db.transaction(async (tx) => {
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
    return refresh(app, refreshToken, deviceFingerprint, attempt + 1);
  }
  return {
    kind: 'rotated',
    issued: {
      sessionId: newId,
      accessToken: app.auth.accessTokenFor(member, newId),
      refreshToken: newToken,
      xsrfToken: app.auth.csrfTokenFor(`sid:${newId}`),
    },
    info: sessionInfo(member),
  };
}

/** POST /auth/connexion/logout: revokes the session family named by either cookie. Never throws. */
export async function logout(app: FastifyInstance, request: FastifyRequest, refreshToken?: string) {
  try {
    const binding = app.auth.sessionBinding(request);
    if (binding.startsWith('sid:')) {
      const row = await repo.findSessionById(app.db, binding.slice(4));
      if (row) await repo.revokeFamily(app.db, row.familyId);
    }
    if (refreshToken) {
      const row = await repo.findSessionByTokenHash(app.db, sha256(refreshToken));
      if (row) await repo.revokeFamily(app.db, row.familyId);
    }
  } catch (err) {
    request.log.error({ err }, 'échec de la révocation de session à la déconnexion');
  }
}

/** POST /auth/connexion/mdpOublie: always the same neutral answer; mails a single-use link. */
export async function requestPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  body: TForgotPasswordBody,
) {
  await enforceLimit(
    app,
    `reset:${emailKey(body.email)}`,
    app.config.RESET_REQUESTS_PER_EMAIL,
    app.config.RESET_REQUESTS_WINDOW_SECONDS,
  );
  const member = await repo.findMemberByEmail(app.db, body.email);
  if (member) {
    const token = randomToken();
    await app.db.transaction(async (tx) => {
      await repo.voidTokens(tx, member.id, 'password_reset');
      await repo.insertToken(tx, {
        memberId: member.id,
        clubId: member.clubId,
        purpose: 'password_reset',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
    });
    const link = `${publicBaseUrl(app, request)}/mdpOublie?token=${encodeURIComponent(token)}`;
    sendInBackground(app, passwordResetMail(member, link));
  }
  return { message: AUTH_MESSAGES.resetRequested };
}

/**
 * POST /auth/connexion/mdpUpdte {email, newPassword, token}: without a valid token for that e-mail
 * nothing changes (ARCHITECTURE §8). Success revokes every session of the member and mails a notice.
 */
export async function resetPassword(app: FastifyInstance, body: TResetPasswordBody) {
  if (!body.token) throw badRequest(AUTH_MESSAGES.resetTokenRequired);
  const invalid = () => badRequest(AUTH_MESSAGES.resetTokenInvalid);
  const token = await repo.findValidToken(app.db, sha256(body.token), 'password_reset');
  const member = token ? await repo.findMemberById(app.db, token.memberId) : null;
  if (!token || !member || member.email.toLowerCase() !== body.email) throw invalid();
  assertAcceptablePassword(body.newPassword, member.email);
  const hash = await hashPassword(body.newPassword);
  await app.db.transaction(async (tx) => {
    if (!(await repo.consumeToken(tx, token.id))) throw invalid();
    await repo.setPasswordHash(tx, member.id, hash, { changed: true });
    await repo.voidTokens(tx, member.id, 'password_reset');
    await repo.revokeMemberSessions(tx, member.id);
  });
  sendInBackground(app, passwordChangedMail(member));
  return { message: PASSWORD_RESET_MESSAGES.success };
}

/**
 * POST /api/compte/mot-de-passe: the current password is required (ARCHITECTURE §8). Every OTHER
 * session of the member is revoked (a thief's session dies, this tab stays signed in); pending reset
 * links are voided; a notice is mailed.
 */
export async function changePassword(
  app: FastifyInstance,
  actor: AuthMember,
  body: TChangePasswordBody,
) {
  await enforceLimit(
    app,
    `pwchange:${actor.id}`,
    app.config.PASSWORD_CHANGES_PER_MEMBER,
    app.config.PASSWORD_CHANGES_WINDOW_SECONDS,
  );
  const member = await repo.findMemberById(app.db, actor.id);
  if (!member || !(await verifyPassword(member.passwordHash, body.currentPassword))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, {
      currentPassword: AUTH_MESSAGES.currentPasswordWrong,
    });
  }
  assertAcceptablePassword(body.newPassword, member.email);
  const hash = await hashPassword(body.newPassword);
  const current = await repo.findSessionById(app.db, actor.sessionId);
  await app.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, member.id, hash, { changed: true });
    await repo.voidTokens(tx, member.id, 'password_reset');
    await repo.revokeMemberSessions(tx, member.id, current?.familyId);
  });
  sendInBackground(app, passwordChangedMail(member));
  return { message: SETTINGS_MESSAGES.passwordUpdated };
}
