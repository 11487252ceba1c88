import { matchName, textWithLinks, type PresenceStatus } from '@club/contract';
import { escapeHtml, type Mail } from '../../plugins/mailer.ts';

/**
 * French templates of the convocation notifications: plain text and simple HTML, every value
 * escaped. Every mail carries the one-click unsubscribe headers (RFC 8058) and a footer link.
 */

/** 'YYYY-MM-DDTHH:mm:ss' (club wall clock) → 'samedi 5 décembre 2026 à 15h00'. */
export function frenchDateTime(local: string): string {
  const d = new Date(`${local.slice(0, 19)}Z`);
  const day = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(d);
  return `${day} à ${local.slice(11, 13)}h${local.slice(14, 16)}`;
}

export interface MatchMailInfo {
  clubNom: string;
  nom: string;
  dateDebut: string;
  lieux: string;
  equipe: string;
  adversaire: string | null;
  /** Whether the team plays at home. */
  domicile: boolean;
  /** Meeting time (club wall clock) and place, or null. */
  rendezVous: string | null;
  lieuRendezVous: string | null;
  dateLimiteReponse: string;
}

export interface Links {
  /** The web page of the unsubscribe link, and the one-click API address (List-Unsubscribe). */
  unsubscribePage: string;
  unsubscribeApi: string;
}

/**
 * A paragraph of the mail: `p` (text), `linked` (a member's plain text whose http(s) links become
 * anchors in the HTML version; everything else escaped), `button` (one link as a button), or the
 * two answer buttons of a convocation.
 */
export type MailBlock =
  | { kind: 'p'; text: string }
  | { kind: 'linked'; text: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'buttons'; present: string; absent: string };
type Block = MailBlock;

const linkedHtml = (text: string) =>
  textWithLinks(text)
    .map((part) =>
      part.kind === 'link'
        ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('')
    .replace(/\n/g, '<br>');

/** The layout of every notification mail: title, paragraphs, unsubscribe footer and headers. */
export function renderNotificationMail(
  title: string,
  blocks: MailBlock[],
  links: Links,
  to: string,
): Mail {
  return render(title, blocks, links, to);
}

function render(title: string, blocks: Block[], links: Links, to: string): Mail {
  const text: string[] = [];
  const html: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'p') {
      text.push(b.text);
      html.push(`<p>${escapeHtml(b.text).replace(/\n/g, '<br>')}</p>`);
    } else if (b.kind === 'linked') {
      text.push(b.text);
      html.push(`<p>${linkedHtml(b.text)}</p>`);
    } else if (b.kind === 'button') {
      text.push(`${b.label} : ${b.href}`);
      html.push(
        `<p><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>`,
      );
    } else {
      text.push(`Présent : ${b.present}\nAbsent : ${b.absent}`);
      const button = (href: string, label: string, color: string) =>
        `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;margin-right:8px;background:${color};color:#ffffff;border-radius:6px;text-decoration:none">${label}</a>`;
      html.push(
        `<p>${button(b.present, 'Présent', '#15803d')}${button(b.absent, 'Absent', '#b91c1c')}</p>`,
      );
    }
  }
  const footer =
    'Vous recevez cet e-mail car les notifications sont activées sur votre compte. Pour ne plus les recevoir :';
  text.push(`--\n${footer}\n${links.unsubscribePage}`);
  html.push(
    `<p style="font-size:12px;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(links.unsubscribePage)}">se désabonner</a>.</p>`,
  );
  return {
    to,
    subject: title,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${html.join('\n')}
</body></html>`,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The meeting line: 'Rendez-vous : samedi 5 décembre 2026 à 13h30, parking du stade'. */
export function meetingLine(m: Pick<MatchMailInfo, 'rendezVous' | 'lieuRendezVous'>) {
  if (!m.rendezVous) return null;
  return `Rendez-vous : ${frenchDateTime(m.rendezVous)}${m.lieuRendezVous ? `, ${m.lieuRendezVous}` : ''}`;
}

/**
 * The match as the mails name it in their subjects and first line: the glossary's one name,
 * both sides with the home side first (« US Orvault – U17 »), else the event's name
 * (docs/decisions/0143-match-name-in-mails.md).
 */
export const mailMatchName = (m: MatchMailInfo): string => matchName(m);

/**
 * The match's lines of a mail: its name, then the event's own name when it says something more
 * (« Intitulé : U17 à Orvault (coupe) »: the competition, the round; decision 0143).
 */
export function matchLines(m: MatchMailInfo): string {
  const name = mailMatchName(m);
  return [
    `Match : ${name}`,
    m.nom !== name ? `Intitulé : ${m.nom}` : null,
    `Équipe : ${m.equipe}${m.adversaire ? ` contre ${m.adversaire}` : ''} (${m.domicile ? 'à domicile' : 'à l’extérieur'})`,
    meetingLine(m),
    `Coup d’envoi : ${frenchDateTime(m.dateDebut)}`,
    `Lieu : ${m.lieux}`,
  ]
    .filter((l) => l !== null)
    .join('\n');
}

export type ConvocationMailKind = 'CREATED' | 'CHANGED' | 'RESTORED' | 'CANCELLED' | 'REMINDER';

export const SUBJECTS: Record<ConvocationMailKind, (m: MatchMailInfo) => string> = {
  CREATED: (m) => `Convocation : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
  CHANGED: (m) => `Match modifié : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
  RESTORED: (m) => `Match maintenu : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
  CANCELLED: (m) => `Match annulé : ${mailMatchName(m)} du ${frenchDateTime(m.dateDebut)}`,
  REMINDER: (m) => `Rappel : répondez à la convocation pour ${mailMatchName(m)}`,
};

