import { useState, type FormEvent } from 'react';
import {
  FEE_MESSAGES,
  PASS_SPORT_MAX_CENTS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatEuros,
  parseEuros,
  type PaymentMethod,
  type TFeeRow,
} from '@club/contract';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toIso, todayYmd } from '../../../components/ui/french-date.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { HttpError, errorMessage } from '../../../lib/http.ts';
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
  const [montant, setMontant] = useState(row.reste > 0 ? formatEuros(row.reste, 'tableur') : '');
  const [moyen, setMoyen] = useState<PaymentMethod>('CHEQUE');
  const [date, setDate] = useState(toIso(todayYmd()));
  const [reference, setReference] = useState('');
  const [count, setCount] = useState(1);
  const [dates, setDates] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const cents = parseEuros(montant);
  const cheques =
    moyen === 'CHEQUE' && count > 1 && cents
      ? splitCheques(cents, count, date).map((c, i) => ({ ...c, date: dates[i] || c.date }))
      : [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (cents === null) found.montant = FEE_MESSAGES.amountInvalid;
    else if (cents <= 0) found.montant = FEE_MESSAGES.amountPositive;
    else if (moyen === 'PASS_SPORT' && cents > PASS_SPORT_MAX_CENTS)
      found.montant = FEE_MESSAGES.passSportMax;
    if (moyen === 'PASS_SPORT' && !reference.trim()) found.reference = FEE_MESSAGES.passSportCode;
    setErrors(found);
    if (Object.keys(found).length || cents === null) return;
    setFormError(null);
    try {
      await record.mutateAsync({
        membreId: row.membre.id,
        body: {
          saison,
          montant: cents,
          moyen,
          date,
          reference: reference.trim() || null,
          ...(cheques.length ? { echeances: cheques } : {}),
        },
      });
      toast({ message: FEE_MESSAGES.recorded, tone: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof HttpError && Object.keys(err.fieldErrors).length)
        setErrors(err.fieldErrors);
      setFormError(errorMessage(err, 'Le paiement n’a pas pu être enregistré.'));
    }
  }

  return (
    <Modal title={`Paiement — ${row.membre.prenom} ${row.membre.nom}`} onClose={onClose}>
      <form className="fees-form" onSubmit={submit} noValidate>
        <p className="fees-muted">
          Reste à payer : <strong>{formatEuros(row.reste)}</strong>
        </p>
        <Field label="Montant (€)" error={errors.montant}>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={montant}
            onChange={(e) => setMontant(e.target.value)}
          />
        </Field>
        <Field label="Moyen de paiement" error={errors.moyen}>
          <Select
            options={METHOD_OPTIONS}
            value={moyen}
            onChange={(e) => setMoyen(e.target.value as PaymentMethod)}
          />
        </Field>
        <Field label="Date de réception" error={errors.date}>
          <DateInput value={date} onChange={setDate} />
        </Field>
        {moyen === 'CHEQUE' ? (
          <Field label="Nombre de chèques" hint="Remis ensemble, encaissés un mois d’intervalle.">
            <Select
              options={CHEQUE_COUNTS}
              value={String(count)}
              onChange={(e) => {
                setCount(Number(e.target.value));
                setDates([]);
              }}
            />
          </Field>
        ) : null}
        {cheques.length ? (
          <fieldset className="fees-cheques">
            <legend>Dates d’encaissement</legend>
            {errors.echeances ? (
              <p className="field-error" role="alert">
                {errors.echeances}
              </p>
            ) : null}
            {cheques.map((c, i) => (
              <Field key={i} label={`Chèque ${i + 1} : ${formatEuros(c.montant)}`}>
                <DateInput
                  value={c.date}
                  onChange={(v) =>
                    setDates((d) => {
                      const next = cheques.map((x, j) => d[j] || x.date);
                      next[i] = v;
                      return next;
                    })
                  }
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
          error={errors.reference}
        >
          <input
            className="input"
            value={reference}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => setReference(e.target.value)}
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
