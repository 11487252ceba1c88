import { z } from 'zod';
import { SERVER_MESSAGES } from '@club/contract';

/**
 * French messages for every Zod issue that a schema leaves without its own message (the
 * fuzzer found Zod's English defaults — "Invalid input: expected object, received array",
 * 'Unrecognized key: "x"' — in 400 answers). A schema's own message still wins (Zod's precedence:
 * schema, then parse call, then this global map). Installed once per process by buildApp.
 */
export function frenchZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? SERVER_MESSAGES.required : SERVER_MESSAGES.invalidValue;
    case 'unrecognized_keys':
      return SERVER_MESSAGES.unknownField;
    case 'too_big':
      if (issue.origin === 'string') return SERVER_MESSAGES.tooLong(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Pas plus de ${String(issue.maximum)} éléments.`;
      return `La valeur ne doit pas dépasser ${String(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? SERVER_MESSAGES.required
          : SERVER_MESSAGES.tooShort(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Au moins ${String(issue.minimum)} élément(s).`;
      return `La valeur doit être au moins ${String(issue.minimum)}.`;
    default:
      return SERVER_MESSAGES.invalidValue;
  }
}

let installed = false;
export function installFrenchZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => frenchZodMessage(issue) });
}
