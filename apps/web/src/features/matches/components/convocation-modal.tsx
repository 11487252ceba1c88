import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useController } from 'react-hook-form';
import {
  EVENT_FIELD_MESSAGES,
  ZLocalDateTimeSchema,
  CONVOCATION_PERMISSIONS,
  DEFAULT_REPLY_DEADLINE_HOURS,
  NOTIFICATION_MESSAGES,
  REMINDER_BEFORE_DEADLINE_HOURS,
  JUSTIFICATION_MAX,
  MATCH_MESSAGES,
  MATCH_SERVER_MESSAGES,
  SELECTION_LABELS,
  ZConvocationItemSchema,
  convocationCounts,
  matchTarget,
  mayAnswerOwnConvocation,
  needsJustification,
  permits,
  teamsWithRole,
  replyDeadline,
  shiftLocalDateTime,
  type PermissionSubject,
  type PresenceStatus,
  type TConvocation,
  type TConvocationItem,
  type TMatch,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import {
  PresenceChoice,
  ZPresenceAnswerFormSchema,
} from '../../../components/ui/presence-choice.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { DateTimeInput } from '../../../components/ui/date-time-input.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useConvocations, useSaveConvocations } from '../api/matches.ts';
import { localInputValue, longDateTime, monthName, teamText, timeOf, wallClock } from '../model.ts';
import { PlayerStatusBadge } from './player-status-badge.tsx';

export interface ConvocationViewer extends PermissionSubject {
  statut: string;
  prenom: string;
  nom: string;
}

interface ConvocationModalProps {
  match: TMatch;
  viewer: ConvocationViewer;
  /** A PARENT's children (GET /api/membres/{id} → enfants). */
  childIds: readonly number[];
  onClose: () => void;
  /** A JOUEUR answered their own row (the card's button turns grey for the session). */
  onAnswered: (matchId: number) => void;
}

/** 'jeudi 10 décembre 2026 à 15:00': the default deadline of a match starting at `dateDebut`. */
function defaultDeadlineText(dateDebut: string): string {
  const w = wallClock(shiftLocalDateTime(dateDebut, -DEFAULT_REPLY_DEADLINE_HOURS));
  return w ? longDateTime(w) : '';
}

type Row = { statutPresence: PresenceStatus | null; justification: string };

/** One sent row: justification only when absent, else null (spec §5). */
function toItem(joueurId: number, row: Row): TConvocationItem {
  return {
    joueurId,
    statutPresence: row.statutPresence,
    justification: row.statutPresence === 'INDISPONIBLE' ? row.justification.trim() : null,
  };
}

const rowOf = (entry: TConvocation): Row => ({
  statutPresence: entry.statutPresence,
  justification: entry.justificationAbsence ?? '',
});

/**
 * 'Convocation' (spec §2, §4, §5, §6): the coach and leaders set every convoked player's presence;
 * a player answers their own row (only when ACTIF); a parent answers their children's rows, one by
 * one. Justifications are only shown where the server sends them (coach, leaders, own row).
 */
