import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  EVENT_PRESENCE_PERMISSIONS,
  PRESENCE_STATUSES,
  JUSTIFICATION_MAX,
  NOTIFICATION_MESSAGES,
  PRESENCE_LABELS,
  convocationCounts,
  isStaffFor,
  memberSubject,
  permits,
  type PresenceStatus,
  type TEvent,
  type TEventPresence,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import {
  PresenceChoice,
  ZPresenceAnswerFormSchema,
} from '../../../components/ui/presence-choice.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { teamsOf } from '../../../lib/member-teams.ts';
import { useCurrentMember } from '../../../lib/session.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAnswerTraining, useRollCall, useTrainingPresences } from '../api/attendance.ts';
import '../attendance.css';
import { Check, X } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

export const ATTENDANCE_TEXTS = {
  title: 'Présences',
  loadFailed: 'Impossible de charger les présences.',
  saveFailed: "L'enregistrement de la présence a échoué.",
  empty: 'Aucun joueur dans les équipes de cet entraînement.',
  noAnswer: 'Sans réponse',
  byDefault: 'Présent (par défaut)',
  keptOffline: 'Enregistré sur cet appareil : envoyé dès le retour du réseau.',
  allPresent: 'Tous présents',
  saveRoll: 'Enregistrer les présences',
  rollSaved: 'Présences enregistrées.',
  rollHint: 'Touchez « Tous présents », puis marquez les absents.',
  unsaved: (n: number) =>
    n > 1 ? `${n} changements non enregistrés.` : '1 changement non enregistré.',
} as const;

/**
 * Attendance of a training (decision 0025), in the calendar's event dialogs: the players of the
 * event's teams with their answers; a player answers their own row, a guardian their children's,
 * the teams' coaches and leaders every row (the server's `modifiable`). With 'présent par défaut'
 * on the team, an unanswered player counts present and only needs to say Absent.
 */
