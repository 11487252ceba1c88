import { useId } from 'react';
import { ANNOUNCEMENT_LIMITS, type TTeamRef } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useLazyZodForm } from '../../../lib/use-lazy-zod-form.ts';
import { usePublishAnnouncement } from '../api/announcements.ts';
import { ANNOUNCEMENT_TEXTS as T } from '../texts.ts';

// The schema (and zod) loads on the first check (docs/decisions/0091-signed-in-javascript-budget.md).
const loadSchema = () =>
  import('./announcement-form-schema.ts').then((m) => m.ZAnnouncementFormSchema);

/**
 * Writing an announcement. Leaders choose the whole club or some of the club's teams; a coach
 * chooses among their own teams (`mayWriteToClub` false). The server checks it all again.
 */
export function AnnouncementForm({
  teams,
  mayWriteToClub,
  onPublished,
}: {
  teams: readonly TTeamRef[];
  mayWriteToClub: boolean;
  onPublished?: () => void;
}) {
  const publish = usePublishAnnouncement();
  const toast = useToast();
  const titleId = useId();
  const teamsId = useId();
  const form = useLazyZodForm(loadSchema, {
    timing: 'submit',
    defaultValues: {
      titre: '',
      contenu: '',
      cible: mayWriteToClub ? 'club' : 'equipes',
      equipesIds: !mayWriteToClub && teams.length === 1 ? [teams[0]!.id] : [],
    },
  });
  const { errors } = form.formState;
  const [cible, equipesIds, contenu] = form.watch(['cible', 'equipesIds', 'contenu']);

  const toggleTeam = (id: number, on: boolean) =>
    form.setValue('equipesIds', on ? [...equipesIds, id] : equipesIds.filter((x) => x !== id), {
      shouldValidate: !!errors.equipesIds,
    });

  const submit = form.handleSubmit((values) =>
    publish.mutate(
      {
        titre: values.titre,
        contenu: values.contenu,
        ...(values.cible === 'equipes' ? { equipesIds: values.equipesIds } : {}),
      },
      {
        onSuccess: () => {
          form.reset({ ...form.getValues(), titre: '', contenu: '' });
          toast({ message: 'Annonce publiée.', tone: 'success' });
          onPublished?.();
        },
        onError: (err) =>
          applyApiError(form.setError, err, {
            fallback: T.publishFailed,
            fields: ['titre', 'contenu', 'equipesIds'],
          }),
      },
    ),
  );

  return (
    <section className="announcement-form card" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.formTitle}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={`${T.titre} *`} error={errors.titre?.message}>
          <input maxLength={ANNOUNCEMENT_LIMITS.titreMax} {...form.register('titre')} />
        </Field>
        <Field
          label={`${T.contenu} *`}
          error={errors.contenu?.message}
          hint={`${T.contenuHint} ${contenu.length}/${ANNOUNCEMENT_LIMITS.contenuMax}`}
        >
          <textarea
            rows={5}
            maxLength={ANNOUNCEMENT_LIMITS.contenuMax}
            {...form.register('contenu')}
          />
        </Field>
        <fieldset className="announcement-audience">
          <legend>{T.audience}</legend>
          {mayWriteToClub ? (
            <div className="announcement-targets">
              <label className="checkbox">
                <input type="radio" value="club" {...form.register('cible')} /> {T.toClub}
              </label>
              <label className="checkbox">
                <input type="radio" value="equipes" {...form.register('cible')} /> {T.toTeams}
              </label>
            </div>
          ) : null}
          {cible === 'equipes' ? (
            <div
              className="announcement-teams"
              role="group"
              aria-labelledby={teamsId}
              aria-describedby={errors.equipesIds ? `${teamsId}-error` : undefined}
            >
              <span id={teamsId} className="visually-hidden">
                {T.teamsLegend}
              </span>
              {teams.map((t) => (
                <label key={t.id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={equipesIds.includes(t.id)}
                    onChange={(e) => toggleTeam(t.id, e.target.checked)}
                  />{' '}
                  {t.nom}
                </label>
              ))}
              {errors.equipesIds ? (
                <div id={`${teamsId}-error`} className="field-error" role="alert">
                  {errors.equipesIds.message}
                </div>
              ) : null}
            </div>
          ) : null}
        </fieldset>
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <div className="actions">
          <button type="submit" className="btn" disabled={publish.isPending}>
            {publish.isPending ? T.publishing : T.publish}
          </button>
        </div>
      </form>
    </section>
  );
}
