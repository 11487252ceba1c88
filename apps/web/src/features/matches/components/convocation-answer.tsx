import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  JUSTIFICATION_MAX,
  matchName,
  NOTIFICATION_MESSAGES,
  PRESENCE_LABELS,
  PRESENCE_STATUSES,
  needsJustification,
  type PresenceStatus,
  type TAnswerLinkPost,
  type TAnswerLinkView,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import {
  PresenceChoice,
  ZPresenceAnswerFormSchema,
} from '../../../components/ui/presence-choice.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { HttpError, errorMessage } from '../../../lib/http.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAnswerByToken, useConvocationByToken } from '../api/convocation-answer.ts';
import { longDateTime, wallClock } from '../model.ts';
import './matches.css';

/** The page's own texts (the server's answers are shown as they come). */
export const ANSWER_PAGE_TEXTS = {
  title: 'Réponse à la convocation',
  invalidLink: NOTIFICATION_MESSAGES.invalidLink,
  noLongerConvoked: NOTIFICATION_MESSAGES.noLongerConvoked,
  started: NOTIFICATION_MESSAGES.matchStarted,
  cancelled: NOTIFICATION_MESSAGES.matchCancelled,
  loadFailed: 'Impossible de charger la convocation. Vérifiez votre connexion puis réessayez.',
  saveFailed: "L'enregistrement de la réponse a échoué. Réessayez.",
  saved: 'Réponse enregistrée',
  saving: 'Enregistrement de votre réponse…',
  notSaved: 'Réponse pas encore enregistrée : cliquez sur « Confirmer ».',
  justificationRequired: 'Le justificatif est obligatoire pour une absence.',
} as const;

const ZAnswerFormSchema = ZPresenceAnswerFormSchema.superRefine((v, ctx) => {
  if (needsJustification(v.statutPresence, v.justification))
    ctx.addIssue({
      code: 'custom',
      path: ['justification'],
      message: ANSWER_PAGE_TEXTS.justificationRequired,
    });
});

/** 'DISPONIBLE' / 'INDISPONIBLE' from the link, anything else ignored. */
export function presenceParam(value: string | null): PresenceStatus | null {
  const v = value?.trim().toUpperCase();
  return (PRESENCE_STATUSES as readonly string[]).includes(v ?? '') ? (v as PresenceStatus) : null;
}

const answeredAtDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });
const pad = (n: number) => String(n).padStart(2, '0');
/** '5 décembre 2026 à 13h30' (the device's clock: an answer time is an instant). */
function answeredAtText(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return `${answeredAtDay.format(d)} à ${pad(d.getHours())}h${pad(d.getMinutes())}`;
}

/**
 * /convocation/reponse?jeton=…&presence=… (decision 0026): the page behind the 'Présent' / 'Absent'
 * buttons of a convocation e-mail. No sign-in: the signed token names the player and the match.
 * Opened in a browser, the page records the button's answer itself (decision 0105: Présent, or an
 * Absent already justified) and says so; the answer can be changed, 'Confirmer' records it.
 */
export function ConvocationAnswer({
  jeton,
  presence,
}: {
  jeton: string;
  presence: PresenceStatus | null;
}) {
  const info = useConvocationByToken(jeton);
  const titleId = useId();

  let body;
  if (!jeton || (info.isError && info.error instanceof HttpError && info.error.status === 404)) {
    body = (
      <>
        <Alert tone="error">
          {jeton
            ? errorMessage(info.error, ANSWER_PAGE_TEXTS.invalidLink)
            : ANSWER_PAGE_TEXTS.invalidLink}
        </Alert>
        <p className="muted">
          Utilisez le dernier e-mail de convocation reçu, ou répondez depuis l’application.
        </p>
        <p>
          <Link to="/connexion">Se connecter</Link>
        </p>
      </>
    );
  } else if (info.isError && info.error instanceof HttpError && info.error.status === 410) {
    // The convocation was withdrawn (decision 0107): nothing to answer, nothing to retry.
    body = (
      <>
        <Alert tone="info">{errorMessage(info.error, ANSWER_PAGE_TEXTS.noLongerConvoked)}</Alert>
        <p className="muted">Vous n’avez rien à faire : cette convocation est retirée.</p>
        <p>
          <Link to="/connexion">Se connecter</Link>
        </p>
      </>
    );
  } else if (info.isPending) {
    body = <Loading label="Chargement de la convocation…" />;
  } else if (info.isError) {
    body = (
      <>
        <Alert tone="error">{errorMessage(info.error, ANSWER_PAGE_TEXTS.loadFailed)}</Alert>
        <div className="actions">
          <button type="button" className="btn" onClick={() => void info.refetch()}>
            Réessayer
          </button>
        </div>
      </>
    );
  } else {
    body = <AnswerContent jeton={jeton} presence={presence} info={info.data} />;
  }

  return (
    <section className="card answer-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{ANSWER_PAGE_TEXTS.title}</h1>
      {body}
    </section>
  );
}

