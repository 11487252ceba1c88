import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  JUSTIFICATION_MAX,
  MATCH_SERVER_MESSAGES,
  PRESENCE_LABELS,
  PRESENCE_STATUSES,
} from '@club/contract';

/** The fields of one availability answer in a form: the status (none yet: null), the justification. */
export const ZPresenceAnswerFormSchema = z.object({
  statutPresence: z.enum(PRESENCE_STATUSES).nullable(),
  justification: z.string().max(JUSTIFICATION_MAX, MATCH_SERVER_MESSAGES.justificationTooLong),
});

/**
 * The availability answer (spec: Disponible / Indisponible), one radio a status, for a training's
 * attendance, a match's convocations and the answer page of a convocation mail. `field` is the
 * react-hook-form registration of the status field; its styles come with the screen using it.
 */
export function PresenceChoice({
  field,
  disabled,
}: {
  field: UseFormRegisterReturn;
  disabled?: boolean;
}) {
  return (
    <div className="presence-choice">
      {PRESENCE_STATUSES.map((p) => (
        <label key={p} className={`presence-option presence-${p.toLowerCase()}`}>
          <input type="radio" value={p} disabled={disabled} {...field} />
          {PRESENCE_LABELS[p]}
        </label>
      ))}
    </div>
  );
}
