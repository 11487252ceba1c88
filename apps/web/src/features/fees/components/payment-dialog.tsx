import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  FEE_MESSAGES,
  PASS_SPORT_MAX_CENTS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  ZPaymentWriteSchema,
  formatEuros,
  parseEuros,
  type TFeeRow,
} from '@club/contract';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toIso, todayYmd } from '../../../components/ui/french-date.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useFeeActions } from '../api/fees.ts';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const CHEQUE_COUNTS = [1, 2, 3, 4, 5, 6, 10].map((n) => ({
  value: String(n),
  label: n === 1 ? '1 chèque' : `${n} chèques`,
}));

/** 'aaaa-mm-jj' plus `months` months (the day kept, or the month's last day). */
function addMonthsIso(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** `count` cheques of the amount, a month apart from `date`; the cents left over on the first. */
export function splitCheques(cents: number, count: number, date: string) {
  const each = Math.floor(cents / count);
  return Array.from({ length: count }, (_, i) => ({
    date: addMonthsIso(date, i),
    montant: i === 0 ? cents - each * (count - 1) : each,
  }));
}

/**
 * The form as typed (an amount in euros, the number of cheques and their edited dates), turned into
 * the contract's payment body and checked by it (ZPaymentWriteSchema): no rule written twice. An
 * amount that is not euros is checked with a placeholder, so that every error shows at once.
 */
const ZPaymentFormSchema = z
  .object({
    montant: z.string(),
    moyen: z.enum(PAYMENT_METHODS),
    date: z.string(),
    reference: z.string(),
    nombre: z.string(),
    dates: z.array(z.string()),
  })
  .transform((v, ctx) => {
    const cents = parseEuros(v.montant);
    const amount = cents ?? 1;
    const checked = ZPaymentWriteSchema.safeParse({
      montant: amount,
      moyen: v.moyen,
      date: v.date,
      reference: v.reference.trim() || null,
      ...(v.moyen === 'CHEQUE' && Number(v.nombre) > 1
        ? { echeances: chequesOf(amount, Number(v.nombre), v.date, v.dates) }
        : {}),
    });
    if (cents === null)
      ctx.addIssue({ code: 'custom', message: FEE_MESSAGES.amountInvalid, path: ['montant'] });
    for (const issue of checked.error?.issues ?? [])
      if (cents !== null || issue.path[0] !== 'montant')
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return checked.success && cents !== null ? checked.data : z.NEVER;
  });

/** The cheques of the form: split a month apart, each date as edited. */
function chequesOf(cents: number, count: number, date: string, edited: readonly string[]) {
  return splitCheques(cents, count, date).map((c, i) => ({ ...c, date: edited[i] || c.date }));
}

/**
 * Recording a payment (docs/decisions/0135-membership-fees.md): opened from a member's row with
 * the balance, a cheque and today filled in, so that on a phone it takes two taps (« Paiement »,
 * then « Enregistrer »). Cheques handed together are split into monthly cashing dates, each one
 * editable; a Pass'Sport asks for its code.
 */
export function PaymentDialog({
  row,
  saison,
  onClose,
}: {
  row: TFeeRow;
  saison: string;
  onClose: () => void;
}) {
  const { record } = useFeeActions();
  const toast = useToast();
  const form = useZodForm(ZPaymentFormSchema, {
    timing: 'submit',
    defaultValues: {
      montant: row.reste > 0 ? formatEuros(row.reste, 'tableur') : '',
      moyen: 'CHEQUE',
      date: toIso(todayYmd()),
      reference: '',
      nombre: '1',
      dates: [],
    },
  });
  const { errors } = form.formState;
  const [montant, moyen, date, nombre, dates] = form.watch([
    'montant',
    'moyen',
    'date',
    'nombre',
    'dates',
  ]);
  const cents = parseEuros(montant);
  const cheques =
    moyen === 'CHEQUE' && Number(nombre) > 1 && cents
      ? chequesOf(cents, Number(nombre), date, dates)
      : [];

  const submit = form.handleSubmit(async (body) => {
    try {
      await record.mutateAsync({ membreId: row.membre.id, body: { saison, ...body } });
      toast({ message: FEE_MESSAGES.recorded, tone: 'success' });
      onClose();
    } catch (err) {
      applyApiError(form.setError, err, {
        fallback: 'Le paiement n’a pas pu être enregistré.',
        fields: ['montant', 'moyen', 'date', 'reference'],
        aliases: { echeances: 'dates' },
      });
    }
  });
  const formError = errors.root?.server?.message;

  return (
    <Modal title={`Paiement — ${row.membre.prenom} ${row.membre.nom}`} onClose={onClose}>
      <form className="fees-form" onSubmit={submit} noValidate>
        <p className="fees-muted">
          Reste à payer : <strong>{formatEuros(row.reste)}</strong>
        </p>
        <Field label="Montant (€)" error={errors.montant?.message}>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            {...form.register('montant')}
          />
        </Field>
        <Field label="Moyen de paiement" error={errors.moyen?.message}>
          <Select options={METHOD_OPTIONS} {...form.register('moyen')} />
        </Field>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <Field label="Date de réception" error={errors.date?.message}>
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
        {moyen === 'CHEQUE' ? (
          <Field label="Nombre de chèques" hint="Remis ensemble, encaissés un mois d’intervalle.">
            <Select
              options={CHEQUE_COUNTS}
              {...form.register('nombre', { onChange: () => form.setValue('dates', []) })}
            />
          </Field>
        ) : null}
        {cheques.length ? (
          <fieldset className="fees-cheques">
            <legend>Dates d’encaissement</legend>
            {errors.dates?.message ? (
              <p className="field-error" role="alert">
                {errors.dates.message}
              </p>
            ) : null}
            {cheques.map((c, i) => (
              <Field key={i} label={`Chèque ${i + 1} : ${formatEuros(c.montant)}`}>
                <DateInput
                  value={c.date}
                  onChange={(v) => {
                    const next = cheques.map((x) => x.date);
                    next[i] = v;
                    form.setValue('dates', next);
                  }}
                />
              </Field>
            ))}
          </fieldset>
        ) : null}
        <Field
          label={moyen === 'PASS_SPORT' ? 'Code Pass’Sport' : 'Référence (facultatif)'}
          hint={
            moyen === 'CHEQUE'
              ? 'Banque, numéro du chèque'
              : moyen === 'PASS_SPORT'
                ? `${formatEuros(PASS_SPORT_MAX_CENTS)} au plus`
                : undefined
          }
          error={errors.reference?.message}
        >
          <input
            className="input"
            maxLength={60}
            autoComplete="off"
            {...form.register('reference')}
          />
        </Field>
        {formError ? (
          <p className="field-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="actions">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
