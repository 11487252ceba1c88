import { lazy, Suspense, useState } from 'react';
import {
  FEE_MESSAGES,
  FEE_STATUS_LABELS,
  formatEuros,
  frenchDate,
  type FeeStatus,
  type TFeeRow,
  type TPayment,
  type TReminder,
} from '@club/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { downloadFeesCsv, downloadReceipt, useFeeActions, useFeeList } from '../api/fees.ts';
import { FILTERS, PaymentLine, STATUS_TONES } from './payment-line.tsx';
import '../fees.css';

// The forms (react-hook-form and the contract's zod schemas) load when a dialog opens: the list
// alone stays within its JavaScript budget (bench/README.md).
const PaymentDialog = lazy(() =>
  import('./payment-dialog.tsx').then((m) => ({ default: m.PaymentDialog })),
);
const TariffsDialog = lazy(() =>
  import('./tariffs-dialog.tsx').then((m) => ({ default: m.TariffsDialog })),
);

/**
 * « Cotisations » (leaders): the season's fees member by member, filtered by status, with the
 * totals; « Paiement » on each row records one in two taps; payments cancelled stay visible;
 * receipts, the accountant's CSV and the reminders to families (simulation first).
 */
export function FeesPage({ clubId }: { clubId: number }) {
  const fees = useFeeList();
  const actions = useFeeActions();
  const toast = useToast();
  const [filter, setFilter] = useState<FeeStatus | ''>('');
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<TFeeRow | null>(null);
  const [cancelling, setCancelling] = useState<TPayment | null>(null);
  const [reminder, setReminder] = useState<TReminder | null>(null);
  const [tariffs, setTariffs] = useState(false);
  const data = fees.data;
  const saison = data?.saison.libelle ?? '';

  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const rows = (data?.cotisations ?? []).filter(
    (r) =>
      (!filter || r.statut === filter) &&
      (!search.trim() ||
        fold(`${r.membre.prenom} ${r.membre.nom} ${r.famille.nom}`).includes(fold(search.trim()))),
  );

  async function simulate() {
    try {
      setReminder(await actions.remind.mutateAsync(true));
    } catch (err) {
      toast({ message: errorMessage(err, 'La simulation a échoué.'), tone: 'error' });
    }
  }

  return (
    <main id="contenu" className="container page fees-page">
      <div className="fees-head">
        <h1>Cotisations</h1>
        {data ? <p className="fees-muted">Saison {saison}</p> : null}
      </div>
      {fees.isPending ? (
        <Loading label="Chargement des cotisations..." />
      ) : fees.isError && !data ? (
        <LoadError
          message={errorMessage(fees.error, FEE_MESSAGES.loadFailed)}
          onRetry={() => fees.refetch()}
          retrying={fees.isFetching}
        />
      ) : data ? (
        <>
          <dl className="fees-totals" aria-label="Totaux de la saison">
            <div>
              <dt>Dû</dt>
              <dd>{formatEuros(data.totaux.du)}</dd>
            </div>
            <div>
              <dt>Payé</dt>
              <dd>{formatEuros(data.totaux.paye)}</dd>
            </div>
            <div>
              <dt>Reste</dt>
              <dd>{formatEuros(data.totaux.reste)}</dd>
            </div>
          </dl>
          <div className="fees-tools">
            <Button variant="secondary" size="sm" onClick={() => setTariffs(true)}>
              Tarifs
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={simulate}
              disabled={actions.remind.isPending}
            >
              Relancer les familles
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                downloadFeesCsv(saison).catch((err) =>
                  toast({ message: errorMessage(err, 'L’export a échoué.'), tone: 'error' }),
                )
              }
            >
              Exporter (CSV)
            </Button>
          </div>
          <div className="fees-filters" role="group" aria-label="Filtrer par statut">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                className={`btn btn-sm ${filter === f.value ? '' : 'btn-secondary'}`}
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </button>
            ))}
          </div>
          <div className="field fees-search">
            <label htmlFor="fees-search">Rechercher un membre ou une famille</label>
            <input
              id="fees-search"
              className="input"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {data.cotisations.length === 0 ? (
            <EmptyState title="Aucune cotisation pour cette saison : aucun membre dans une équipe." />
          ) : rows.length === 0 ? (
            <EmptyState title="Aucun membre ne correspond à ce filtre." />
          ) : (
            <ul className="fees-list" aria-label="Cotisations des membres">
              {rows.map((r) => (
                <li key={r.membre.id} className="card fees-row">
                  <div className="fees-row-head">
                    <h2>
                      {r.membre.prenom} {r.membre.nom}
                    </h2>
                    <Badge tone={STATUS_TONES[r.statut]}>{FEE_STATUS_LABELS[r.statut]}</Badge>
                  </div>
                  <p className="fees-muted">
                    {r.famille.nom}
                    {r.categorie ? ` · ${r.categorie}` : ''}
                    {r.tarif ? ` · ${r.tarif}` : ' · aucun tarif'}
                    {r.reduction > 0 ? ` · réduction famille ${formatEuros(r.reduction)}` : ''}
                    {r.exoneration
                      ? ` · exonéré${r.exoneration.motif ? ` (${r.exoneration.motif})` : ''}`
                      : ''}
                  </p>
                  <dl className="fees-amounts">
                    <div>
                      <dt>Dû</dt>
                      <dd>{formatEuros(r.du)}</dd>
                    </div>
                    <div>
                      <dt>Payé</dt>
                      <dd>{formatEuros(r.paye)}</dd>
                    </div>
                    <div>
                      <dt>Reste</dt>
                      <dd>{formatEuros(r.reste)}</dd>
                    </div>
                  </dl>
                  <div className="fees-row-actions">
                    <Button
                      size="sm"
                      onClick={() => setPaying(r)}
                      aria-label={`Paiement de ${r.membre.prenom} ${r.membre.nom}`}
                    >
                      Paiement
                    </Button>
                    {r.paye > 0 ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Attestation de ${r.membre.prenom} ${r.membre.nom}`}
                        onClick={() =>
                          downloadReceipt(r.membre.id, saison).catch((err) =>
                            toast({
                              message: errorMessage(err, FEE_MESSAGES.noPayment),
                              tone: 'error',
                            }),
                          )
                        }
                      >
                        Attestation
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        actions.exempt.mutate({ membreId: r.membre.id, exonere: !r.exoneration })
                      }
                    >
                      {r.exoneration ? 'Lever l’exonération' : 'Exonérer'}
                    </Button>
                  </div>
                  {r.paiements.length ? (
                    <details className="fees-details">
                      <summary>
                        {r.paiements.length} paiement{r.paiements.length > 1 ? 's' : ''}
                      </summary>
                      <ul>
                        {r.paiements.map((p) => (
                          <PaymentLine key={p.id} p={p} onCancel={() => setCancelling(p)} />
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      <Suspense fallback={null}>
        {paying ? (
          <PaymentDialog row={paying} saison={saison} onClose={() => setPaying(null)} />
        ) : null}
        {tariffs ? <TariffsDialog clubId={clubId} onClose={() => setTariffs(false)} /> : null}
      </Suspense>
      {cancelling ? (
        <ConfirmDialog
          title="Annuler ce paiement ?"
          confirmLabel="Annuler le paiement"
          cancelLabel="Garder"
          danger
          busy={actions.cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            actions.cancel.mutate(cancelling.id, {
              onSuccess: () => toast({ message: FEE_MESSAGES.cancelled, tone: 'success' }),
              onError: (err) =>
                toast({ message: errorMessage(err, 'L’annulation a échoué.'), tone: 'error' }),
              onSettled: () => setCancelling(null),
            })
          }
        >
          {formatEuros(cancelling.montant)} du {frenchDate(cancelling.date)} : il restera visible
          comme annulé et ne comptera plus.
        </ConfirmDialog>
      ) : null}
      {reminder ? (
        <ReminderDialog
          reminder={reminder}
          busy={actions.remind.isPending}
          onClose={() => setReminder(null)}
          onSend={async () => {
            try {
              const sent = await actions.remind.mutateAsync(false);
              toast({
                message: `${sent.envoyes} e-mail${sent.envoyes > 1 ? 's' : ''} de relance envoyé${sent.envoyes > 1 ? 's' : ''}.`,
                tone: 'success',
              });
              setReminder(null);
            } catch (err) {
              toast({ message: errorMessage(err, 'L’envoi a échoué.'), tone: 'error' });
            }
          }}
        />
      ) : null}
    </main>
  );
}

/** The simulation's families (who gets the mail, who is named) before « Envoyer les relances ». */
function ReminderDialog({
  reminder,
  busy,
  onClose,
  onSend,
}: {
  reminder: TReminder;
  busy: boolean;
  onClose: () => void;
  onSend: () => void;
}) {
  const n = reminder.familles.length;
  return (
    <Modal title="Relancer les familles" onClose={onClose}>
      {n === 0 ? (
        <p>Aucune famille n’a de reste à payer : aucune relance à envoyer.</p>
      ) : (
        <>
          <p>
            Simulation : {n} famille{n > 1 ? 's' : ''} recevr{n > 1 ? 'ont' : 'a'} un e-mail nommant
            chaque membre et ce qu’il reste à payer.
          </p>
          <ul className="fees-reminders">
            {reminder.familles.map((f) => (
              <li key={f.famille.id}>
                <strong>{f.famille.nom}</strong> — {formatEuros(f.reste)} ; à{' '}
                {f.destinataires.map((d) => `${d.prenom} ${d.nom}`).join(', ')} ; pour{' '}
                {f.membres.map((m) => `${m.prenom} (${formatEuros(m.reste)})`).join(', ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {reminder.sansAdresse ? (
        <p className="fees-muted">
          {reminder.sansAdresse} famille{reminder.sansAdresse > 1 ? 's' : ''} sans adresse e-mail.
        </p>
      ) : null}
      <div className="actions">
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
        {n > 0 ? (
          <Button onClick={onSend} disabled={busy}>
            Envoyer les relances
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
