import { useId } from 'react';
import { z } from 'zod';
import { ZTeamFieldsSchema, type TTeam, type TTeamWrite } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { useApiFieldErrors } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

export interface TeamFormProps {
  team: TTeam | null;
  clubId: number;
  submitting: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (body: TTeamWrite) => void;
  onCancel: () => void;
}

const FIELDS = ['nom', 'division', 'category'] as const;

/** The three fields of spec §5 and the trainings' 'présent par défaut' (decision 0025). */
const ZTeamFormSchema = ZTeamFieldsSchema.extend({ presentParDefaut: z.boolean() });

/**
 * Team form (spec §5): nom, division and category all required; sent with idClub. Errors show on
 * submit and clear when the field is edited.
 */
export function TeamForm({
  team,
  clubId,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: TeamFormProps) {
  const form = useZodForm(ZTeamFormSchema, {
    timing: 'submit',
    defaultValues: {
      nom: team?.nom ?? '',
      division: team?.division ?? '',
      category: team?.category ?? team?.categorie ?? '',
      presentParDefaut: team?.presentParDefaut ?? false,
    },
  });
  const { errors } = form.formState;
  const hintId = useId();
  useApiFieldErrors(form.setError, serverErrors, {
    fields: FIELDS,
    aliases: { categorie: 'category' },
  });

  return (
    <form
      className="form"
      onSubmit={form.handleSubmit((values) => onSubmit({ ...values, idClub: clubId }))}
      noValidate
    >
      <Field label="Nom *" error={errors.nom?.message}>
        <input required {...form.register('nom')} />
      </Field>
      <Field label="Catégorie *" error={errors.category?.message}>
        <input required placeholder="ex. Senior, U17" {...form.register('category')} />
      </Field>
      <Field label="Division *" error={errors.division?.message}>
        <input required placeholder="ex. Régional 1" {...form.register('division')} />
      </Field>
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" aria-describedby={hintId} {...form.register('presentParDefaut')} />{' '}
          Présent par défaut aux entraînements
        </label>
        <div id={hintId} className="field-hint">
          Les joueurs comptent présents à chaque entraînement ; ils ne répondent que pour se
          déclarer absents.
        </div>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Annuler
        </button>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Enregistrement...' : team ? 'Modifier' : 'Créer'}
        </button>
      </div>
    </form>
  );
}
