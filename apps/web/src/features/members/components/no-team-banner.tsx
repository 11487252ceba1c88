import { useId, useState, type FormEvent } from 'react';
import {
  suggestedTeamForCategory,
  type AgeCategory,
  type TMember,
  type TTeam,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAssignTeam } from '../api/season.ts';
import './season.css';

const playersText = (n: number) => `${n} joueur${n > 1 ? 's' : ''} sans équipe`;
const fullName = (m: TMember) => `${m.prenom} ${m.nom}`;

export interface NoTeamBannerProps {
  players: readonly TMember[];
  teams: readonly TTeam[];
  /** Filters the list to these players. */
  onShow: () => void;
  /** The server's confirmation, for a toast. */
  onAssigned: (message: string) => void;
}

/**
 * The leaders' reminder on the club members page: "N joueurs sans équipe", a way to list them,
 * and a dialog that puts several of them in a team at once (PUT /api/equipes/{id}/membres).
 */
export function NoTeamBanner({ players, teams, onShow, onAssigned }: NoTeamBannerProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  // The dialog stays mounted while its assignment lands (the list it came from then empties).
  const dialog = open ? (
    <AssignTeamDialog
      players={players}
      teams={teams}
      onClose={() => setOpen(false)}
      onDone={(message) => {
        setOpen(false);
        onAssigned(message);
      }}
    />
  ) : null;
  return (
    <>
      {players.length > 0 ? (
        <section className="no-team-banner" aria-labelledby={titleId}>
          <p id={titleId} className="no-team-title">
            <strong>{playersText(players.length)}</strong>
          </p>
          <p className="muted no-team-text">
            Ils ne sont convoqués à aucun match tant qu’ils n’ont pas d’équipe.
          </p>
          <div className="no-team-actions">
            <button type="button" className="btn btn-secondary" onClick={onShow}>
              Afficher ces joueurs
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => setOpen(true)}
              disabled={teams.length === 0}
            >
              Affecter à une équipe
            </button>
          </div>
        </section>
      ) : null}
      {dialog}
    </>
  );
}

function AssignTeamDialog({
  players,
  teams,
  onClose,
  onDone,
}: {
  players: readonly TMember[];
  teams: readonly TTeam[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const assign = useAssignTeam();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [teamId, setTeamId] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const teamFieldId = useId();
  const legendId = useId();
  const all = selected.size === players.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // The team of the selected players' category, when they share one (contract season.ts).
  const categories = new Set(
    players.filter((p) => selected.has(p.id)).map((p) => p.categorie as AgeCategory | null),
  );
  const suggestion =
    categories.size === 1 ? suggestedTeamForCategory(teams, [...categories][0] ?? null) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!selected.size) return setProblem('Choisissez au moins un joueur.');
    if (!teamId) return setProblem('Choisissez l’équipe.');
    setProblem(null);
    assign.mutate(
      { teamId: Number(teamId), memberIds: [...selected] },
      {
        onSuccess: (res) => onDone(res.message),
        onError: (err) =>
          setProblem(errorMessage(err, 'Les joueurs n’ont pas pu être affectés. Réessayez.')),
      },
    );
  };

  return (
    <Modal title="Affecter des joueurs à une équipe" onClose={onClose} closeOnBackdrop={false}>
      <form className="form assign-form" onSubmit={submit} noValidate>
        <fieldset className="assign-players" aria-describedby={legendId}>
          <legend id={legendId}>Joueurs sans équipe ({selected.size} choisis)</legend>
          <label className="checkbox assign-all">
            <input
              type="checkbox"
              checked={all}
              onChange={(e) =>
                setSelected(e.target.checked ? new Set(players.map((p) => p.id)) : new Set())
              }
            />
            Tout sélectionner
          </label>
          <ul className="assign-list">
            {players.map((p) => (
              <li key={p.id}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={selected.has(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                  <span>
                    {fullName(p)}
                    {p.categorie ? <span className="muted"> · {p.categorie}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="field">
          <label htmlFor={teamFieldId}>Équipe</label>
          <select id={teamFieldId} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">Choisir une équipe</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.nom} ({t.categorie})
              </option>
            ))}
          </select>
          {suggestion && String(suggestion.id) !== teamId ? (
            <div className="field-hint">
              Catégorie {[...categories][0]} :{' '}
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setTeamId(String(suggestion.id))}
              >
                choisir {suggestion.nom}
              </button>
            </div>
          ) : null}
        </div>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn" disabled={assign.isPending}>
            {assign.isPending
              ? 'Affectation…'
              : selected.size
                ? `Affecter ${selected.size} joueur${selected.size > 1 ? 's' : ''}`
                : 'Affecter'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
