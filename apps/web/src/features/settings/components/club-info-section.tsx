import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  ACTION_LABELS,
  SEASON_MONTH_LABELS,
  SETTINGS_MESSAGES,
  seasonOf,
  type TClub,
  type TClubUpdate,
} from '@club/contract';
import type { z } from 'zod';
import type { ZClubUpdateSchema } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { HttpError } from '../../../lib/http.ts';
import { userFieldMessage } from '../../../lib/form-errors.ts';
import { useOnEdit } from '../../../lib/use-on-edit.ts';
import { lazyZodResolver } from '../../../lib/use-lazy-zod-form.ts';
import { useSaveClub } from '../api/club.ts';
import { useFlash } from '../hooks/use-flash.ts';
import { LogoDropZone } from './logo-drop-zone.tsx';

// The club's schema (and zod) loads on the first check (docs/decisions/0091-signed-in-javascript-budget.md).
const clubResolver = lazyZodResolver(() =>
  import('./club-info-schema.ts').then((m) => m.ZClubUpdateSchema),
);

type Input = z.input<typeof ZClubUpdateSchema>;
type Output = z.output<typeof ZClubUpdateSchema>;

const FIELDS = [
  'nom',
  'description',
  'pays',
  'ville',
  'adresse',
  'numeroTelephone',
  'moisDebutSaison',
] as const;

const valuesOf = (club: TClub): Input => ({
  nom: club.nom,
  description: club.description ?? '',
  pays: club.pays ?? '',
  ville: club.ville ?? '',
  adresse: club.adresse ?? '',
  numeroTelephone: club.numeroTelephone ?? '',
  moisDebutSaison: club.moisDebutSaison,
});

/** Today's date on this device, 'YYYY-MM-DD' (the season shown as an example only). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export interface ClubInfoSectionProps {
  club: TClub;
  /** The DIRIGEANT only (spec §6). */
  canEdit: boolean;
}

/**
 * Club information (spec §2, §4, §6, §8): logo drop zone plus name, description, country, city,
 * address, phone, validated with the contract's schema. The logo is uploaded only on Save; Cancel
 * restores the stored logo and information. Read-only for everyone but the DIRIGEANT.
 */
export function ClubInfoSection({ club, canEdit }: ClubInfoSectionProps) {
  const save = useSaveClub(club.id);
  const { flash, show, clear } = useFlash();
  const [logo, setLogo] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: clubResolver,
    mode: 'onBlur',
    defaultValues: valuesOf(club),
  });

  // The last save's message goes as soon as the form changes (a logo chosen too) or is sent again.
  useOnEdit(watch, clear);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    clear();
    return handleSubmit(onSubmit)(e);
  };
  const chooseLogo = (file: File | null) => {
    clear();
    setLogo(file);
  };

  const onSubmit = (info: Output) =>
    save.mutate(
      { info: info as TClubUpdate, logo },
      {
        onSuccess: (saved) => {
          reset(valuesOf(saved));
          setLogo(null);
          show('success', SETTINGS_MESSAGES.saved);
        },
        onError: (err) => {
          if (err instanceof HttpError) {
            for (const [field, message] of Object.entries(err.fieldErrors))
              if ((FIELDS as readonly string[]).includes(field))
                setError(field as (typeof FIELDS)[number], { message: userFieldMessage(message) });
            // The refusal of spec §6 is the server's own message.
            if (err.status === 403 && err.serverMessage) return show('error', err.serverMessage);
          }
          show('error', SETTINGS_MESSAGES.saveFailed);
        },
      },
    );

  const cancel = () => {
    reset(valuesOf(club));
    setLogo(null);
    save.reset();
  };

  const readOnly = !canEdit;
  const season = seasonOf(localToday(), Number(watch('moisDebutSaison')) || club.moisDebutSaison);
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Informations du club">
      <LogoDropZone storedUrl={club.logoUrl} file={logo} onFile={chooseLogo} readOnly={readOnly} />
      <div className="form-grid">
        <Field label="Nom du club *" error={errors.nom?.message}>
          <input {...register('nom')} disabled={readOnly} autoComplete="organization" />
        </Field>
        <Field label="Pays" error={errors.pays?.message}>
          <input {...register('pays')} disabled={readOnly} autoComplete="country-name" />
        </Field>
        <Field label="Ville" error={errors.ville?.message}>
          <input {...register('ville')} disabled={readOnly} autoComplete="address-level2" />
        </Field>
        <Field label="Adresse" error={errors.adresse?.message}>
          <input {...register('adresse')} disabled={readOnly} autoComplete="street-address" />
        </Field>
        <Field label="Téléphone" error={errors.numeroTelephone?.message}>
          <input
            type="tel"
            {...register('numeroTelephone')}
            disabled={readOnly}
            autoComplete="tel"
          />
        </Field>
        <Field
          label="Début de la saison"
          error={errors.moisDebutSaison?.message}
          hint={`Les catégories d’âge (U6 à U19, Senior, Vétéran) suivent la saison : aujourd’hui, saison ${season.libelle}.`}
        >
          <select {...register('moisDebutSaison', { valueAsNumber: true })} disabled={readOnly}>
            {SEASON_MONTH_LABELS.map((label, i) => (
              <option key={label} value={i + 1}>
                {label.charAt(0).toUpperCase() + label.slice(1)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Description" error={errors.description?.message} className="span-2">
          <textarea rows={4} {...register('description')} disabled={readOnly} />
        </Field>
      </div>
      {flash ? <Alert tone={flash.tone}>{flash.text}</Alert> : null}
      {canEdit ? (
        <div className="actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={cancel}
            disabled={save.isPending || (!isDirty && !logo)}
          >
            {ACTION_LABELS.cancel}
          </button>
          <button type="submit" className="btn" disabled={save.isPending}>
            {save.isPending ? ACTION_LABELS.saving : ACTION_LABELS.save}
          </button>
        </div>
      ) : null}
    </form>
  );
}
