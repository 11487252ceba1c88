import { z } from 'zod';
import {
  SERVER_MESSAGES,
  ZGenreSchema,
  ZMemberEmailSchema,
  ZMemberUpdateSchema,
} from '@club/contract';

/**
 * The profile's six fields (spec §5) from the contract's member update: nom, prenom, email as the
 * contract checks them; the birth date also required; phone optional; gender optional ('' = not
 * sent).
 */
export const ZProfileFormSchema = ZMemberUpdateSchema.pick({
  nom: true,
  prenom: true,
  email: true,
  numeroTelephone: true,
}).extend({
  // One's own address signs in: always required (a child without e-mail has no account, 0111).
  email: ZMemberEmailSchema,
  dateDeNaissance: z
    .string()
    .trim()
    .min(1, SERVER_MESSAGES.required)
    .pipe(ZMemberUpdateSchema.shape.dateDeNaissance.unwrap()),
  genre: z.union([z.literal(''), ZGenreSchema]),
  partageCoordonnees: z.boolean(),
});

/** The same when the member may not change their own birth date (a minor: decision 0103): not sent. */
export const ZProfileFormFixedBirthSchema = ZProfileFormSchema.extend({
  dateDeNaissance: z.string().optional(),
});
