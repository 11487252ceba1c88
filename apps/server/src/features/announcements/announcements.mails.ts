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
 * text, escaped, its http(s) links made clickable. Its button « Lire l’annonce » opens the signed
 * `readUrl`, whose page records the reading when it opens in a browser (a POST from its script,
 * never the GET a mail scanner fetches: docs/decisions/0139-coach-home-and-phone-week.md); the app
 * link follows. No tracking pixel: a receipt is an opening of the app or of that link, nothing else.
 */
export function announcementMail(opts: {
  to: { email: string; prenom: string };
  announcement: AnnouncementInfo;
  reminder: boolean;
  pageUrl: string;
  readUrl: string;
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
    { kind: 'button', label: 'Lire l’annonce', href: opts.readUrl },
    { kind: 'linked', text: `Dans l’application : ${opts.pageUrl}` },
  ];
  const subject = opts.reminder ? `Rappel : ${a.titre}` : `Annonce : ${a.titre}`;
  return renderNotificationMail(`${subject} (${a.clubNom})`, blocks, opts.links, opts.to.email);
}
