import { NOTIFICATION_MESSAGES, type TAnnouncementReadLinkView } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import type { LinkTokens } from '../notifications/index.ts';
import { authorName } from './announcements.mails.ts';
import { announcementsRepository as repo } from './announcements.repository.ts';

/**
 * POST /api/annonces/lecture (docs/decisions/0139-coach-home-and-phone-week.md): an announcement
 * read from its e-mail counts as read. The signed token names one club, one announcement and one
 * member; the page of the mail's link posts it when it opens (a GET, which mail scanners fetch,
 * records nothing). Every query is scoped by the token's club. A forged token, a deleted
 * announcement or a member no longer in its audience: 404 « Ce lien n'est pas valide. ».
 */
export async function readAnnouncementByLink(
  db: DbOrTx,
  tokens: LinkTokens,
  jeton: string,
): Promise<TAnnouncementReadLinkView> {
  const invalid = () => notFound(NOTIFICATION_MESSAGES.invalidLink);
  const claims = tokens.verifyAnnouncementRead(jeton);
  if (!claims) throw invalid();
  const { clubId, announcementId, memberId } = claims;
  const a = await repo.info(db, clubId, announcementId);
  if (!a) throw invalid();
  const audience = await repo.audience(db, clubId, announcementId);
  if (!audience.some((m) => m.id === memberId)) throw invalid();
  await repo.markRead(db, clubId, announcementId, memberId);
  return { titre: a.titre, contenu: a.contenu, clubNom: a.clubNom, auteur: authorName(a) };
}
