import { useState, type FormEvent } from 'react';
import { ZTeamWriteSchema, type TTeam, type TTeamWrite } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';

export interface TeamFormProps {
  team: TTeam | null;
  clubId: number;
  submitting: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (body: TTeamWrite) => void;
  onCancel: () => void;
}

/** Team form (spec §5): nom, division and category all required; sent with idClub. */
export function TeamForm({
  team,
  clubId,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: TeamFormProps) {
  const [values, setValues] = useState({
    nom: team?.nom ?? '',
    division: team?.division ?? '',
    category: team?.category ?? team?.categorie ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const all = { ...serverErrors, ...errors };
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: TTeamWrite = { ...values, idClub: clubId };
    const parsed = ZTeamWriteSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    onSubmit(body);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field label="Nom *" error={all.nom}>
        <input value={values.nom} onChange={set('nom')} required />
      </Field>
      <Field label="Catégorie *" error={all.category ?? all.categorie}>
        <input
          value={values.category}
          onChange={set('category')}
          required
          placeholder="ex. Senior, U17"
        />
      </Field>
      <Field label="Division *" error={all.division}>
        <input
          value={values.division}
          onChange={set('division')}
          required
          placeholder="ex. Régional 1"
        />
      </Field>
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
