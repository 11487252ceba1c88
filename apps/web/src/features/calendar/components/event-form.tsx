import { useEffect, useId, useRef, useState } from 'react';
import {
  ACTION_LABELS,
  FIELD_LABELS,
  EVENT_MESSAGES,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  RECURRENCE_LIMITS,
  RECURRENCE_WEEKDAYS,
  parseRecurrenceRule,
  teamLabel,
  type TTeam,
  type TEvent,
  type TEventWrite,
} from '@club/contract';
import { Controller } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { TimeInput } from '../../../components/ui/time-input.tsx';
import { DateTimeInput } from '../../../components/ui/date-time-input.tsx';
import { useApiFieldErrors } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useOnEdit } from '../../../lib/use-on-edit.ts';
import { useOpponentTeams } from '../api/events.ts';
import { endFollowingStart, isWholeLocal } from '../lib/local-date.ts';
import {
  WEEKDAY_NAMES,
  ZEventFormSchema,
  frenchDate,
  initialFormValues,
  recurrenceSummary,
  repeatDefaults,
  toEventWrite,
} from '../lib/event-form.ts';
import { Repeat } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

/** 'Chaque mardi et jeudi jusqu'au 30/06/2027' for the series of an answered occurrence. */
export function seriesSummary(serie: NonNullable<TEvent['serie']>): string {
  const parsed = parseRecurrenceRule(serie.rrule);
  if (!parsed.ok) return serie.rrule;
  const { rule } = parsed;
  return recurrenceSummary({
    repeatDays: rule.byday,
    repeatInterval: String(rule.interval),
    repeatEnd: rule.until ? 'until' : 'count',
    repeatUntil: rule.until ?? '',
    repeatCount: String(rule.count ?? ''),
    repeatExclusions: serie.exclusions,
  });
}

/** The teams with the current area's team first, the others in their order (decision 0105). */
export function currentTeamFirst(
  teams: readonly TTeam[],
  currentTeamId: number | null,
): readonly TTeam[] {
  const current = teams.find((t) => t.id === currentTeamId);
  return current ? [current, ...teams.filter((t) => t !== current)] : teams;
}

/**
 * A new event's preselected teams (decision 0105): the current area's team when the member may pick
 * it; in the club-wide calendar none, except the only team of a coach with one team. Never another
 * team than the one on screen: a training's teams are mailed on save.
 */
