import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, type TActivateInvitationBody, type TInvitationInfo } from '@club/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/password-hash.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { sha256 } from '../../lib/tokens.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import * as repo from './auth.repository.ts';
import { invitationMail } from './auth.mails.ts';
import { assertAcceptablePassword } from './password-policy.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface InvitationDeps {
  db: DbOrTx;
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The app's password hashing (`app.passwords`, lib/password-hash.ts). */
  passwords: PasswordHasher;
}

/** Invitations of members created by a leader, and their activation (docs/architecture.md §6). */
export function createInvitationService(deps: InvitationDeps) {
  const { db, config } = deps;

  async function pendingInvitation(token: string) {
    const row = await repo.findValidToken(db, sha256(token), 'invitation');
    const member = row ? await repo.findMemberById(db, row.memberId) : null;
    if (!row || !member || member.passwordHash) return null;
    return { row, member };
  }

  return {
    /**
     * Invites a member: a single-use link (7 days) to choose a password, by e-mail. A newer
     * invitation voids the older ones. Call it once the member row is written, on the same
     * handle (the request's transaction): the mail is queued in it. Throws a 503
     * HttpError when the mail cannot be sent (the member stays created; a leader can resend).
     */
    async send(member: { id: number; clubId: number }): Promise<void> {
      const account = await repo.findClubMember(db, member.clubId, member.id);
      if (!account) throw notFound();
      // A child without e-mail gets no invitation: the guardians get their mails (decision 0111).
      if (!account.email) return;
      const token = await repo.issueToken(db, account, 'invitation', INVITATION_TTL_MS);
      const link = `${publicBaseUrl(config)}/activation?token=${encodeURIComponent(token)}`;
      try {
        // Queued in the caller's transaction: the mail leaves only if the member is committed.
        await deps.mailer.send(invitationMail(account, account.clubNom, link), {
          db: transactionExecutor(db),
        });
      } catch (err) {
        deps.log.error({ err }, 'échec d’envoi d’une invitation');
        throw new HttpError(503, AUTH_MESSAGES.mailFailed);
      }
    },

    /** GET /api/membres/invitation/{token}: who is invited (404 once used, expired or replaced). */
    async info(token: string): Promise<TInvitationInfo> {
      const found = await pendingInvitation(token);
      if (!found) throw notFound(AUTH_MESSAGES.invitationInvalid);
      const { member } = found;
      return {
        prenom: member.prenom,
        nom: member.nom,
        email: member.email,
        nomClub: member.clubNom,
        // Accepted with the existing account's password (docs/decisions/0112).
        compteExistant: (await repo.accountRows(db, member.email)).length > 0,
      };
    },

    /** POST /api/membres/invitation {token, password}: sets the password, activates, voids the link. */
    async activate(body: TActivateInvitationBody) {
      const found = await pendingInvitation(body.token);
      if (!found) throw badRequest(AUTH_MESSAGES.invitationInvalid);
      const { row, member } = found;
      // The e-mail already has an account (another club): the invitation joins it, accepted
      // with its password, which the new row then shares (docs/decisions/0112).
      const [account] = await repo.accountRows(db, member.email);
      let hash: string;
      if (account?.passwordHash) {
        if (!(await deps.passwords.verify(account.passwordHash, body.password)))
          throw badRequest(AUTH_MESSAGES.existingPasswordWrong, {
            password: AUTH_MESSAGES.existingPasswordWrong,
          });
        hash = account.passwordHash;
      } else {
        assertAcceptablePassword(body.password, member.email, 'password');
        hash = await deps.passwords.hash(body.password);
      }
      await db.transaction(async (tx) => {
        if (!(await repo.consumeToken(tx, row.id)))
          throw badRequest(AUTH_MESSAGES.invitationInvalid);
        await repo.setPasswordHash(tx, member.id, hash, { changed: true });
        await repo.voidTokens(tx, member.id, 'invitation');
      });
      return { message: AUTH_MESSAGES.activated };
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
