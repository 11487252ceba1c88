import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, type TActivateInvitationBody, type TInvitationInfo } from '@club/contract';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';
import { invitationMail } from './auth.mails.ts';
import { assertAcceptablePassword } from './password-policy.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * Invites a member created by a leader: a single-use link (7 days) to choose a password, by e-mail.
 * A newer invitation voids the older ones. Call it AFTER the member row is committed. Throws a 503
 * HttpError when the mail cannot be sent (the member stays created; a leader can resend).
 */
export async function sendInvitation(
  app: FastifyInstance,
  member: { id: number; clubId: number },
): Promise<void> {
  const account = await repo.findClubMember(app.db, member.clubId, member.id);
  if (!account) throw notFound();
  const token = randomToken();
  await app.db.transaction(async (tx) => {
    await repo.voidTokens(tx, account.id, 'invitation');
    await repo.insertToken(tx, {
      memberId: account.id,
      clubId: account.clubId,
      purpose: 'invitation',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
  });
  const base = (app.config.PUBLIC_URL ?? `http://${app.config.HOST}:${app.config.PORT}`).replace(
    /\/+$/,
    '',
  );
  const link = `${base}/activation?token=${encodeURIComponent(token)}`;
  try {
    await app.mailer.send(invitationMail(account, account.clubNom, link));
  } catch (err) {
    app.log.error({ err }, 'échec d’envoi d’une invitation');
    throw new HttpError(503, AUTH_MESSAGES.mailFailed);
  }
}

async function pendingInvitation(app: FastifyInstance, token: string) {
  const row = await repo.findValidToken(app.db, sha256(token), 'invitation');
  const member = row ? await repo.findMemberById(app.db, row.memberId) : null;
  if (!row || !member || member.passwordHash) return null;
  return { row, member };
}

/** GET /api/membres/invitation/{token}: who is invited (404 once used, expired or replaced). */
export async function invitationInfo(
  app: FastifyInstance,
  token: string,
): Promise<TInvitationInfo> {
  const found = await pendingInvitation(app, token);
  if (!found) throw notFound(AUTH_MESSAGES.invitationInvalid);
  const { member } = found;
  return { prenom: member.prenom, nom: member.nom, email: member.email, nomClub: member.clubNom };
}

/** POST /api/membres/invitation {token, password}: sets the password, activates, voids the link. */
export async function activateInvitation(app: FastifyInstance, body: TActivateInvitationBody) {
  const found = await pendingInvitation(app, body.token);
  if (!found) throw badRequest(AUTH_MESSAGES.invitationInvalid);
  const { row, member } = found;
  assertAcceptablePassword(body.password, member.email, 'password');
  const hash = await hashPassword(body.password);
  await app.db.transaction(async (tx) => {
    if (!(await repo.consumeToken(tx, row.id))) throw badRequest(AUTH_MESSAGES.invitationInvalid);
    await repo.setPasswordHash(tx, member.id, hash, { changed: true });
    await repo.voidTokens(tx, member.id, 'invitation');
  });
  return { message: AUTH_MESSAGES.activated };
}