/**
 * The mail about one convoked player's match, to the player (`child` null) or to a guardian
 * (`child`: the player's name). `answer`: the two answer links, or null (cancelled match, or a
 * player who cannot answer: not ACTIF).
 */
export function convocationMail(opts: {
  kind: ConvocationMailKind;
  to: { email: string; prenom: string };
  child: { prenom: string; nom: string } | null;
  match: MatchMailInfo;
  answer: { present: string; absent: string } | null;
  links: Links;
}): Mail {
  const { kind, match: m, child } = opts;
  const who = child ? `${child.prenom} ${child.nom}` : null;
  const lead: Record<ConvocationMailKind, string> = {
    CREATED: who
      ? `${who} est convoqué(e) pour un match de ${m.clubNom}.`
      : `Vous êtes convoqué(e) pour un match de ${m.clubNom}.`,
    CHANGED: who
      ? `Le match auquel ${who} est convoqué(e) a changé (date, heure ou lieu). Voici les nouvelles informations.`
      : 'Le match auquel vous êtes convoqué(e) a changé (date, heure ou lieu). Voici les nouvelles informations.',
    RESTORED: who
      ? `Le match auquel ${who} est convoqué(e) n’est plus annulé : il aura bien lieu.`
      : 'Le match auquel vous êtes convoqué(e) n’est plus annulé : il aura bien lieu.',
    CANCELLED: who
      ? `Le match auquel ${who} était convoqué(e) est annulé.`
      : 'Le match auquel vous étiez convoqué(e) est annulé.',
    REMINDER: who
      ? `${who} n’a pas encore répondu à la convocation pour ce match.`
      : 'Vous n’avez pas encore répondu à la convocation pour ce match.',
  };
  const blocks: Block[] = [
    { kind: 'p', text: `Bonjour ${opts.to.prenom},` },
    { kind: 'p', text: lead[kind] },
    { kind: 'p', text: matchLines(m) },
  ];
  if (opts.answer) {
    blocks.push({
      kind: 'p',
      text: `${who ? `${who} sera-t-il (elle) présent(e) ?` : 'Serez-vous présent(e) ?'} Merci de répondre avant le ${frenchDateTime(m.dateLimiteReponse)}.`,
    });
    blocks.push({ kind: 'buttons', ...opts.answer });
  } else if (kind !== 'CANCELLED') {
    blocks.push({
      kind: 'p',
      text: 'Seul l’entraîneur peut répondre à cette convocation pour ce joueur.',
    });
  }
  const subject = who ? `${SUBJECTS[kind](m)} (${who})` : SUBJECTS[kind](m);
  return render(subject, blocks, opts.links, opts.to.email);
}

