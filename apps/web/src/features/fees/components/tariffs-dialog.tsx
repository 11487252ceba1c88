import { useState, type FormEvent } from 'react';
import {
  AGE_CATEGORIES,
  FEE_MESSAGES,
  formatEuros,
  parseEuros,
  type AgeCategory,
} from '@club/contract';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useFeeActions, useTariffs } from '../api/fees.ts';

interface Draft {
  libelle: string;
  montant: string;
  categories: AgeCategory[];
}

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
  const [drafts, setDrafts] = useState<Draft[]>(
    initial.tarifs.map((t) => ({
      libelle: t.libelle,
      montant: formatEuros(t.montant, 'tableur'),
      categories: t.categories as AgeCategory[],
    })),
  );
  const [reduction, setReduction] = useState(String(initial.reductionFamille));
  const [deadline, setDeadline] = useState(initial.dateLimite ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, patch: Partial<Draft>) =>
    setDrafts((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const amounts = drafts.map((d) => parseEuros(d.montant));
    if (amounts.some((a) => a === null)) return setError(FEE_MESSAGES.amountInvalid);
    const pct = Number(reduction);
    if (!Number.isInteger(pct) || pct < 0 || pct > 100)
      return setError(FEE_MESSAGES.discountInvalid);
    setError(null);
    try {
      await setTariffs.mutateAsync({
        clubId,
        body: {
          tarifs: drafts.map((d, i) => ({
            libelle: d.libelle,
            categories: d.categories,
            montant: amounts[i]!,
          })),
          reductionFamille: pct,
          dateLimite: deadline || null,
        },
      });
      toast({ message: 'Tarifs enregistrés.', tone: 'success' });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Les tarifs n’ont pas pu être enregistrés.'));
    }
  }

  return (
    <form className="fees-form" onSubmit={submit} noValidate>
      {drafts.map((d, i) => (
        <fieldset key={i} className="fees-tariff">
          <legend>Tarif {i + 1}</legend>
          <Field label="Libellé">
            <input
              className="input"
              value={d.libelle}
              maxLength={60}
              onChange={(e) => update(i, { libelle: e.target.value })}
            />
          </Field>
          <Field label="Montant (€)">
            <input
              className="input"
              inputMode="decimal"
              value={d.montant}
              onChange={(e) => update(i, { montant: e.target.value })}
            />
          </Field>
          <fieldset className="fees-categories">
            <legend>Catégories</legend>
            {AGE_CATEGORIES.map((c) => (
              <label key={c} className="fees-category">
                <input
                  type="checkbox"
                  checked={d.categories.includes(c)}
                  onChange={(e) =>
                    update(i, {
                      categories: e.target.checked
                        ? [...d.categories, c]
                        : d.categories.filter((x) => x !== c),
                    })
                  }
                />
                {c}
              </label>
            ))}
          </fieldset>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
          >
            Retirer ce tarif
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setDrafts((d) => [...d, { libelle: '', montant: '', categories: [] }])}
      >
        Ajouter un tarif
      </Button>
      <Field label="Réduction famille (%)" hint="À partir du deuxième membre d’une famille.">
        <input
          className="input"
          inputMode="numeric"
          value={reduction}
          onChange={(e) => setReduction(e.target.value)}
        />
      </Field>
      <Field
        label="Date limite de paiement"
        hint="Après cette date, un reste à payer est en retard."
      >
        <DateInput value={deadline} onChange={setDeadline} />
      </Field>
      {error ? (
        <p className="field-error" role="alert">
          {error}
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
