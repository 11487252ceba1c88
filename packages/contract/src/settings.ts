import { z } from 'zod';
import { SETTINGS_MESSAGES } from './messages.ts';
import { isStrongPassword } from './password.ts';

/**
 * The settings password modal (spec §5 "Settings modal"): the current password, the new one
 * (the five rules) and its confirmation, each with the spec's message. The request sent is
 * ZChangePasswordBodySchema ({currentPassword, newPassword}).
 */
export const ZChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, SETTINGS_MESSAGES.currentPasswordRequired),
    newPassword: z.string().refine(isStrongPassword, SETTINGS_MESSAGES.newPasswordRule),
    confirmation: z.string(),
  })
  .refine((v) => v.confirmation === v.newPassword, {
    path: ['confirmation'],
    message: SETTINGS_MESSAGES.confirmationMismatch,
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordFormSchema>;