export function ConvocationModal({
  match,
  viewer,
  childIds,
  onClose,
  onAnswered,
}: ConvocationModalProps) {
  const target = matchTarget(match);
  const manager = permits(CONVOCATION_PERMISSIONS, viewer, 'readSummary', target);
  // A player of one of the match's teams (hats); a guardian answers their children's rows.
  const player = teamsWithRole(viewer, 'JOUEUR').some((t) => target.teamIds.includes(t));
  const guardian = childIds.length > 0;
  const refused = !manager && player && !guardian && !mayAnswerOwnConvocation(viewer);
  const list = useConvocations(match.id, !refused);
  const w = wallClock(match.dateDebut);
  const when = w ? `${w.day} ${monthName(w.month)} ${w.year} à ${timeOf(w)}` : '';
  const deadline = wallClock(replyDeadline(match));

  let body;
  if (refused) {
    // Spec §6: a non-active player opening it sees the refusal, nothing else.
    body = <Alert tone="warning">{MATCH_MESSAGES.notActive}</Alert>;
  } else if (list.isPending) {
    body = <Loading label="Chargement des convocations…" />;
  } else if (list.isError) {
    body = (
      <LoadError
        message={errorMessage(list.error, MATCH_MESSAGES.convocationsLoadFailed)}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (manager) {
    body = <ManagerForm match={match} entries={list.data} onDone={onClose} />;
  } else {
    const own = list.data.filter(
      (e) => childIds.includes(e.joueur.id) || e.joueur.id === viewer.id,
    );
    body =
      own.length === 0 ? (
        <Alert tone="info">
          {guardian && !player
            ? "Aucun de vos enfants n'est convoqué pour ce match."
            : MATCH_MESSAGES.notConvoked}
        </Alert>
      ) : (
        <ul className="convocation-list" aria-label="Vos réponses">
          {own.map((entry) => (
            <li key={entry.joueur.id}>
              <AnswerRow
                match={match}
                entry={entry}
                self={entry.joueur.id === viewer.id}
                onAnswered={() => {
                  if (entry.joueur.id === viewer.id) onAnswered(match.id);
                }}
              />
              {entry.selection ? (
                <p className="convocation-selection">
                  <strong>{SELECTION_LABELS[entry.selection]}</strong>
                  {entry.joueur.id === viewer.id ? '' : ` (${entry.joueur.prenom})`}
                  {entry.selection !== 'NON_RETENU' && match.rendezVous
                    ? ` — rendez-vous à ${match.rendezVous.slice(11, 13)}h${match.rendezVous.slice(14, 16)}${match.lieuRendezVous ? `, ${match.lieuRendezVous}` : ''}`
                    : ''}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      );
  }

  return (
    <Modal title="Convocation" onClose={onClose} className="convocation-modal">
      <p className="muted convocation-match">
        {teamText(match.equipeDomicile)} – {teamText(match.equipeExterieur)}
        {when ? `, ${when}` : ''}
        {match.lieux ? ` — ${match.lieux}` : ''}
      </p>
      {deadline && match.statut === 'A_VENIR' && !match.annule ? (
        <p className="convocation-deadline">Réponse attendue avant le {longDateTime(deadline)}.</p>
      ) : null}
      {body}
    </Modal>
  );
}

/* ------------------------------------------------------------------ coach and leaders */

function managerSchema(entries: readonly TConvocation[], start: string) {
  return z
    .object({
      /** 'YYYY-MM-DDThh:mm' of the date and time pickers; '' = the default (48 h before). */
      dateLimiteReponse: z.string(),
      rows: z.array(ZPresenceAnswerFormSchema),
    })
    .superRefine(({ rows, dateLimiteReponse }, ctx) => {
      // The French pickers hand back what is typed until it is a whole date and time.
      if (dateLimiteReponse && !ZLocalDateTimeSchema.safeParse(dateLimiteReponse).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['dateLimiteReponse'],
          message: EVENT_FIELD_MESSAGES.dateTimeInvalid,
        });
      }
      // Both are the club's wall clock, written alike: comparing the texts compares the times.
      if (dateLimiteReponse && start && dateLimiteReponse >= start) {
        ctx.addIssue({
          code: 'custom',
          path: ['dateLimiteReponse'],
          message: NOTIFICATION_MESSAGES.deadlineAfterStart,
        });
      }
      // Spec §5: the save alerts for the first absent player without justification, and stops.
      const i = rows.findIndex((r) => needsJustification(r.statutPresence, r.justification));
      const entry = entries[i];
      if (entry) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'justification'],
          message: MATCH_MESSAGES.justificationRequired(entry.joueur.prenom, entry.joueur.nom),
        });
      }
    });
}

/** The coach's save, said once the modal is gone. */
export const CONVOCATION_SAVED = 'Convocation enregistrée.';

function ManagerForm({
  match,
  entries,
  onDone,
}: {
  match: TMatch;
  entries: readonly TConvocation[];
  onDone: () => void;
}) {
  const startWall = wallClock(match.dateDebut);
  const start = startWall ? localInputValue(startWall) : '';
  const storedDeadline = match.dateLimiteReponse?.slice(0, 16) ?? '';
  const schema = useMemo(() => managerSchema(entries, start), [entries, start]);
  const toast = useToast();
  const form = useZodForm(schema, {
    timing: 'submit',
    defaultValues: { rows: entries.map(rowOf), dateLimiteReponse: storedDeadline },
    shouldFocusError: true,
  });
  const deadlineValue = form.watch('dateLimiteReponse');
  const deadline = useController({ name: 'dateLimiteReponse', control: form.control });
  const save = useSaveConvocations(match.id);
  const rows = form.watch('rows');
  // A player kept off by their status is not awaited (decision 0108).
  const counts = convocationCounts(
    rows.map((r, i) => ({ ...r, statutJoueur: entries[i]?.statutJoueur })),
  );
  const rowErrors = form.formState.errors.rows;
  const firstError = Array.isArray(rowErrors)
    ? rowErrors.find((r) => r?.justification)?.justification?.message
    : undefined;

  const submit = form.handleSubmit((values) => {
    // Only rows with a status are sent (spec §5).
    const items = values.rows.flatMap((row, i) =>
      row.statutPresence ? [toItem(entries[i]!.joueur.id, row)] : [],
    );
    // The deadline is sent only when changed; '' goes back to the default (null).
    const deadline =
      values.dateLimiteReponse === storedDeadline
        ? {}
        : { dateLimiteReponse: values.dateLimiteReponse ? `${values.dateLimiteReponse}:00` : null };
    save.mutate(
      { items: items.map((it) => ZConvocationItemSchema.parse(it)), ...deadline },
      {
        onSuccess: () => {
          // Said once the modal is gone.
          toast({ message: CONVOCATION_SAVED });
          onDone();
        },
      },
    );
  });

  if (entries.length === 0) return <p className="empty">Aucun joueur convoqué pour ce match.</p>;

  return (
    <form className="form convocation-form" onSubmit={submit} noValidate>
      <p className="convocation-counts" aria-live="polite">
        <span>
          <strong>{counts.presents}</strong> présent{counts.presents > 1 ? 's' : ''}
        </span>
        <span>
          <strong>{counts.absents}</strong> absent{counts.absents > 1 ? 's' : ''}
        </span>
        <span>
          <strong>{counts.sansReponse}</strong> sans réponse
        </span>
        {counts.horsJeu ? (
          <span>
            <strong>{counts.horsJeu}</strong> blessé{counts.horsJeu > 1 ? 's' : ''}, malade
            {counts.horsJeu > 1 ? 's' : ''} ou suspendu{counts.horsJeu > 1 ? 's' : ''}
          </span>
        ) : null}
      </p>
      <div className="convocation-deadline-field">
        <Field
          label="Date limite de réponse"
          error={form.formState.errors.dateLimiteReponse?.message}
          hint={
            startWall
              ? `${deadlineValue ? '' : `Par défaut : ${DEFAULT_REPLY_DEADLINE_HOURS} h avant le match, soit le ${defaultDeadlineText(match.dateDebut)}. `}Les joueurs sans réponse reçoivent un rappel ${REMINDER_BEFORE_DEADLINE_HOURS} h avant ; vous recevez le récapitulatif à cette date.`
              : undefined
          }
        >
          <DateTimeInput
            name={deadline.field.name}
            ref={deadline.field.ref}
            value={deadline.field.value}
            onChange={deadline.field.onChange}
            onBlur={deadline.field.onBlur}
            disabled={save.isPending}
            timeLabel="Heure limite de réponse"
          />
        </Field>
        {deadlineValue ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={save.isPending}
            onClick={() => form.setValue('dateLimiteReponse', '', { shouldDirty: true })}
          >
            Date par défaut
          </button>
        ) : null}
      </div>
      {firstError ? <Alert tone="error">{firstError}</Alert> : null}
      {save.isError ? (
        <Alert tone="error">{errorMessage(save.error, MATCH_MESSAGES.saveFailed)}</Alert>
      ) : null}
      <ul className="convocation-list">
        {entries.map((entry, i) => {
          const name = `${entry.joueur.prenom} ${entry.joueur.nom}`;
          const status = rows[i]?.statutPresence ?? null;
          const error = Array.isArray(rowErrors) ? rowErrors[i]?.justification?.message : undefined;
          const errorId = `convocation-${match.id}-${entry.joueur.id}-error`;
          return (
            <li key={entry.joueur.id}>
              <fieldset className="convocation-row">
                <legend>
                  {name}
                  <PlayerStatusBadge statut={entry.statutJoueur} />
                </legend>
                <PresenceChoice
                  field={form.register(`rows.${i}.statutPresence`)}
                  disabled={save.isPending}
                />
                {status === 'INDISPONIBLE' ? (
                  <div className="field">
                    <label htmlFor={`convocation-${match.id}-${entry.joueur.id}`}>
                      Justificatif pour {name} *
                    </label>
                    <textarea
                      id={`convocation-${match.id}-${entry.joueur.id}`}
                      rows={2}
                      maxLength={JUSTIFICATION_MAX}
                      disabled={save.isPending}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      {...form.register(`rows.${i}.justification`)}
                    />
                    {error ? (
                      <div id={errorId} className="field-error">
                        {error}
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="actions convocation-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
          Annuler
        </button>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}

/* ------------------------------------------------------------------ a player, a parent */

/** One row answered by the player (own row) or a guardian (a child's row), sent on its own. */
function AnswerRow({
  match,
  entry,
  self,
  onAnswered,
}: {
  match: TMatch;
  entry: TConvocation;
  self: boolean;
  onAnswered: () => void;
}) {
  const form = useZodForm(ZPresenceAnswerFormSchema, {
    timing: 'submit',
    defaultValues: rowOf(entry),
  });
  const save = useSaveConvocations(match.id);
  const [saved, setSaved] = useState(false);
  const status = form.watch('statutPresence');
  const justification = form.watch('justification');
  const name = `${entry.joueur.prenom} ${entry.joueur.nom}`;
  const base = `reponse-${match.id}-${entry.joueur.id}`;
  // Spec §5: Enregistrer is disabled until present, or absent with a justification.
  const ready =
    status === 'DISPONIBLE' ||
    (status === 'INDISPONIBLE' && !needsJustification(status, justification));

  const submit = form.handleSubmit((row) => {
    setSaved(false);
    save.mutate(
      { items: [ZConvocationItemSchema.parse(toItem(entry.joueur.id, row))] },
      {
        onSuccess: () => {
          setSaved(true);
          onAnswered();
        },
      },
    );
  });

  if (!entry.modifiable) {
    return (
      <div className="convocation-row">
        <p className="convocation-name">{name}</p>
        <Alert tone="warning">
          {match.annule
            ? MATCH_SERVER_MESSAGES.cancelled
            : self
              ? MATCH_MESSAGES.notActive
              : MATCH_SERVER_MESSAGES.childNotActive(entry.joueur.prenom, entry.joueur.nom)}
        </Alert>
      </div>
    );
  }

  return (
    <form className="form convocation-row" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{self ? `Votre réponse (${name})` : `Réponse pour ${name}`}</legend>
        <PresenceChoice field={form.register('statutPresence')} disabled={save.isPending} />
        {status === 'INDISPONIBLE' ? (
          <div className="field">
            <label htmlFor={`${base}-justification`}>Justificatif *</label>
            <textarea
              id={`${base}-justification`}
              rows={2}
              maxLength={JUSTIFICATION_MAX}
              disabled={save.isPending}
              {...form.register('justification')}
            />
          </div>
        ) : null}
      </fieldset>
      {save.isError ? (
        <Alert tone="error">{errorMessage(save.error, MATCH_MESSAGES.saveFailed)}</Alert>
      ) : null}
      {saved && !save.isPending ? (
        <Alert tone="success">{MATCH_SERVER_MESSAGES.saved}</Alert>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn" disabled={!ready || save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}
