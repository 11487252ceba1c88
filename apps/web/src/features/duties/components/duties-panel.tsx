import { useId, useState } from 'react';
import {
  DUTY_LIMITS,
  isStaffFor,
  memberSubject,
  type TDuty,
  type TDutyProposal,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useCurrentMember } from '../../../lib/session.ts';
import { useDutyActions, useDuties } from '../api/duties.ts';
import './duties.css';

/** Texts of the duties panel (docs/decisions/0134). */
export const DUTY_TEXT = {
  title: 'Tâches bénévoles',
  loading: 'Chargement des tâches…',
  loadFailed: 'Tâches indisponibles.',
  none: 'Aucune tâche pour cet événement.',
  signUp: "Je m'inscris",
  withdraw: 'Je ne peux plus',
  full: 'Complet',
  volunteers: 'Bénévoles',
  edit: 'Modifier les tâches',
  propose: 'Répartition équitable',
  apply: 'Appliquer la répartition',
  applied: 'Répartition appliquée : les familles sont prévenues.',
  nobody: 'Aucune famille disponible pour les places libres.',
  save: 'Enregistrer',
  cancel: 'Annuler',
  add: 'Ajouter une tâche',
  remove: 'Retirer',
  label: 'Tâche',
  places: 'Places',
  failed: 'Échec.',
} as const;

const tasks = (n: number) => `${n} tâche${n > 1 ? 's' : ''} cette saison`;

/**
 * The volunteer duties of one event (docs/decisions/0130, 0134): each duty with its places and
 * volunteers (another family's by first name and initial, as the server answers them), « Je
 * m'inscris » for oneself or one's child who plays (the family counts it), « Je ne peux plus »,
 * « Complet ». The event's coach and the leaders edit the list and apply the fair proposal after
 * reading it.
 */