export function defaultTeamIds(
  teams: readonly TTeam[],
  currentTeamId: number | null,
  isLeader: boolean,
): number[] {
  if (currentTeamId !== null && teams.some((t) => t.id === currentTeamId)) return [currentTeamId];
  return !isLeader && teams.length === 1 ? [teams[0]!.id] : [];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface EventFormProps {
  /** The event to edit, or null to create one. */
  event: TEvent | null;
  /** Create: the start picked on the calendar. */
  start?: Date;
  clubId: number;
  /** The teams the member may pick: every team for leaders, a coach's own teams. */
  teams: readonly TTeam[];
  /** Leaders pick teams freely (an empty list = every team); a coach's list is forced. */
  isLeader: boolean;
  /**
   * The team of the area the calendar is opened in (/{nomClub}/{nomEquipe}/calendrier), null in
   * the club-wide calendar: a new event's default team, listed first (decision 0105).
   */
  currentTeamId?: number | null;
  submitting: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (body: TEventWrite) => void;
  onCancel: () => void;
  /** Edit only: asks for the deletion. */
  onDelete?: () => void;
  /** A value changed or a new submit starts: the modal drops the last save's error. */
  onEdit?: () => void;
}

const FIELDS = [
  'nom',
  'lieux',
  'dateDebut',
  'dateFin',
  'type',
  'baseTeamId',
  'adverseTeamId',
  'adversaireNom',
  'heureRendezVous',
  'lieuRendezVous',
  'equipesIds',
  'repeatDays',
  'repeatInterval',
  'repeatUntil',
  'repeatCount',
] as const;

/** The fields of the event modal (spec §2, §5). */
export function EventForm({
  event,
  start,
  clubId,
  teams: givenTeams,
  isLeader,
  currentTeamId = null,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
  onDelete,
  onEdit,
}: EventFormProps) {
  const teams = currentTeamFirst(givenTeams, currentTeamId);
  const form = useZodForm(ZEventFormSchema, {
    timing: 'submit',
    defaultValues: initialFormValues(event, {
      start,
      defaultTeamIds: defaultTeamIds(teams, currentTeamId, isLeader),
      teamRequired: !isLeader,
    }),
  });
  const { errors } = form.formState;
  // The end follows the start, keeping the duration: from the last whole start (typing a date
  // passes through values that are not whole yet).
  const lastWholeStart = useRef(form.getValues('dateDebut'));
  const onStartChange = (next: string) => {
    form.setValue('dateDebut', next, { shouldValidate: form.formState.isSubmitted });
    if (!isWholeLocal(next)) return;
    const end = endFollowingStart(lastWholeStart.current, form.getValues('dateFin'), next);
    lastWholeStart.current = next;
    if (end) form.setValue('dateFin', end, { shouldValidate: form.formState.isSubmitted });
  };
  useOnEdit(form.watch, onEdit);
  const type = form.watch('type');
  // A MATCH's teams are its base team (and opponent): their errors go under 'Équipe (base)'.
  useApiFieldErrors(form.setError, serverErrors, {
    fields: FIELDS,
    aliases: {
      ...(type === 'MATCH' ? { equipesIds: 'baseTeamId' } : {}),
      // The server's rule errors (too long, no occurrence) go under the end of the repetition.
      'recurrence.rrule': form.getValues('repeatEnd') === 'count' ? 'repeatCount' : 'repeatUntil',
      recurrence: 'repeatDays',
    },
  });
  const repeat = form.watch('repeat');
  const repeatEnd = form.watch('repeatEnd');
  const exclusions = form.watch('repeatExclusions');
  const summary = recurrenceSummary({
    repeatDays: form.watch('repeatDays'),
    repeatInterval: form.watch('repeatInterval'),
    repeatEnd,
    repeatUntil: form.watch('repeatUntil'),
    repeatCount: form.watch('repeatCount'),
    repeatExclusions: exclusions,
  });
  const [skipDate, setSkipDate] = useState('');
  const repeatId = useId();
  const addSkipDate = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(skipDate) || exclusions.includes(skipDate)) return;
    form.setValue('repeatExclusions', [...exclusions, skipDate].sort());
    setSkipDate('');
  };
  const baseTeamId = form.watch('baseTeamId');
  const adverseTeamId = form.watch('adverseTeamId');
  const baseTeam = teams.find((t) => String(t.id) === baseTeamId) ?? null;
  const opponents = useOpponentTeams(baseTeam);
  const checklistId = useId();

  // The opponents arrive after the form: show the event's opponent once its option exists, and
  // forget an opponent that a new base team does not offer.
  const { setValue, getValues } = form;
  useEffect(() => {
    if (!opponents.data) return;
    const current = getValues('adverseTeamId');
    const offered = opponents.data.some((t) => String(t.id) === current);
    if (current !== '') setValue('adverseTeamId', offered ? current : '');
  }, [opponents.data, getValues, setValue]);

  const isMatch = type === 'MATCH';
  const matchAlert = errors.baseTeamId?.message === EVENT_MESSAGES.matchNeedsTeam;

  return (
    <form
      className="form event-form"
      onSubmit={(e) => {
        onEdit?.();
        return form.handleSubmit((values) => onSubmit(toEventWrite(values, clubId)))(e);
      }}
      noValidate
    >
      {matchAlert ? (
        <div className="alert alert-error" role="alert">
          {EVENT_MESSAGES.matchNeedsTeam}
        </div>
      ) : null}
      <Field label="Nom *" error={errors.nom?.message}>
        <input required autoComplete="off" {...form.register('nom')} />
      </Field>
      <Field label={`${FIELD_LABELS.lieu} *`} error={errors.lieux?.message}>
        <input required autoComplete="off" {...form.register('lieux')} />
      </Field>
      <div className="event-form-dates">
        {(['dateDebut', 'dateFin'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Field
                label={name === 'dateDebut' ? 'Début *' : 'Fin *'}
                error={errors[name]?.message}
              >
                <DateTimeInput
                  required
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={name === 'dateDebut' ? onStartChange : field.onChange}
                  onBlur={field.onBlur}
                  timeLabel={name === 'dateDebut' ? 'Heure de début' : 'Heure de fin'}
                />
              </Field>
            )}
          />
        ))}
      </div>
      <div className="event-form-meeting">
        <Controller
          control={form.control}
          name="heureRendezVous"
          render={({ field }) => (
            <Field
              label="Heure de rendez-vous"
              error={errors.heureRendezVous?.message}
              hint="Le jour du début, au plus tard à l’heure du début."
            >
              <TimeInput
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            </Field>
          )}
        />
        <Field label="Lieu de rendez-vous" error={errors.lieuRendezVous?.message}>
          <input autoComplete="off" {...form.register('lieuRendezVous')} />
        </Field>
      </div>
      <Field label="Type *" error={errors.type?.message}>
        <select required {...form.register('type')}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {EVENT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>

      {isMatch ? (
        <>
          <Field label="Équipe (base) *" error={matchAlert ? null : errors.baseTeamId?.message}>
            <select {...form.register('baseTeamId')}>
              <option value="">Choisir une équipe</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {teamLabel(t, t.id)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Équipe adverse"
            error={errors.adverseTeamId?.message}
            hint={
              baseTeam && opponents.isError
                ? 'Impossible de charger les équipes adverses.'
                : undefined
            }
          >
            <select disabled={baseTeam === null} {...form.register('adverseTeamId')}>
              <option value="">
                {baseTeam === null
                  ? EVENT_MESSAGES.chooseBaseTeamFirst
                  : opponents.isLoading
                    ? 'Chargement...'
                    : 'Aucune (adversaire hors plateforme)'}
              </option>
              {(baseTeam ? (opponents.data ?? []) : []).map((t) => (
                <option key={t.id} value={t.id}>
                  {teamLabel(t, t.id)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Adversaire (hors plateforme)"
            error={errors.adversaireNom?.message}
            hint="Nom de l'adversaire quand ce n'est pas une équipe de la plateforme."
          >
            <input
              autoComplete="off"
              disabled={adverseTeamId !== ''}
              {...form.register('adversaireNom')}
            />
          </Field>
          <fieldset className="event-form-home">
            <legend>Lieu du match</legend>
            <label className="radio">
              <input type="radio" value="true" {...form.register('domicile')} />À domicile
            </label>
            <label className="radio">
              <input type="radio" value="false" {...form.register('domicile')} />À l’extérieur
            </label>
          </fieldset>
        </>
      ) : isLeader || teams.length > 1 ? (
        <fieldset className="event-form-teams" aria-describedby={`${checklistId}-hint`}>
          <legend>Équipes concernées</legend>
          <p id={`${checklistId}-hint`} className="field-hint">
            {isLeader ? 'Aucune équipe cochée : toutes les équipes.' : 'Au moins une équipe.'}
          </p>
          {teams.length === 0 ? <p className="muted">Aucune équipe dans le club.</p> : null}
          {teams.map((t) => (
            <label key={t.id} className="checkbox">
              <input type="checkbox" value={String(t.id)} {...form.register('equipesIds')} />
              {teamLabel(t, t.id)}
            </label>
          ))}
          {errors.equipesIds?.message ? (
            <div className="field-error" role="alert">
              {errors.equipesIds.message}
            </div>
          ) : null}
        </fieldset>
      ) : (
        <p className="event-form-forced-team">
          Équipe concernée : <strong>{teams[0] ? teamLabel(teams[0], teams[0].id) : '—'}</strong>
        </p>
      )}

      {event?.serie ? (
        <p className="event-form-series">
          <Icon as={Repeat} /> Fait partie d’une série : {seriesSummary(event.serie)}
        </p>
      ) : null}
      {event === null && !isMatch ? (
        <fieldset className="event-form-repeat">
          <legend>Répéter</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              {...form.register('repeat', {
                // Switched on: the start's weekday, until three months after the start.
                onChange: (e: { target: { checked: boolean } }) => {
                  if (!e.target.checked) return;
                  const start = form.getValues('dateDebut');
                  if (!/^\d{4}-\d{2}-\d{2}/.test(start)) return;
                  const defaults = repeatDefaults(start);
                  form.setValue('repeatDays', defaults.repeatDays);
                  form.setValue('repeatUntil', defaults.repeatUntil);
                },
              })}
            />
            Répéter cet événement chaque semaine
          </label>
          {repeat ? (
            <>
              <fieldset className="event-form-weekdays" aria-describedby={`${repeatId}-days`}>
                <legend>Jours</legend>
                {RECURRENCE_WEEKDAYS.map((d) => (
                  <label key={d} className="checkbox">
                    <input type="checkbox" value={d} {...form.register('repeatDays')} />
                    {capitalise(WEEKDAY_NAMES[d])}
                  </label>
                ))}
                {errors.repeatDays?.message ? (
                  <div id={`${repeatId}-days`} className="field-error" role="alert">
                    {errors.repeatDays.message}
                  </div>
                ) : null}
              </fieldset>
              <Field label="Toutes les … semaines" error={errors.repeatInterval?.message}>
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={RECURRENCE_LIMITS.intervalMax}
                  {...form.register('repeatInterval')}
                />
              </Field>
              <fieldset className="event-form-repeat-end">
                <legend>Fin de la répétition</legend>
                <label className="checkbox">
                  <input type="radio" value="until" {...form.register('repeatEnd')} />
                  Jusqu’à une date
                </label>
                {repeatEnd === 'until' ? (
                  <Controller
                    control={form.control}
                    name="repeatUntil"
                    render={({ field }) => (
                      <Field label="Jusqu’au" error={errors.repeatUntil?.message}>
                        <DateInput
                          name={field.name}
                          ref={field.ref}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      </Field>
                    )}
                  />
                ) : null}
                <label className="checkbox">
                  <input type="radio" value="count" {...form.register('repeatEnd')} />
                  Un nombre d’occurrences
                </label>
                {repeatEnd === 'count' ? (
                  <Field label="Nombre d’occurrences" error={errors.repeatCount?.message}>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={RECURRENCE_LIMITS.occurrencesMax}
                      {...form.register('repeatCount')}
                    />
                  </Field>
                ) : null}
              </fieldset>
              <fieldset className="event-form-skip">
                <legend>Dates à sauter</legend>
                {/* Enter in the date adds it (and does not submit the event). */}
                <div
                  className="event-form-skip-add"
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
                      e.preventDefault();
                      addSkipDate();
                    }
                  }}
                >
                  <label htmlFor={`${repeatId}-skip`} className="visually-hidden">
                    Date à sauter
                  </label>
                  <DateInput id={`${repeatId}-skip`} value={skipDate} onChange={setSkipDate} />
                  <button type="button" className="btn btn-ghost" onClick={addSkipDate}>
                    Ajouter la date
                  </button>
                </div>
                {exclusions.length ? (
                  <ul className="event-form-skip-list">
                    {exclusions.map((d) => (
                      <li key={d}>
                        {frenchDate(d)}
                        <button
                          type="button"
                          className="btn btn-ghost btn-small"
                          aria-label={`Retirer le ${frenchDate(d)}`}
                          onClick={() =>
                            form.setValue(
                              'repeatExclusions',
                              exclusions.filter((x) => x !== d),
                            )
                          }
                        >
                          Retirer
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="field-hint">Aucune date sautée.</p>
                )}
              </fieldset>
              <p className="event-form-repeat-summary" aria-live="polite">
                {summary}
              </p>
            </>
          ) : null}
        </fieldset>
      ) : null}

      <div className="actions">
        {onDelete ? (
          <button type="button" className="btn btn-danger" onClick={onDelete}>
            Supprimer
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {ACTION_LABELS.cancel}
        </button>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? ACTION_LABELS.saving : event ? ACTION_LABELS.edit : ACTION_LABELS.create}
        </button>
      </div>
    </form>
  );
}
