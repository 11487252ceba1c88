import type { Mail } from '../../plugins/mailer.ts';
import { renderNotificationMail, type Links, type MailBlock } from '../notifications/index.ts';
import type { AnnouncementInfo } from './announcements.repository.ts';

/** Who wrote it, as a mail or a push says it. */
export const authorName = (a: AnnouncementInfo) =>
  a.authorPrenom ? `${a.authorPrenom} ${a.authorNom}` : 'Le club';

/** "pour tout le club X", "pour l’équipe Seniors A", "pour les équipes U15, U17". */
export function destination(a: AnnouncementInfo): string {
  if (a.clubWide) return `pour tout le club ${a.clubNom}`;
  if (a.teamNames.length === 1) return `pour l’équipe ${a.teamNames[0]}`;
  return `pour les équipes ${a.teamNames.join(', ')}`;
}

/**
 * The mail of an announcement (or of its reminder) to one member: the text is the author's plain
 * text, escaped, its http(s) links made clickable; a button opens it in the app (which marks it
 * read). No tracking pixel: a receipt is an opening in the app, nothing else.
 */
export function announcementMail(opts: {
  to: { email: string; prenom: string };
  announcement: AnnouncementInfo;
  reminder: boolean;
  pageUrl: string;
  links: Links;
}): Mail {
  const a = opts.announcement;
  const blocks: MailBlock[] = [
    { kind: 'p', text: `Bonjour ${opts.to.prenom},` },
    {
      kind: 'p',
      text: opts.reminder
        ? `${authorName(a)} vous rappelle une annonce ${destination(a)} que vous n’avez pas encore lue.`
        : `${authorName(a)} a publié une annonce ${destination(a)}.`,
    },
    { kind: 'p', text: a.titre },
    { kind: 'linked', text: a.contenu },
    { kind: 'button', label: 'Lire l’annonce dans l’application', href: opts.pageUrl },
  ];
  const subject = opts.reminder ? `Rappel : ${a.titre}` : `Annonce : ${a.titre}`;
  return renderNotificationMail(`${subject} (${a.clubNom})`, blocks, opts.links, opts.to.email);
}