/** The summary to a coach once the reply deadline has passed. */
export function summaryMail(opts: {
  to: { email: string; prenom: string };
  match: MatchMailInfo;
  presents: string[];
  absents: { name: string; justification: string | null }[];
  sansReponse: string[];
  /** Unanswered and kept off by their status, « Nom (Blessé) » (decision 0108): not awaited. */
  horsJeu?: string[];
  links: Links;
}): Mail {
  const { match: m } = opts;
  const list = (names: string[]) =>
    names.length ? names.map((n) => `- ${n}`).join('\n') : '- aucun';
  const blocks: Block[] = [
    { kind: 'p', text: `Bonjour ${opts.to.prenom},` },
    {
      kind: 'p',
      text: `La date limite de réponse (${frenchDateTime(m.dateLimiteReponse)}) est passée. Voici les réponses à la convocation.`,
    },
    { kind: 'p', text: matchLines(m) },
    { kind: 'p', text: `Présents (${opts.presents.length}) :\n${list(opts.presents)}` },
    {
      kind: 'p',
      text: `Absents (${opts.absents.length}) :\n${list(
        opts.absents.map((a) => (a.justification ? `${a.name} (${a.justification})` : a.name)),
      )}`,
    },
    { kind: 'p', text: `Sans réponse (${opts.sansReponse.length}) :\n${list(opts.sansReponse)}` },
    ...(opts.horsJeu?.length
      ? [
          {
            kind: 'p' as const,
            text: `Blessés, malades ou suspendus (${opts.horsJeu.length}) :\n${list(opts.horsJeu)}`,
          },
        ]
      : []),
  ];
  return render(
    `Réponses à la convocation : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
    blocks,
    opts.links,
    opts.to.email,
  );
}

export type SelectionMailKind = 'SELECTIONNE' | 'REMPLACANT' | 'NON_RETENU';

export const SELECTION_SUBJECTS: Record<SelectionMailKind, (m: MatchMailInfo) => string> = {
  SELECTIONNE: (m) => `Sélectionné(e) : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
  REMPLACANT: (m) => `Remplaçant(e) : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
  NON_RETENU: (m) => `Sélection : ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`,
};

/**
 * « Non retenu » worded for the answer given (decision 0109): thanks for the availability only
 * to a player who said Présent; an absence announced is acknowledged; no answer, neither.
 */
export function notKeptLine(who: string | null, reponse: PresenceStatus | null): string {
  if (reponse === 'DISPONIBLE')
    return who
      ? `${who} n’est pas retenu(e) pour ce match. Merci pour sa disponibilité : l’entraîneur compte sur lui (elle) pour les prochains matchs.`
      : 'Vous n’êtes pas retenu(e) pour ce match. Merci pour votre disponibilité : l’entraîneur compte sur vous pour les prochains matchs.';
  if (reponse === 'INDISPONIBLE')
    return who
      ? `${who} n’est pas retenu(e) pour ce match, comme annoncé (absent(e)). À bientôt pour les prochains matchs.`
      : 'Vous n’êtes pas retenu(e) pour ce match, comme vous l’aviez annoncé (absent(e)). À bientôt pour les prochains matchs.';
  return who
    ? `${who} n’est pas retenu(e) pour ce match. L’entraîneur compte sur lui (elle) pour les prochains matchs.`
    : 'Vous n’êtes pas retenu(e) pour ce match. L’entraîneur compte sur vous pour les prochains matchs.';
}

/** The push of « non retenu », worded for the answer given like the mail. */
export function notKeptPush(reponse: PresenceStatus | null): string {
  if (reponse === 'DISPONIBLE') return 'Pas retenu(e) cette fois : merci pour la disponibilité.';
  if (reponse === 'INDISPONIBLE') return 'Pas retenu(e) cette fois, comme annoncé.';
  return 'Pas retenu(e) cette fois.';
}

/**
 * The published selection of one player, to the player (`child` null) or a guardian: the meeting
 * time and place for the selected and substitutes, a kind word for the others.
 */
export function selectionMail(opts: {
  selection: SelectionMailKind;
  to: { email: string; prenom: string };
  child: { prenom: string; nom: string } | null;
  match: MatchMailInfo;
  links: Links;
  /** The player's answer to the convocation: the words of « non retenu » follow it. */
  reponse?: PresenceStatus | null;
}): Mail {
  const { selection, match: m, child } = opts;
  const who = child ? `${child.prenom} ${child.nom}` : null;
  const lead: Record<SelectionMailKind, string> = {
    SELECTIONNE: who
      ? `${who} est sélectionné(e) pour le match de ${m.clubNom}.`
      : `Vous êtes sélectionné(e) pour le match de ${m.clubNom}.`,
    REMPLACANT: who
      ? `${who} est remplaçant(e) pour le match de ${m.clubNom}.`
      : `Vous êtes remplaçant(e) pour le match de ${m.clubNom}.`,
    NON_RETENU: notKeptLine(who, opts.reponse ?? null),
  };
  const blocks: Block[] = [
    { kind: 'p', text: `Bonjour ${opts.to.prenom},` },
    { kind: 'p', text: lead[selection] },
    { kind: 'p', text: matchLines(m) },
  ];
  if (selection !== 'NON_RETENU' && m.rendezVous)
    blocks.push({ kind: 'p', text: `Merci d’être à l’heure au rendez-vous.` });
  const subject = SELECTION_SUBJECTS[selection](m);
  return render(who ? `${subject} (${who})` : subject, blocks, opts.links, opts.to.email);
}

/**
 * One mail for a member who joined a team with upcoming matches: the list of those matches,
 * instead of one convocation mail per match.
 */
export function digestMail(opts: {
  to: { email: string; prenom: string };
  child: { prenom: string; nom: string } | null;
  clubNom: string;
  matches: MatchMailInfo[];
  page: string;
  links: Links;
}): Mail {
  const who = opts.child ? `${opts.child.prenom} ${opts.child.nom}` : null;
  const n = opts.matches.length;
  const blocks: Block[] = [
    { kind: 'p', text: `Bonjour ${opts.to.prenom},` },
    {
      kind: 'p',
      text: `${who ? `${who} est convoqué(e)` : 'Vous êtes convoqué(e)'} à ${n} match${n > 1 ? 's' : ''} à venir de ${opts.clubNom}. Merci d’indiquer ${who ? 'ses' : 'vos'} disponibilités sur la page des matchs.`,
    },
    ...opts.matches.map((m) => ({ kind: 'p' as const, text: matchLines(m) })),
    { kind: 'button', label: 'Répondre aux convocations', href: opts.page },
  ];
  const subject = `${n} match${n > 1 ? 's' : ''} à venir : indiquez ${who ? 'les' : 'vos'} disponibilités`;
  return render(who ? `${subject} (${who})` : subject, blocks, opts.links, opts.to.email);
}

/** The subject of a withdrawn convocation: the match named as in the convocation's subject. */
export const withdrawalSubject = (m: MatchMailInfo, who: string | null) =>
  `${who ? `${who} n'est plus convoqué(e)` : "Vous n'êtes plus convoqué(e)"} pour ${mailMatchName(m)} le ${frenchDateTime(m.dateDebut)}`;

/**
 * A player's convocation was withdrawn (the match moved to another team, or the player left the
 * team; decision 0107): to the player (`child` null) or a guardian. No answer link: the former
 * ones now say so.
 */
export function withdrawalMail(opts: {
  to: { email: string; prenom: string };
  child: { prenom: string; nom: string } | null;
  match: MatchMailInfo;
  links: Links;
}): Mail {
  const { match: m, child } = opts;
  const who = child ? `${child.prenom} ${child.nom}` : null;
  const blocks: Block[] = [
    { kind: 'p', text: `Bonjour ${opts.to.prenom},` },
    {
      kind: 'p',
      text: who
        ? `${who} n'est plus convoqué(e) pour ce match de ${m.clubNom} : la convocation reçue est retirée. Il n'y a rien à faire, pas même à répondre.`
        : `Vous n'êtes plus convoqué(e) pour ce match de ${m.clubNom} : la convocation reçue est retirée. Il n'y a rien à faire, pas même à répondre.`,
    },
    { kind: 'p', text: matchLines(m) },
    {
      kind: 'p',
      text: 'Les liens de réponse de la convocation ne servent plus. Merci, et à bientôt sur le terrain !',
    },
  ];
  return render(withdrawalSubject(m, who), blocks, opts.links, opts.to.email);
}
