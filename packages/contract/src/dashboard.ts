import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { ZDateSchema } from './schemas/common.ts';

/**
 * The dashboards' calls (spec §7 "Home and dashboard"). Who may read them is not a table of its
 * own: a team's events follow EVENT_PERMISSIONS.read and a team's members
 * MEMBER_PERMISSIONS.readTeam, the same rules as the calendar and the team members page.
 */

/**
 * GET /api/dashboard/evenements/{equipeId}: `date` (YYYY-MM-DD, the club's today when omitted) gives
 * the events of that day; `aVenir=true` gives instead the events not over yet (from now, on the
 * club's clock), sorted by start, at most `limite` of them. Both at once are refused.
 */
export const ZDashboardEventsQuerySchema = z
  .object({
    date: ZDateSchema.optional(),
    aVenir: z
      .enum(['true', 'false'], { error: SERVER_MESSAGES.invalidValue })
      .optional()
      .transform((v) => v === 'true'),
    limite: z.coerce
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int(SERVER_MESSAGES.invalidValue)
      .min(1, SERVER_MESSAGES.invalidValue)
      .max(100, SERVER_MESSAGES.invalidValue)
      .optional(),
  })
  .strict()
  .refine((q) => !(q.aVenir && q.date !== undefined), {
    path: ['date'],
    error: SERVER_MESSAGES.invalidValue,
  });
export type TDashboardEventsQuery = z.input<typeof ZDashboardEventsQuerySchema>;

/** How many upcoming events the team dashboard asks for when it names no `limite`. */
export const DASHBOARD_UPCOMING_DEFAULT_LIMIT = 20;

/** An event as the dashboards show it (spec §3 event fields; dates are club-local wall clock). */
export const ZDashboardEventSchema = z.object({
  id: z.number(),
  nom: z.string(),
  type: z.string(),
  /** 'YYYY-MM-DDTHH:mm:ss', club-local. */
  dateDebut: z.string(),
  dateFin: z.string(),
  lieux: z.string(),
  /** The event's teams; empty means every team. */
  equipesIds: z.array(z.number()),
  /** A MATCH: the base team's name, its opponent and whether it plays at home; else null. */
  equipe: z.string().nullable(),
  adversaire: z.string().nullable(),
  domicile: z.boolean().nullable(),
});
export type TDashboardEvent = z.infer<typeof ZDashboardEventSchema>;

/**
 * A team member as the dashboard's cards show it (spec §2: avatar, name, role, status pill).
 * `statut` (health) is left out for readers who may not see it (privacy.ts): other families.
 */
export const ZDashboardMemberSchema = z.object({
  id: z.number(),
  nom: z.string(),
  prenom: z.string(),
  role: z.string(),
  statut: z.string().optional(),
  avatarUrl: z.string().nullable(),
});
export type TDashboardMember = z.infer<typeof ZDashboardMemberSchema>;

/** Accent- and case-insensitive: the dashboard's member search (first or last name, spec §2). */
export function memberMatchesSearch(
  member: Pick<TDashboardMember, 'nom' | 'prenom'>,
  search: string,
): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  const q = fold(search);
  if (!q) return true;
  const nom = fold(member.nom);
  const prenom = fold(member.prenom);
  return (
    nom.includes(q) ||
    prenom.includes(q) ||
    `${prenom} ${nom}`.includes(q) ||
    `${nom} ${prenom}`.includes(q)
  );
}
