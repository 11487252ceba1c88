/**
 * Member invitations (ARCHITECTURE §5): a single-use link, valid 7 days, to choose a password.
 *
 * Kept in this one file on purpose: the `auth` branch builds the activation side (page
 * /activation?token=…, GET /api/membres/invitation/{token}, POST /api/membres/invitation). Both use the
 * one_time_tokens table with purpose 'invitation' and the SHA-256 of the token; when the two branches
 * meet, this file can be replaced by the auth feature's issuer without touching the members service.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { escapeHtml, type Mailer } from '../../plugins/mailer.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Voids the member's unused invitations and stores a new one; returns the clear token (never stored). */
export async function issueInvitationToken(
  db: DbOrTx,
  member: { id: number; clubId: number },
): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.clubId, member.clubId),
        eq(oneTimeTokens.memberId, member.id),
        eq(oneTimeTokens.purpose, 'invitation'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    memberId: member.id,
    clubId: member.clubId,
    purpose: 'invitation',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  return token;
}

export function activationLink(publicUrl: string | undefined, token: string): string {
  const base = (publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}/activation?token=${encodeURIComponent(token)}`;
}

/** The French invitation e-mail, text and HTML. */
export function invitationMail(opts: {
  to: string;
  prenom: string;
  clubNom: string;
  inviter: string;
  link: string;
}) {
  const subject = `Invitation à rejoindre ${opts.clubNom}`;
  const text = [
    `Bonjour ${opts.prenom},`,
    '',
    `${opts.inviter} vous a inscrit(e) comme membre du club ${opts.clubNom}.`,
    'Pour activer votre compte, choisissez votre mot de passe en ouvrant ce lien (valable 7 jours, utilisable une seule fois) :',
    '',
    opts.link,
    '',
    'Si vous ne vous attendiez pas à ce message, ignorez-le : aucun compte ne sera activé sans vous.',
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body>
<p>Bonjour ${escapeHtml(opts.prenom)},</p>
<p>${escapeHtml(opts.inviter)} vous a inscrit(e) comme membre du club <strong>${escapeHtml(opts.clubNom)}</strong>.</p>
<p>Pour activer votre compte, choisissez votre mot de passe (lien valable 7 jours, utilisable une seule fois) :</p>
<p><a href="${escapeHtml(opts.link)}">Activer mon compte</a></p>
<p style="font-size:smaller">Ou copiez cette adresse : ${escapeHtml(opts.link)}</p>
<p>Si vous ne vous attendiez pas à ce message, ignorez-le : aucun compte ne sera activé sans vous.</p>
</body></html>`;
  return { to: opts.to, subject, text, html };
}

/** Sends the invitation mail for a token; a mail failure is logged and reported, never thrown. */
async function mailInvitation(
  deps: { mailer: Mailer; publicUrl: string | undefined; log: FastifyBaseLogger },
  opts: { to: string; prenom: string; clubNom: string; inviter: string; token: string },
): Promise<boolean> {
  try {
    await deps.mailer.send(
      invitationMail({ ...opts, link: activationLink(deps.publicUrl, opts.token) }),
    );
    return true;
  } catch (err) {
    deps.log.error({ err }, "échec de l'envoi de l'invitation");
    return false;
  }
}

export interface Invitee {
  id: number;
  clubId: number;
  email: string;
  prenom: string;
}

/**
 * The members feature's one entry point: voids older links, stores a new one (its own transaction,
 * after the member row is committed) and mails it. Returns false when the mail could not be sent;
 * the member stays created and a leader can resend.
 */
export function createInviter(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}) {
  return async (member: Invitee, ctx: { clubNom: string; inviter: string }): Promise<boolean> => {
    const token = await deps.db.transaction((tx) => issueInvitationToken(tx, member));
    return mailInvitation(deps, { to: member.email, prenom: member.prenom, ...ctx, token });
  };
}
export type Inviter = ReturnType<typeof createInviter>;
