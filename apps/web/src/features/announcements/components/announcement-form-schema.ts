import { z } from 'zod';
import { ZAnnouncementCreateSchema } from '@club/contract';
import { ANNOUNCEMENT_TEXTS as T } from '../texts.ts';

/** The form's values: the contract's fields, plus the choice "whole club or teams". */
export const ZAnnouncementFormSchema = z
  .object({
    titre: ZAnnouncementCreateSchema.shape.titre,
    contenu: ZAnnouncementCreateSchema.shape.contenu,
    cible: z.enum(['club', 'equipes']),
    equipesIds: z.array(z.number()),
  })
  .refine((v) => v.cible === 'club' || v.equipesIds.length > 0, {
    path: ['equipesIds'],
    message: T.chooseTeam,
  });
