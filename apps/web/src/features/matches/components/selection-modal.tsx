import { useId, useState } from 'react';
import {
  isSidelinedStatus,
  MATCH_MESSAGES,
  SELECTION_LABELS,
  SELECTION_VALUES,
  squadSize,
  type TConvocation,
  type TMatch,
  type TSelection,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useConvocations, useSaveSelection } from '../api/matches.ts';
import { teamText } from '../model.ts';
import { PlayerStatusBadge } from './player-status-badge.tsx';

const PRESENCE_TEXT = {
  DISPONIBLE: 'Présent',
  INDISPONIBLE: 'Absent',
} as const;

/**
 * The coach's selection (docs/decisions/0060-match-selection.md): one choice per convoked player
 * from their answers; a player who answered "Absent" can only be "Non retenu" (the server refuses
 * the rest too); an injured, ill or suspended player shows their status and can only be "Non
 * retenu" as well (docs/decisions/0108-injured-and-suspended-players-on-match-day.md). The count
 * of selected and substitutes is shown against the match sheet's size;
 * "Publier" tells each player whose selection changed.
 */
export function SelectionModal({
  match,
  sport,
  onClose,
}: {
  match: TMatch;
  sport?: string | null;
  onClose: () => void;
}) {
  const list = useConvocations(match.id);
  return (
    <Modal title="Sélection" onClose={onClose} className="selection-modal">
      <p className="muted">
        {teamText(match.equipeDomicile)} – {teamText(match.equipeExterieur)}
      </p>
      {list.isPending ? (
        <Loading label="Chargement des convocations…" />
      ) : list.isError ? (
        <LoadError
          message={errorMessage(list.error, MATCH_MESSAGES.convocationsLoadFailed)}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <SelectionForm match={match} entries={list.data} size={squadSize(sport)} />
      )}
    </Modal>
  );
}

function SelectionForm({
  match,
  entries,
  size,
}: {
  match: TMatch;
  entries: readonly TConvocation[];
  size: number;
}) {
  const formId = useId();
  const save = useSaveSelection(match.id);
  const [choices, setChoices] = useState<Record<number, TSelection | ''>>(() =>
    Object.fromEntries(entries.map((e) => [e.joueur.id, e.selection ?? ''])),
  );
  const [done, setDone] = useState<string | null>(null);
  const selected = Object.values(choices).filter((c) => c === 'SELECTIONNE').length;
  const substitutes = Object.values(choices).filter((c) => c === 'REMPLACANT').length;
  const over = selected + substitutes > size;

  const submit = (publier: boolean) => {
    setDone(null);
    save.mutate(
      {
        joueurs: entries.map((e) => ({
          membreId: e.joueur.id,
          selection: choices[e.joueur.id] || null,
        })),
        publier,
      },
      {
        onSuccess: () =>
          setDone(
            publier ? 'Sélection publiée : les joueurs sont prévenus.' : 'Sélection enregistrée.',
          ),
      },
    );
  };

  return (
    <form
      id={formId}
      className="form selection-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit(true);
      }}
    >
      <p className={`selection-count${over ? ' selection-over' : ''}`} aria-live="polite">
        {selected} sélectionné{selected > 1 ? 's' : ''} et {substitutes} remplaçant
        {substitutes > 1 ? 's' : ''} pour {size} places sur la feuille de match
        {over ? ' : trop de joueurs retenus.' : '.'}
      </p>
      {match.selectionPublieeLe ? (
        <p className="muted">
          Une sélection a déjà été publiée ; seuls les changements seront envoyés.
        </p>
      ) : null}
      <ul className="selection-list">
        {entries.map((e) => {
          const name = `${e.joueur.prenom} ${e.joueur.nom}`;
          // Kept off the sheet: an "Absent" answer, or a status that is not ACTIF.
          const absent = e.statutPresence === 'INDISPONIBLE' || isSidelinedStatus(e.statutJoueur);
          const selectId = `${formId}-${e.joueur.id}`;
          return (
            <li key={e.joueur.id} className="selection-row">
              <label htmlFor={selectId} className="selection-name">
                {name}
                <PlayerStatusBadge statut={e.statutJoueur} />
                <span className="selection-answer">
                  {' '}
                  ({e.statutPresence ? PRESENCE_TEXT[e.statutPresence] : 'sans réponse'})
                </span>
              </label>
              <select
                id={selectId}
                value={choices[e.joueur.id] ?? ''}
                onChange={(ev) =>
                  setChoices((c) => ({ ...c, [e.joueur.id]: ev.target.value as TSelection | '' }))
                }
              >
                <option value="">—</option>
                {SELECTION_VALUES.map((v) => (
                  <option key={v} value={v} disabled={absent && v !== 'NON_RETENU'}>
                    {SELECTION_LABELS[v]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {save.isError ? (
        <Alert tone="error">{errorMessage(save.error, MATCH_MESSAGES.saveFailed)}</Alert>
      ) : null}
      {done ? (
        <p role="status" className="selection-done">
          {done}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={save.isPending}
          onClick={() => submit(false)}
        >
          Enregistrer
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Publier
        </button>
      </div>
    </form>
  );
}