export function DutiesPanel({
  eventId,
  equipesIds = [],
}: {
  eventId: number;
  equipesIds?: readonly number[];
}) {
  const headingId = useId();
  const duties = useDuties(eventId);
  const actions = useDutyActions(eventId);
  const { data: me } = useCurrentMember();
  const [editing, setEditing] = useState(false);
  const [proposal, setProposal] = useState<TDutyProposal | null>(null);
  const [applied, setApplied] = useState(false);
  const staff = me ? isStaffFor(memberSubject(me), equipesIds) : false;
  // Who the member signs up: their children who play in the event's teams (the guardian comes,
  // for the child), else themself.
  const children = (me?.enfants ?? me?.casquettes?.enfants ?? []).filter(
    (c) => equipesIds.length === 0 || c.equipes.some((t) => equipesIds.includes(t.id)),
  );
  const people = children.length
    ? children.map((c) => ({ id: c.id, label: c.prenom }))
    : me
      ? [{ id: me.id, label: 'moi' }]
      : [];
  const failure = [actions.signUp, actions.withdraw, actions.replace, actions.propose].find(
    (m) => m.isError,
  );

  if (duties.isPending) return <p className="muted">{DUTY_TEXT.loading}</p>;
  if (duties.isError)
    return (
      <LoadError
        message={errorMessage(duties.error, DUTY_TEXT.loadFailed)}
        onRetry={() => duties.refetch()}
        retrying={duties.isFetching}
      />
    );
  const list = duties.data;
  if (!list.length && !staff) return null;
  return (
    <section className="duties-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{DUTY_TEXT.title}</h3>
      {editing ? (
        <DutiesForm
          duties={list}
          busy={actions.replace.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(body) => actions.replace.mutate(body, { onSuccess: () => setEditing(false) })}
        />
      ) : list.length === 0 ? (
        <p className="muted">{DUTY_TEXT.none}</p>
      ) : (
        <ul className="duties-list">
          {list.map((d) => (
            <DutyItem key={d.id} duty={d} meId={me?.id} people={people} actions={actions} />
          ))}
        </ul>
      )}
      {failure ? <Alert tone="error">{errorMessage(failure.error, DUTY_TEXT.failed)}</Alert> : null}
      {applied ? <Alert tone="success">{DUTY_TEXT.applied}</Alert> : null}
      {proposal ? (
        <div className="duties-proposal" role="region" aria-label={DUTY_TEXT.propose}>
          {proposal.propositions.length ? (
            <ul>
              {proposal.propositions.map((p) => (
                <li key={`${p.tacheId}-${p.famille.id}`}>
                  {`${p.libelle} : ${p.famille.nom} (${tasks(p.taches)})`}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{DUTY_TEXT.nobody}</p>
          )}
          <div className="duties-actions">
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => setProposal(null)}
            >
              {DUTY_TEXT.cancel}
            </button>
            {proposal.propositions.length ? (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={actions.propose.isPending}
                onClick={() =>
                  actions.propose.mutate(false, {
                    onSuccess: () => {
                      setProposal(null);
                      setApplied(true);
                    },
                  })
                }
              >
                {DUTY_TEXT.apply}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {staff && !editing && !proposal ? (
        <div className="duties-actions">
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            onClick={() => {
              setApplied(false);
              setEditing(true);
            }}
          >
            {DUTY_TEXT.edit}
          </button>
          {list.some((d) => d.benevoles.length < d.places) ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              disabled={actions.propose.isPending}
              onClick={() => {
                setApplied(false);
                actions.propose.mutate(true, { onSuccess: (p) => setProposal(p) });
              }}
            >
              {DUTY_TEXT.propose}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function DutyItem({
  duty,
  meId,
  people,
  actions,
}: {
  duty: TDuty;
  meId: number | undefined;
  people: { id: number; label: string }[];
  actions: ReturnType<typeof useDutyActions>;
}) {
  const free = duty.places - duty.benevoles.length;
  // A person of mine is signed up: they come, or the duty is done for them.
  const signed = (id: number) =>
    duty.benevoles.some(
      (b) => b.pourMembreId === id || (b.membreId === id && b.pourMembreId === undefined),
    );
  const mine = duty.benevoles.some((b) => b.membreId === meId);
  const several = people.length > 1;
  return (
    <li className="duty-item">
      <p>
        <strong>{duty.libelle}</strong> · {duty.benevoles.length}/{duty.places}{' '}
        {free <= 0 ? <Badge tone="neutral">{DUTY_TEXT.full}</Badge> : null}
      </p>
      {duty.benevoles.length ? (
        <p className="muted">
          {`${DUTY_TEXT.volunteers} : `}
          {duty.benevoles.map((b) => `${b.prenom} ${b.nom}`).join(', ')}
        </p>
      ) : null}
      <div className="duties-actions">
        {people.map((p) =>
          signed(p.id) || (p.id === meId && mine) ? (
            <button
              key={p.id}
              type="button"
              className="btn btn-sm btn-ghost"
              disabled={actions.withdraw.isPending}
              onClick={() => actions.withdraw.mutate({ tacheId: duty.id, membreId: p.id })}
            >
              {DUTY_TEXT.withdraw}
              {several ? ` (${p.label})` : ''}
              <span className="visually-hidden">{` : ${duty.libelle}`}</span>
            </button>
          ) : free > 0 ? (
            <button
              key={p.id}
              type="button"
              className="btn btn-sm btn-secondary"
              disabled={actions.signUp.isPending}
              onClick={() => actions.signUp.mutate({ tacheId: duty.id, membreId: p.id })}
            >
              {DUTY_TEXT.signUp}
              {several ? ` (${p.label})` : ''}
              <span className="visually-hidden">{` pour ${duty.libelle}`}</span>
            </button>
          ) : null,
        )}
      </div>
    </li>
  );
}

function DutiesForm({
  duties,
  busy,
  onSubmit,
  onCancel,
}: {
  duties: TDuty[];
  busy: boolean;
  onSubmit: (body: { libelle: string; places: number }[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [rows, setRows] = useState(
    duties.length
      ? duties.map((d) => ({ libelle: d.libelle, places: String(d.places) }))
      : [{ libelle: '', places: '1' }],
  );
  const set = (i: number, patch: Partial<{ libelle: string; places: string }>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <form
      className="form duties-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(
          rows
            .filter((r) => r.libelle.trim())
            .map((r) => ({ libelle: r.libelle.trim(), places: Number(r.places) })),
        );
      }}
    >
      {rows.map((r, i) => (
        <fieldset key={i} className="duties-form-row">
          <legend className="visually-hidden">{`${DUTY_TEXT.label} ${i + 1}`}</legend>
          <div className="field">
            <label htmlFor={`${id}-l${i}`}>{DUTY_TEXT.label}</label>
            <input
              id={`${id}-l${i}`}
              maxLength={DUTY_LIMITS.libelleMax}
              value={r.libelle}
              onChange={(e) => set(i, { libelle: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-p${i}`}>{DUTY_TEXT.places}</label>
            <input
              id={`${id}-p${i}`}
              type="number"
              min={DUTY_LIMITS.placesMin}
              max={DUTY_LIMITS.placesMax}
              required
              value={r.places}
              onChange={(e) => set(i, { places: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
          >
            {DUTY_TEXT.remove}
            <span className="visually-hidden">{` ${r.libelle || `${DUTY_TEXT.label} ${i + 1}`}`}</span>
          </button>
        </fieldset>
      ))}
      <div className="duties-actions">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={rows.length >= DUTY_LIMITS.perEvent}
          onClick={() => setRows((all) => [...all, { libelle: '', places: '1' }])}
        >
          {DUTY_TEXT.add}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel}>
          {DUTY_TEXT.cancel}
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {DUTY_TEXT.save}
        </button>
      </div>
    </form>
  );
}
