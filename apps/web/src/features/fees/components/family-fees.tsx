import { useState } from 'react';
import { FEE_MESSAGES, FEE_STATUS_LABELS, formatEuros } from '@club/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { downloadReceipt, useOwnFees } from '../api/fees.ts';
import { PaymentLine, STATUS_TONES } from './payment-line.tsx';
import '../fees.css';

/**
 * « Cotisations » on the family's home and profile: what the member and each child owe, have paid
 * and have left, their payments and the receipt to download. Nothing is shown to a member without
 * a fee this season (a parent alone sees their children's).
 */
export function FamilyFees({
  headingLevel = 2,
  framed = true,
}: {
  headingLevel?: 2 | 3;
  /** A card (the home) or a plain section like the profile's others. */
  framed?: boolean;
}) {
  const own = useOwnFees();
  const [error, setError] = useState<string | null>(null);
  const data = own.data;
  if (!data || data.cotisations.length === 0) return null;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const saison = data.saison.libelle;
  return (
    <section
      className={framed ? 'card fees-family' : 'fees-family'}
      aria-labelledby="fees-family-title"
    >
      <H id="fees-family-title">Cotisations {saison}</H>
      <p>
        {data.reste > 0 ? (
          <>
            Reste à payer : <strong>{formatEuros(data.reste)}</strong>
            {data.dateLimite
              ? ` (date limite : ${data.dateLimite.split('-').reverse().join('/')})`
              : ''}
          </>
        ) : (
          'Tout est réglé pour cette saison.'
        )}
      </p>
      <ul className="fees-family-list">
        {data.cotisations.map((r) => (
          <li key={r.membre.id}>
            <div className="fees-row-head">
              <strong>
                {r.membre.prenom} {r.membre.nom}
              </strong>
              <Badge tone={STATUS_TONES[r.statut]}>{FEE_STATUS_LABELS[r.statut]}</Badge>
            </div>
            <p className="fees-muted">
              Dû {formatEuros(r.du)} · payé {formatEuros(r.paye)} · reste{' '}
              {formatEuros(Math.max(0, r.reste))}
            </p>
            {r.paiements.length ? (
              <ul className="fees-family-payments">
                {r.paiements.map((p) => (
                  <PaymentLine key={p.id} p={p} />
                ))}
              </ul>
            ) : null}
            {r.paye > 0 ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  downloadReceipt(r.membre.id, saison).catch((err) =>
                    setError(errorMessage(err, FEE_MESSAGES.noPayment)),
                  )
                }
              >
                Télécharger l’attestation de {r.membre.prenom}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
