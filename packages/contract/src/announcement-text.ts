/**
 * What screens, e-mails and pushes show of an announcement without validating anything: the
 * limits, the text split into links, the excerpt, the page's path. Kept apart from
 * announcements.ts (which re-exports them) so that a screen listing announcements does not ship
 * their schemas and zod (docs/decisions/0090-web-route-table.md).
 */

export const ANNOUNCEMENT_LIMITS = {
  titreMax: 120,
  contenuMax: 5000,
  equipesMax: 50,
  /** A list shows at most this many (newest, unread first). */
  listeMax: 100,
  /** Minutes between two reminders of one announcement. */
  rappelIntervalleMinutes: 60,
  /** Characters of the text in a push notification. */
  extraitMax: 140,
} as const;

/* ------------------------------------------------------------------ text with links */

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?»)\]}]+$/;

/**
 * Splits a plain text into text and http(s) links, so that a screen or an e-mail shows the links
 * clickable and everything else as text (never as HTML). Trailing punctuation is left out of a
 * link ("voir https://x.fr/a." → the link is https://x.fr/a), except a closing parenthesis that
 * closes one of the link's own. Anything the URL parser refuses stays text.
 */
export function textWithLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    candidate = candidate.slice(0, candidate.length - trailing.length);
    // Keep one ')' per unmatched '(' of the link itself (Wikipedia-style addresses).
    let kept = trailing;
    while (kept.startsWith(')') && count(candidate, '(') > count(candidate, ')')) {
      candidate += ')';
      kept = kept.slice(1);
    }
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
const count = (s: string, c: string) => s.split(c).length - 1;

/** The first characters of a text, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, max: number = ANNOUNCEMENT_LIMITS.extraitMax): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Path of the announcements page of a club (the web app builds it; e-mails and pushes link to it). */
export const announcementsPagePath = (nomClub: string, id?: number) =>
  `/${encodeURIComponent(nomClub)}/annonces${id ? `?annonce=${id}` : ''}`;
