import { Controller, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import {
  AGE_CATEGORIES,
  FEE_MESSAGES,
  ZTariffsWriteSchema,
  formatEuros,
  parseEuros,
} from '@club/contract';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useFeeActions, useTariffs } from '../api/fees.ts';

/**
 * The tariffs as typed (amounts in euros, the discount as text), turned into the contract's body
 * and checked by it (ZTariffsWriteSchema, the same paths): no rule written twice. An amount that is
 * not euros is checked with a placeholder, so that every error shows at once.
 */
const ZTariffsFormSchema = z
  .object({
    tarifs: z.array(
      z.object({
        libelle: z.string(),
        montant: z.string(),
        categories: z.array(z.enum(AGE_CATEGORIES)),
      }),
    ),
    reductionFamille: z.string(),
    dateLimite: z.string(),
  })
  .transform((v, ctx) => {
    const amounts = v.tarifs.map((t) => parseEuros(t.montant));
    const pct = v.reductionFamille.trim() === '' ? NaN : Number(v.reductionFamille);
    const checked = ZTariffsWriteSchema.safeParse({
      tarifs: v.tarifs.map((t, i) => ({ ...t, montant: amounts[i] ?? 0 })),
      reductionFamille: pct,
      dateLimite: v.dateLimite || null,
    });
    amounts.forEach((a, i) => {
      if (a === null)
        ctx.addIssue({
          code: 'custom',
          message: FEE_MESSAGES.amountInvalid,
          path: ['tarifs', i, 'montant'],
        });
    });
    for (const issue of checked.error?.issues ?? [])
      if (!(
        issue.path[0] === 'tarifs' &&
        issue.path[2] === 'montant' &&
        amounts[Number(issue.path[1])] === null
      ))
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return checked.success && amounts.every((a) => a !== null) ? checked.data : z.NEVER;
  });

/** The season's tariffs by category, the family discount and the payment deadline (leaders). */
export function TariffsDialog({ clubId, onClose }: { clubId: number; onClose: () => void }) {
  const current = useTariffs(clubId);
  return (
    <Modal title="Tarifs de la saison" onClose={onClose}>
      {current.data ? (
        <TariffsForm clubId={clubId} initial={current.data} onClose={onClose} />
      ) : current.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(current.error, FEE_MESSAGES.loadFailed)}
        </p>
      ) : (
        <Loading label="Chargement des tarifs..." />
      )}
    </Modal>
  );
}

function TariffsForm({
  clubId,
  initial,
  onClose,
}: {
  clubId: number;
  initial: {
    tarifs: { libelle: string; categories: string[]; montant: number }[];
    reductionFamille: number;
    dateLimite: string | null;
  };
  onClose: () => void;
}) {
  const { setTariffs } = useFeeActions();
  const toast = useToast();
  const form = useZodForm(ZTariffsFormSchema, {
    timing: 'submit',
    defaultValues: {
      tarifs: initial.tarifs.map((t) => ({
        libelle: t.libelle,
        montant: formatEuros(t.montant, 'tableur'),
        categories: t.categories.filter((c): c is (typeof AGE_CATEGORIES)[number] =>
          (AGE_CATEGORIES as readonly string[]).includes(c),
        ),
      })),
      reductionFamille: String(initial.reductionFamille),
      dateLimite: initial.dateLimite ?? '',
    },
  });
  const tarifs = useFieldArray({ control: form.control, name: 'tarifs' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await setTariffs.mutateAsync({ clubId, body });
      toast({ message: 'Tarifs enregistrés.', tone: 'success' });
      onClose();
    } catch (err) {
      applyApiError(form.setError, err, {
        fallback: 'Les tarifs n’ont pas pu être enregistrés.',
        fields: ['reductionFamille', 'dateLimite'],
      });
    }
  });
  const formError =
    errors.root?.server?.message ?? errors.tarifs?.root?.message ?? errors.tarifs?.message;

  return (
    <form className="fees-form" onSubmit={submit} noValidate>
      {tarifs.fields.map((f, i) => (
        <fieldset key={f.id} className="fees-tariff">
          <legend>Tarif {i + 1}</legend>
          <Field label="Libellé" error={errors.tarifs?.[i]?.libelle?.message}>
            <input className="input" maxLength={60} {...form.register(`tarifs.${i}.libelle`)} />
          </Field>
          <Field label="Montant (€)" error={errors.tarifs?.[i]?.montant?.message}>
            <input
              className="input"
              inputMode="decimal"
              {...form.register(`tarifs.${i}.montant`)}
            />
          </Field>
          <fieldset className="fees-categories">
            <legend>Catégories</legend>
            {errors.tarifs?.[i]?.categories?.message ? (
              <p className="field-error" role="alert">
                {errors.tarifs[i].categories.message}
              </p>
            ) : null}
            {AGE_CATEGORIES.map((c) => (
              <label key={c} className="fees-category">
                <input type="checkbox" value={c} {...form.register(`tarifs.${i}.categories`)} />
                {c}
              </label>
            ))}
          </fieldset>
          <Button variant="ghost" size="sm" onClick={() => tarifs.remove(i)}>
            Retirer ce tarif
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => tarifs.append({ libelle: '', montant: '', categories: [] })}
      >
        Ajouter un tarif
      </Button>
      <Field
        label="Réduction famille (%)"
        hint="À partir du deuxième membre d’une famille."
        error={errors.reductionFamille?.message}
      >
        <input className="input" inputMode="numeric" {...form.register('reductionFamille')} />
      </Field>
      <Controller
        control={form.control}
        name="dateLimite"
        render={({ field }) => (
          <Field
            label="Date limite de paiement"
            hint="Après cette date, un reste à payer est en retard."
            error={errors.dateLimite?.message}
          >
            <DateInput
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
            />
          </Field>
        )}
      />
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" disabled={setTariffs.isPending}>
          {setTariffs.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