function MatchSummary({ info, open }: { info: TAnswerLinkView; open: boolean }) {
  const { match, joueur } = info;
  const w = wallClock(match.dateDebut);
  const deadline = wallClock(info.dateLimiteReponse);
  const meeting = match.rendezVous ? wallClock(match.rendezVous) : null;
  // The match's one name, home side first, then the event's own name when it says more: as the
  // mail that opened this page (docs/decisions/0143-match-name-in-mails.md).
  const name = matchName(match);
  return (
    <dl className="answer-summary">
      <dt>Match</dt>
      <dd>
        <strong>{name}</strong>
        {match.nom !== name ? (
          <>
            <br />
            {match.nom}
          </>
        ) : null}
      </dd>
      <dt>Date</dt>
      <dd>{w ? longDateTime(w) : match.dateDebut}</dd>
      {match.lieux ? (
        <>
          <dt>Lieu</dt>
          <dd>{match.lieux}</dd>
        </>
      ) : null}
      {meeting ? (
        <>
          <dt>Rendez-vous</dt>
          <dd>
            {longDateTime(meeting)}
            {match.lieuRendezVous ? `, ${match.lieuRendezVous}` : ''}
          </dd>
        </>
      ) : null}
      <dt>Joueur</dt>
      <dd>
        {joueur.prenom} {joueur.nom}
      </dd>
      {open && deadline ? (
        <>
          <dt>Répondre avant le</dt>
          <dd>{longDateTime(deadline)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** 'Présent' or 'Absent (justificatif : …)'. */
function answerText(reponse: TAnswerLinkView['reponse']): string | null {
  if (!reponse?.statutPresence) return null;
  const label = PRESENCE_LABELS[reponse.statutPresence];
  return reponse.statutPresence === 'INDISPONIBLE' && reponse.justification
    ? `${label} (justificatif : ${reponse.justification})`
    : label;
}

/**
 * What opening the link records by itself (decision 0105): the link's Présent; its Absent only when
 * an Absent with its justification is already recorded (a new absence needs one typed first).
 */
function linkAnswer(
  presence: PresenceStatus | null,
  reponse: TAnswerLinkView['reponse'],
): Omit<TAnswerLinkPost, 'jeton'> | null {
  if (presence === 'DISPONIBLE') return { statutPresence: 'DISPONIBLE' };
  const justification = reponse?.statutPresence === 'INDISPONIBLE' ? reponse.justification : null;
  if (presence === 'INDISPONIBLE' && !needsJustification(presence, justification))
    return { statutPresence: 'INDISPONIBLE', justification: justification!.trim() };
  return null;
}

function AnswerContent({
  jeton,
  presence,
  info,
}: {
  jeton: string;
  presence: PresenceStatus | null;
  info: TAnswerLinkView;
}) {
  const closed = info.match.annule || info.commence;
  const given = answerText(info.reponse);
  const when = answeredAtText(info.reponse?.answeredAt);
  // The link's answer and the recorded justification, as the page opened (the form's justification
  // starts from it, also when the form appears after the save of the link's answer).
  const [auto] = useState(() => (closed ? null : linkAnswer(presence, info.reponse)));
  const [justification] = useState(() => info.reponse?.justification ?? '');
  const save = useAnswerByToken(jeton);
  /** Saves made on this page: each one shows (and focuses) the confirmation anew. */
  const [saves, setSaves] = useState(0);
  const [autoError, setAutoError] = useState<string | null>(null);
  // The answer of the link is recorded by this script, once (a StrictMode re-run included): never
  // by the server's GET, which mail scanners prefetch (decision 0105).
  const sent = useRef(false);
  const { mutateAsync } = save;
  useEffect(() => {
    if (!auto || sent.current) return;
    sent.current = true;
    mutateAsync({ jeton, ...auto }).then(
      () => setSaves((n) => n + 1),
      (err: unknown) => setAutoError(errorMessage(err, ANSWER_PAGE_TEXTS.saveFailed)),
    );
  }, [auto, jeton, mutateAsync]);

  if (closed) {
    return (
      <>
        <MatchSummary info={info} open={false} />
        <Alert tone="warning">
          {info.match.annule ? ANSWER_PAGE_TEXTS.cancelled : ANSWER_PAGE_TEXTS.started}
        </Alert>
        {given ? <p>Réponse enregistrée : {given}.</p> : <p>Aucune réponse n’a été enregistrée.</p>}
      </>
    );
  }
  if (auto && saves === 0 && autoError === null)
    return (
      <>
        <MatchSummary info={info} open />
        <Loading label={ANSWER_PAGE_TEXTS.saving} />
      </>
    );
  return (
    <>
      <MatchSummary info={info} open />
      {saves > 0 ? (
        <Saved key={saves} given={given} />
      ) : given ? (
        <Alert tone="info">
          Une réponse a déjà été donnée{when ? ` le ${when}` : ''} : {given}. Vous pouvez la
          modifier jusqu’au début du match.
        </Alert>
      ) : null}
      <AnswerForm
        jeton={jeton}
        info={info}
        initial={presence ?? info.reponse?.statutPresence ?? null}
        initialJustification={justification}
        initialError={autoError}
        onSaved={() => setSaves((n) => n + 1)}
      />
    </>
  );
}

/** 'Réponse enregistrée : Présent.', focused for screen-reader and keyboard users. */
function Saved({ given }: { given: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="answer-saved" ref={ref} tabIndex={-1}>
      <Alert tone="success">
        <strong>{ANSWER_PAGE_TEXTS.saved}</strong>
        {given ? ` : ${given}.` : '.'}
      </Alert>
      <p className="muted">
        L’entraîneur voit votre réponse dans l’application. Vous pouvez la modifier ci-dessous
        jusqu’au début du match.
      </p>
    </div>
  );
}

function AnswerForm({
  jeton,
  info,
  initial,
  initialJustification,
  initialError,
  onSaved,
}: {
  jeton: string;
  info: TAnswerLinkView;
  initial: PresenceStatus | null;
  initialJustification: string;
  /** The automatic save of the link failed: its error, above the manual 'Confirmer'. */
  initialError: string | null;
  onSaved: () => void;
}) {
  const form = useZodForm(ZAnswerFormSchema, {
    timing: 'submit',
    defaultValues: {
      statutPresence: initial,
      justification: initialJustification,
    },
  });
  const save = useAnswerByToken(jeton);
  const [formError, setFormError] = useState<string | null>(initialError);
  const status = form.watch('statutPresence');
  const justification = form.watch('justification');
  const ready =
    status === 'DISPONIBLE' ||
    (status === 'INDISPONIBLE' && !needsJustification(status, justification));
  // The choice on screen is not the recorded answer: say that 'Confirmer' is still needed.
  const recorded = info.reponse;
  const unsaved =
    status !== null &&
    (status !== recorded?.statutPresence ||
      (status === 'INDISPONIBLE' && justification.trim() !== (recorded.justification ?? '')));
  const name = `${info.joueur.prenom} ${info.joueur.nom}`;
  const justificationId = useId();
  const errorId = `${justificationId}-error`;
  const error = form.formState.errors.justification?.message;

  const submit = form.handleSubmit(async ({ statutPresence, justification }) => {
    if (!statutPresence) return;
    setFormError(null);
    try {
      await save.mutateAsync({
        jeton,
        statutPresence,
        ...(statutPresence === 'INDISPONIBLE' ? { justification: justification.trim() } : {}),
      });
      onSaved();
    } catch (err) {
      setFormError(
        applyApiError(form.setError, err, {
          fields: ['justification', 'statutPresence'],
          fallback: ANSWER_PAGE_TEXTS.saveFailed,
        }),
      );
    }
  });

  return (
    <form className="form answer-form" onSubmit={submit} noValidate>
      <fieldset className="answer-fieldset">
        <legend>Réponse de {name}</legend>
        <PresenceChoice field={form.register('statutPresence')} disabled={save.isPending} />
        {status === 'INDISPONIBLE' ? (
          <div className="field">
            <label htmlFor={justificationId}>Justificatif *</label>
            <textarea
              id={justificationId}
              rows={3}
              maxLength={JUSTIFICATION_MAX}
              disabled={save.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              {...form.register('justification')}
            />
            {error ? (
              <div id={errorId} className="field-error" role="alert">
                {error}
              </div>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {unsaved ? <p className="answer-unsaved">{ANSWER_PAGE_TEXTS.notSaved}</p> : null}
      <div className="actions">
        <button type="submit" className="btn" disabled={!ready || save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Confirmer'}
        </button>
      </div>
    </form>
  );
}
