import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { ZIdSchema, safeString, ZPersonRefSchema, ZTeamRefSchema } from './schemas/common.ts';
import { ANNOUNCEMENT_LIMITS } from './announcement-text.ts';
import { ANNOUNCEMENT_MESSAGES } from './announcement-rules.ts';
import { ZJetonQuerySchema } from './notifications.ts';

export {
  ANNOUNCEMENT_LIMITS,
  announcementsPagePath,
  excerpt,
  textWithLinks,
  type TextPart,
} from './announcement-text.ts';

/**
 * Announcements ("Annonces"): a leader writes to the whole club or to some teams, a coach to
 * teams of their own. Who receives one (its audience, computed when it is read, so that a player
 * who joins a team later sees the team's announcements too):
 * - to the club (no team): every member of the club;
 * - to teams: the members of those teams and the parents of children in those teams;
 * never its author. Plain text: the screens and the e-mails show it as text, with http(s) links
 * made clickable (`textWithLinks`), never as HTML.
 *
 *   POST   /api/annonces {titre, contenu, equipesIds?}    → 201 TAnnouncement
 *   GET    /api/annonces?limite=                          → TAnnouncement[] (unread first, then newest)
 *   POST   /api/annonces/{id}/lecture                     → TAnnouncement (now read)
 *   GET    /api/annonces/{id}/lectures                    → TAnnouncementReceipts (author, leaders)
 *   POST   /api/annonces/{id}/rappel                      → TAnnouncementReminder (author, leaders)
 *   DELETE /api/annonces/{id}                             → {message} (author, leaders)
 *   POST   /api/annonces/lecture {jeton}                  → TAnnouncementReadLink (no cookie)
 */

export {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_PERMISSIONS,
  type TAnnouncementAction,
} from './announcement-rules.ts';

/* ------------------------------------------------------------------ schemas */

export const ZAnnouncementCreateSchema = z
  .object({
    titre: safeString({ error: ANNOUNCEMENT_MESSAGES.titreRequired })
      .min(1, ANNOUNCEMENT_MESSAGES.titreRequired)
      .max(ANNOUNCEMENT_LIMITS.titreMax, ANNOUNCEMENT_MESSAGES.titreTooLong),
    contenu: safeString({ error: ANNOUNCEMENT_MESSAGES.contenuRequired })
      .min(1, ANNOUNCEMENT_MESSAGES.contenuRequired)
      .max(ANNOUNCEMENT_LIMITS.contenuMax, ANNOUNCEMENT_MESSAGES.contenuTooLong),
    /** Absent or empty: the whole club (leaders only). */
    equipesIds: z
      .array(ZIdSchema, { error: SERVER_MESSAGES.invalidValue })
      .max(ANNOUNCEMENT_LIMITS.equipesMax, ANNOUNCEMENT_MESSAGES.tooManyTeams)
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
  })
  .strict();
export type TAnnouncementCreate = z.input<typeof ZAnnouncementCreateSchema>;

export const ZAnnouncementListQuerySchema = z
  .object({
    limite: z.coerce
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int()
      .min(1, SERVER_MESSAGES.invalidValue)
      .max(ANNOUNCEMENT_LIMITS.listeMax, SERVER_MESSAGES.invalidValue)
      .optional(),
  })
  .strict();

/**
 * An announcement as its reader sees it. `auteur`: null once the author's account is erased.
 * `equipes`: [] for the whole club. `lu`: the reader opened it (always true for a reader outside
 * its audience: its author, a leader reading a team's announcement). `lecture`: how many of its
 * audience read it ("lu par N/M"), for its author and the leaders only, else null. `gerable`: the
 * reader may see the receipts, remind and delete (author, leaders).
 */
export const ZAnnouncementSchema = z.object({
  id: z.number(),
  titre: z.string(),
  contenu: z.string(),
  auteur: ZPersonRefSchema.nullable(),
  equipes: z.array(ZTeamRefSchema),
  datePublication: z.string(),
  lu: z.boolean(),
  destinataire: z.boolean(),
  lecture: z.object({ lus: z.number(), destinataires: z.number() }).nullable(),
  gerable: z.boolean(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncementSchema>;
export const ZAnnouncementListSchema = z.array(ZAnnouncementSchema);

/**
 * GET /api/annonces/{id}/lectures: who of the audience read it and who did not — names only (no
 * contact details, no status: docs/privacy.md). `destinataires`: the audience's size.
 */
export const ZAnnouncementReceiptsSchema = z.object({
  destinataires: z.number(),
  lus: z.array(ZPersonRefSchema.extend({ luLe: z.string() })),
  nonLus: z.array(ZPersonRefSchema),
  /** When the last reminder was sent, or null. */
  dernierRappel: z.string().nullable(),
});
export type TAnnouncementReceipts = z.infer<typeof ZAnnouncementReceiptsSchema>;

export const ZAnnouncementReminderSchema = z.object({
  message: z.string(),
  /** Members the reminder goes to (the audience that had not read it). */
  envoyes: z.number(),
});
export type TAnnouncementReminder = z.infer<typeof ZAnnouncementReminderSchema>;

/**
 * The page behind an announcement mail's « Lire l’annonce » button
 * (docs/decisions/0139-coach-home-and-phone-week.md): its script records the reading by
 * `POST /api/annonces/lecture {jeton}` when it opens — never a GET, which mail scanners prefetch.
 */
export const ANNOUNCEMENT_READ_PAGE_PATH = '/annonce/lecture';

/** POST /api/annonces/lecture: the signed token of the mail (one announcement, one member). */
export const ZAnnouncementReadLinkSchema = ZJetonQuerySchema;
export type TAnnouncementReadLinkInput = z.input<typeof ZAnnouncementReadLinkSchema>;

/** What the page shows once the reading is recorded: the announcement, as the mail gave it. */
export const ZAnnouncementReadLinkViewSchema = z.object({
  titre: z.string(),
  contenu: z.string(),
  clubNom: z.string(),
  /** 'Prénom Nom' of the author, or 'Le club'. */
  auteur: z.string(),
});
export type TAnnouncementReadLinkView = z.infer<typeof ZAnnouncementReadLinkViewSchema>;