export function TrainingAttendance({ event }: { event: TEvent }) {
  const { data: me } = useCurrentMember();
  const training = event.type.toUpperCase() === 'ENTRAINEMENT';
  const mayRead =
    training &&
    !!me &&
    permits(
      EVENT_PRESENCE_PERMISSIONS,
      { id: me.id, role: me.role, teamIds: teamsOf(me).map((t) => t.id) },
      'read',
      { teamIds: event.equipesIds },
    );
  const list = useTrainingPresences(event.id, mayRead);
  const titleId = useId();
  if (!mayRead || !me) return null;

  let body;
  if (list.isPending) body = <Loading label="Chargement des présences…" />;
  else if (list.isError)
    body = (
      <LoadError
        message={errorMessage(list.error, ATTENDANCE_TEXTS.loadFailed)}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (list.data.length === 0) body = <p className="muted">{ATTENDANCE_TEXTS.empty}</p>;
  else {
    // The viewer's own row first, then the rows they may answer, then the others.
    const rank = (r: TEventPresence) => (r.joueur.id === me.id ? 0 : r.modifiable ? 1 : 2);
    const rows = [...list.data].sort((a, b) => rank(a) - rank(b));
    const counts = convocationCounts(list.data);
    // Absences and silences are counted only by those who read every row whole.
    const everyRowWhole = !list.data.some(seenByOthers);
    // The training's staff take the roll call: every row at once, one save (decision 0101).
    const staff =
      isStaffFor(memberSubject(me), event.equipesIds) && list.data.some((r) => r.modifiable);
    body = (
      <>
        <p className="attendance-counts">
          <span>
            <strong>{counts.presents}</strong> présent{counts.presents > 1 ? 's' : ''}
          </span>
          {everyRowWhole ? (
            <>
              <span>
                <strong>{counts.absents}</strong> absent{counts.absents > 1 ? 's' : ''}
              </span>
              <span>
                <strong>{counts.sansReponse}</strong> sans réponse
              </span>
            </>
          ) : null}
        </p>
        {staff ? (
          <RollCall event={event} rows={list.data} />
        ) : (
          <ul className="attendance-list">
            {rows.map((row) => (
              <li key={row.joueur.id} className="attendance-row">
                <PresenceRow eventId={event.id} row={row} self={row.joueur.id === me.id} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <section className="attendance" aria-labelledby={titleId}>
      <h3 id={titleId}>{ATTENDANCE_TEXTS.title}</h3>
      {body}
    </section>
  );
}

/**
 * Another family's row (decision 0106): the server says only whether the player comes, without
 * `parDefaut` nor justification; an absence and a silence both read null, so neither is written.
 */
const seenByOthers = (row: TEventPresence) => row.parDefaut === undefined;

function statusPill(row: TEventPresence) {
  if (row.statutPresence !== 'DISPONIBLE' && seenByOthers(row)) return null;
  if (row.statutPresence === 'DISPONIBLE')
    return (
      <span className="pill pill-success">
        <Icon as={Check} />{' '}
        {row.parDefaut ? ATTENDANCE_TEXTS.byDefault : PRESENCE_LABELS.DISPONIBLE}
      </span>
    );
  if (row.statutPresence === 'INDISPONIBLE')
    return (
      <span className="pill pill-danger">
        <Icon as={X} /> {PRESENCE_LABELS.INDISPONIBLE}
      </span>
    );
  return (
    <span className="pill pill-neutral">
      <span aria-hidden="true">?</span> {ATTENDANCE_TEXTS.noAnswer}
    </span>
  );
}

/** One player: the answer as a pill, and the answer control when the viewer may answer the row. */
function PresenceRow({
  eventId,
  row,
  self,
}: {
  eventId: number;
  row: TEventPresence;
  self: boolean;
}) {
  const name = `${row.joueur.prenom} ${row.joueur.nom}`;
  // A default presence is not an answer: the form starts from it all the same (nothing to do).
  const saved = useMemo(
    () => ({ statutPresence: row.statutPresence, justification: row.justification ?? '' }),
    [row.statutPresence, row.justification],
  );
  const form = useZodForm(ZPresenceAnswerFormSchema, { timing: 'submit', defaultValues: saved });
  const save = useAnswerTraining(eventId, `présence de ${name}`);
  const [status, justification] = form.watch(['statutPresence', 'justification']);
  const changed =
    status !== saved.statutPresence ||
    (status === 'INDISPONIBLE' && justification.trim() !== saved.justification.trim());
  const ids = useId();
  const error = form.formState.errors.justification?.message;

  const submit = form.handleSubmit((values) => {
    save.mutate(
      {
        joueurId: row.joueur.id,
        statutPresence: values.statutPresence,
        justification:
          values.statutPresence === 'INDISPONIBLE' ? values.justification.trim() || null : null,
      },
      { onSuccess: () => form.reset(values) },
    );
  });

  return (
    <>
      <div className="attendance-head">
        <span className="attendance-name">
          {name}
          {self ? ' (vous)' : ''}
        </span>
        {statusPill(row)}
      </div>
      {!row.modifiable && row.statutPresence === 'INDISPONIBLE' && row.justification ? (
        <p className="attendance-justification">Justificatif : {row.justification}</p>
      ) : null}
      {row.modifiable ? (
        <form className="attendance-form" onSubmit={submit} noValidate>
          <fieldset>
            <legend className="visually-hidden">
              {self ? 'Votre présence' : `Présence de ${name}`}
            </legend>
            <PresenceChoice field={form.register('statutPresence')} disabled={save.isPending} />
            {status === 'INDISPONIBLE' ? (
              <div className="field">
                <label htmlFor={`${ids}-j`}>Justificatif (facultatif)</label>
                <textarea
                  id={`${ids}-j`}
                  rows={2}
                  maxLength={JUSTIFICATION_MAX}
                  disabled={save.isPending}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${ids}-e` : undefined}
                  {...form.register('justification')}
                />
                {error ? (
                  <div id={`${ids}-e`} className="field-error">
                    {error}
                  </div>
                ) : null}
              </div>
            ) : null}
          </fieldset>
          <div className="actions">
            <button
              type="submit"
              className="btn btn-sm"
              disabled={!changed || save.isPending}
              aria-label={self ? undefined : `Enregistrer la présence de ${name}`}
            >
              {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
            </button>
          </div>
          {save.isError ? (
            <Alert tone="error">{errorMessage(save.error, ATTENDANCE_TEXTS.saveFailed)}</Alert>
          ) : null}
          <div role="status" aria-live="polite" className="attendance-saved">
            {save.isSuccess && !changed
              ? save.data.queued
                ? ATTENDANCE_TEXTS.keptOffline
                : NOTIFICATION_MESSAGES.answerSaved
              : ''}
          </div>
        </form>
      ) : null}
    </>
  );
}

type RollValues = Record<string, PresenceStatus | null>;
/** A field name per player (a letter first: react-hook-form reads digits as array indexes). */
const rollKey = (row: TEventPresence) => `j${row.joueur.id}`;
const rollValues = (rows: readonly TEventPresence[]): RollValues =>
  Object.fromEntries(
    rows.map((r) => [rollKey(r), r.parDefaut ? null : (r.statutPresence ?? null)]),
  );

/**
 * The roll call of a training's staff (decision 0101): « Tous présents », then the absents, then
 * one save for the list. Only the rows whose answer changed are sent; without network they are
 * kept on the device as one write. A row the viewer may not answer is shown, not offered.
 */
function RollCall({ event, rows }: { event: TEvent; rows: readonly TEventPresence[] }) {
  const saved = useMemo(() => rollValues(rows), [rows]);
  const form = useForm<RollValues>({ values: saved });
  const save = useRollCall(event.id, `appel de l’entraînement ${event.nom}`);
  const current = form.watch();
  const changedRows = rows.filter(
    (r) => r.modifiable && (current[rollKey(r)] ?? null) !== saved[rollKey(r)],
  );
  const hintId = useId();

  const allPresent = () => {
    for (const r of rows)
      if (r.modifiable) form.setValue(rollKey(r), 'DISPONIBLE', { shouldDirty: true });
  };
  const submit = form.handleSubmit((values) => {
    save.mutate({
      presences: changedRows.map((r) => ({
        joueurId: r.joueur.id,
        statutPresence: values[rollKey(r)] ?? null,
        justification: null,
      })),
    });
  });
  const status =
    save.isSuccess && changedRows.length === 0
      ? save.data.queued
        ? ATTENDANCE_TEXTS.keptOffline
        : ATTENDANCE_TEXTS.rollSaved
      : changedRows.length
        ? ATTENDANCE_TEXTS.unsaved(changedRows.length)
        : '';

  return (
    <form className="roll-call" onSubmit={submit} noValidate aria-describedby={hintId}>
      <div className="roll-call-bar">
        <p id={hintId} className="muted roll-call-hint">
          {ATTENDANCE_TEXTS.rollHint}
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={allPresent}
          disabled={save.isPending}
        >
          <Icon as={Check} /> {ATTENDANCE_TEXTS.allPresent}
        </button>
      </div>
      <ul className="attendance-list">
        {rows.map((row) => {
          const name = `${row.joueur.prenom} ${row.joueur.nom}`;
          return (
            <li key={row.joueur.id} className="attendance-row roll-call-row">
              {row.modifiable ? (
                <fieldset className="roll-call-choice">
                  <legend className="attendance-name">{name}</legend>
                  <div className="presence-choice">
                    {PRESENCE_STATUSES.map((p) => (
                      <label key={p} className={`presence-option presence-${p.toLowerCase()}`}>
                        <input
                          type="radio"
                          value={p}
                          disabled={save.isPending}
                          {...form.register(rollKey(row))}
                        />
                        {PRESENCE_LABELS[p]}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : (
                <div className="attendance-head">
                  <span className="attendance-name">{name}</span>
                  {statusPill(row)}
                </div>
              )}
              {row.parDefaut && !form.getValues(rollKey(row)) ? (
                <p className="attendance-justification">{ATTENDANCE_TEXTS.byDefault}</p>
              ) : null}
              {row.statutPresence === 'INDISPONIBLE' && row.justification ? (
                <p className="attendance-justification">Justificatif : {row.justification}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {save.isError ? (
        <Alert tone="error">{errorMessage(save.error, ATTENDANCE_TEXTS.saveFailed)}</Alert>
      ) : null}
      <div className="actions roll-call-actions">
        <button type="submit" className="btn" disabled={!changedRows.length || save.isPending}>
          {save.isPending ? 'Enregistrement…' : ATTENDANCE_TEXTS.saveRoll}
        </button>
        <p role="status" aria-live="polite" className="roll-call-status">
          {status}
        </p>
      </div>
    </form>
  );
}
