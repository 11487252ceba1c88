import {
  FEE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatEuros,
  frenchDate,
  type FeeStatus,
  type TPayment,
} from '@club/contract';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';

export const STATUS_TONES: Record<FeeStatus, BadgeTone> = {
  A_JOUR: 'success',
  RESTE_DU: 'warning',
  EN_RETARD: 'danger',
};

export const FILTERS: { value: FeeStatus | ''; label: string }[] = [
  { value: '', label: 'Tous' },
  { value: 'A_JOUR', label: FEE_STATUS_LABELS.A_JOUR },
  { value: 'RESTE_DU', label: FEE_STATUS_LABELS.RESTE_DU },
  { value: 'EN_RETARD', label: FEE_STATUS_LABELS.EN_RETARD },
];

/** One payment: when, how much, how, and « Annulé » with who and when once cancelled. */
export function PaymentLine({ p, onCancel }: { p: TPayment; onCancel?: () => void }) {
  return (
    <li className={p.annule ? 'fees-payment fees-payment-cancelled' : 'fees-payment'}>
      <span>
        {frenchDate(p.date)} · <strong>{formatEuros(p.montant)}</strong> ·{' '}
        {PAYMENT_METHOD_LABELS[p.moyen]}
        {p.reference ? ` · ${p.reference}` : ''}
        {p.echeances.length > 1 ? (
          <span className="fees-muted">
            {' '}
            (
            {p.echeances
              .map((e) => `${formatEuros(e.montant)} le ${frenchDate(e.date)}`)
              .join(', ')}
            )
          </span>
        ) : null}
        {p.annule ? (
          <span className="fees-muted">
            {' '}
            — Annulé le {frenchDate(p.annule.le.slice(0, 10))}
            {p.annule.par ? ` par ${p.annule.par.prenom} ${p.annule.par.nom}` : ''}
          </span>
        ) : null}
      </span>
      {onCancel && !p.annule ? (
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Annuler le paiement
        </Button>
      ) : null}
    </li>
  );
}
