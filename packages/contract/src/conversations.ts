import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { ZIdSchema, safeString, ZPersonRefSchema } from './schemas/common.ts';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  CONVERSATION_TYPES,
} from './conversation-rules.ts';

export {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  CONVERSATION_PERMISSIONS,
  CONVERSATION_TYPES,
  ageOn,
  conversationsPagePath,
  safeguard,
  type SafeguardPerson,
  type SafeguardResult,
  type TConversationAction,
  type TConversationType,
} from './conversation-rules.ts';

/**
 * Conversations and messages (docs/decisions/0121-conversations-and-safeguarding.md):
 *
 *   GET    /api/conversations                              → TConversation[] (newest activity first)
 *   POST   /api/conversations {titre?, equipeId? | evenementId? | membresIds[]} → 201 TConversation
 *   GET    /api/conversations/{id}/messages?avant=&limite= → TMessagePage (oldest first)
 *   POST   /api/conversations/{id}/messages {contenu, cle?} → 201 TMessage (the same `cle` twice: one message)
 *   POST   /api/conversations/{id}/lecture {jusquA}         → {nonLus}
 *   POST   /api/messages/{id}/signalement {motif}           → 201 {message}
 *   DELETE /api/messages/{id}                               → {message} (author within 15 min; a leader masks)
 *
 * Names only (id, nom, prenom) of the participants and authors: never an e-mail, a phone, a birth
 * date (docs/privacy.md). Texts are plain text, shown as text with clickable links, never HTML.
 */

export const ZConversationCreateSchema = z
  .object({
    titre: safeString()
      .max(CONVERSATION_LIMITS.titreMax, CONVERSATION_MESSAGES.titreTooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
    equipeId: ZIdSchema.optional(),
    evenementId: ZIdSchema.optional(),
    membresIds: z
      .array(ZIdSchema, { error: SERVER_MESSAGES.invalidValue })
      .max(CONVERSATION_LIMITS.membresMax, CONVERSATION_MESSAGES.tooManyMembers)
      .optional()
      .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
  })
  .strict()
  .refine(
    (b) =>
      [b.equipeId !== undefined, b.evenementId !== undefined, b.membresIds !== undefined].filter(
        Boolean,
      ).length === 1,
    { error: CONVERSATION_MESSAGES.oneTarget },
  )
  .refine((b) => b.membresIds === undefined || b.membresIds.length > 0, {
    error: CONVERSATION_MESSAGES.membresRequired,
    path: ['membresIds'],
  });
export type TConversationCreate = z.input<typeof ZConversationCreateSchema>;

export const ZMessageStatusSchema = z.enum(['VISIBLE', 'MASQUE', 'SUPPRIME']);

/**
 * A message as its reader sees it. `auteur`: null when the author's account was erased or the
 * member deleted (the screen shows « Ancien membre »). A masked or deleted message has its text
 * replaced (`statut`). `supprimable`: the reader is its author and the 15 minutes are not over;
 * `masquable`: the reader is a leader.
 */
export const ZConversationMessageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  auteur: ZPersonRefSchema.nullable(),
  contenu: z.string(),
  statut: ZMessageStatusSchema,
  envoyeLe: z.string(),
  moi: z.boolean(),
  supprimable: z.boolean(),
  masquable: z.boolean(),
});
export type TConversationMessage = z.infer<typeof ZConversationMessageSchema>;

/** The last message of a conversation in the list (an excerpt). */
const ZLastMessageSchema = z.object({
  id: z.number(),
  auteur: ZPersonRefSchema.nullable(),
  extrait: z.string(),
  statut: ZMessageStatusSchema,
  envoyeLe: z.string(),
});

export const ZConversationSchema = z.object({
  id: z.number(),
  titre: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  equipeId: z.number().nullable(),
  evenementId: z.number().nullable(),
  /** Who takes part now (guardians of minors included), names only. */
  participants: z.array(ZPersonRefSchema.extend({ parent: z.boolean() })),
  dernierMessage: ZLastMessageSchema.nullable(),
  nonLus: z.number(),
  /** The reader left the team: they read what they saw, they no longer write. */
  lectureSeule: z.boolean(),
});
export type TConversation = z.infer<typeof ZConversationSchema>;
export const ZConversationListSchema = z.array(ZConversationSchema);

export const ZMessagePageQuerySchema = z
  .object({
    /** Messages before this one (its id): the page before. */
    avant: ZIdSchema.optional(),
    limite: z.coerce
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int()
      .min(1, SERVER_MESSAGES.invalidValue)
      .max(CONVERSATION_LIMITS.pageMax, SERVER_MESSAGES.invalidValue)
      .optional(),
  })
  .strict();

/**
 * A page of a conversation, oldest first. `plusAnciens`: there are older messages (ask again with
 * `avant` = the first id). `lectures`: how far each other participant read (read marks).
 */
export const ZMessagePageSchema = z.object({
  conversation: ZConversationSchema,
  messages: z.array(ZConversationMessageSchema),
  plusAnciens: z.boolean(),
  lectures: z.array(z.object({ membreId: z.number(), jusquA: z.number() })),
});
export type TMessagePage = z.infer<typeof ZMessagePageSchema>;

export const ZMessageCreateSchema = z
  .object({
    contenu: safeString({ error: CONVERSATION_MESSAGES.contenuRequired, trim: false })
      .refine((v) => v.trim().length > 0, { error: CONVERSATION_MESSAGES.contenuRequired })
      .refine((v) => [...v].length <= CONVERSATION_LIMITS.contenuMax, {
        error: CONVERSATION_MESSAGES.contenuTooLong,
      }),
    /** The offline queue's key: a message sent twice with one key is stored once. */
    cle: safeString()
      .min(1, SERVER_MESSAGES.invalidValue)
      .max(CONVERSATION_LIMITS.cleMax, SERVER_MESSAGES.invalidValue)
      .optional(),
  })
  .strict();
export type TMessageCreate = z.input<typeof ZMessageCreateSchema>;

export const ZReadMarkSchema = z.object({ jusquA: ZIdSchema }).strict();
export const ZReadMarkAnswerSchema = z.object({ nonLus: z.number() });

export const ZMessageReportSchema = z
  .object({
    motif: safeString({ error: CONVERSATION_MESSAGES.motifRequired })
      .min(1, CONVERSATION_MESSAGES.motifRequired)
      .max(CONVERSATION_LIMITS.motifMax, CONVERSATION_MESSAGES.motifTooLong),
  })
  .strict();
