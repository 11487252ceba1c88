import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  JUSTIFICATION_MAX,
  PRESENCE_LABELS,
  SELECTION_LABELS,
  frenchTime,
  matchTitle,
  type PresenceStatus,
  type TDashboardEvent,
  type TDashboardHome,
  type THomeClubMatch,
  type THomeDuty,
  type THomeLeader,
  type THomeMemberRef,
  type THomeNextMatch,
  type THomeToAnswer,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PlaceIcon } from '../../../components/ui/place-icon.tsx';
import { eventTypeClass, eventTypeLabel } from '../../../lib/event-type.ts';
import { clubPath, teamPath } from '../../../lib/session.ts';
import { useAnswerConvocation, useDashboardHome } from '../api/dashboard.ts';
import { formatDay, formatTimeRange } from './format.ts';

/**
 * The home part of the dashboards (docs/decisions/0083-dashboard-home.md): what the member can
 * act on, each card linking to the page where it is handled. Texts not in the spec live here.
 */
export const HOME_TEXT = {
  toAnswer: 'À répondre',
  noneToAnswer: 'Aucune convocation en attente de réponse.',
  nextMatches: 'Prochains matchs',
  noNextMatch: 'Aucun match à venir.',
  week: 'Cette semaine',
  noWeekEvent: 'Aucun événement dans les 7 prochains jours.',
  today: 'Aujourd’hui au club',
  noTodayEvent: 'Aucun événement pour aujourd’hui.',
  withoutScore: 'Matchs joués sans score',
  noWithoutScore: 'Tous les matchs joués ont leur score.',
  awaiting: 'Convocations sans réponse',
  noAwaiting: 'Toutes les convocations à venir ont leur réponse.',
  unactivated: 'Comptes non activés',
  noUnactivated: 'Tous les comptes sont activés.',
  withoutTeam: 'Joueurs sans équipe',
  noWithoutTeam: 'Tous les joueurs ont une équipe.',
  loading: 'Chargement de l’accueil...',
  loadFailed: 'Impossible de charger votre accueil.',
  retry: 'Réessayer',
  justification: 'Justificatif de l’absence',
  sendAbsence: 'Envoyer',
  cancel: 'Annuler',
  answerFailed: 'La réponse n’a pas été enregistrée.',
  selectionNotPublished: 'Sélection pas encore publiée.',
  onlyCoach: 'Seul l’entraîneur peut répondre pour ce joueur (statut non actif).',
  seeMatches: 'Voir les matchs',
  seeMembers: 'Voir les membres',
  toDo: 'À faire',
  dutyOf: 'Tâche bénévole',
  seeCalendar: 'Voir au calendrier',
} as const;

/** 'Réponse enregistrée : Présent pour Léa.' */
export const answeredText = (statut: PresenceStatus, item: Pick<THomeToAnswer, 'soi' | 'joueur'>) =>
  `Réponse enregistrée : ${PRESENCE_LABELS[statut]}${item.soi ? '' : ` pour ${item.joueur.prenom}`}.`;

/** A next match's missing answers, for the staff of its team: '3 sans réponse'. */
export const awaitedText = (n: number) =>
  n === 0 ? 'Toutes les réponses sont là' : `${n} sans réponse`;

const time = (value: string | null) => (value ? frenchTime(value) : '');
const when = (dateDebut: string, dateFin?: string) =>
  `${formatDay(dateDebut.slice(0, 10))} · ${dateFin ? formatTimeRange(dateDebut, dateFin) : time(dateDebut)}`;

interface HomeSectionsProps {
  nomClub: string;
  /** The calendar the agenda's events open (the team's or the club's). */
  calendarPath: string;
  /** DIRIGEANT and RESPONSABLE: the club part comes first. */
  leader: boolean;
}

/** The home: loading, error (with a retry) and the sections of the answer. */
export function HomeSections({ nomClub, calendarPath, leader }: HomeSectionsProps) {
  const home = useDashboardHome();
  if (home.isPending)
    return (
      <div className="home-sections">
        <Skeleton variant="cards" rows={2} label={HOME_TEXT.loading} />
      </div>
    );
  if (home.isError)
    return (
      <div className="home-sections home-error">
        <Alert tone="error">{HOME_TEXT.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => void home.refetch()}>
          {HOME_TEXT.retry}
        </Button>
      </div>
    );
  const data: TDashboardHome = home.data;
  const duty = data.prochaineTache ? (
    <DutySection duty={data.prochaineTache} calendarPath={calendarPath} />
  ) : null;
  const own = (
    <>
      {duty}
      <ToAnswerSection items={data.aRepondre} nomClub={nomClub} />
      <div className="home-todo-grid">
        <NextMatchesSection matches={data.prochainsMatchs} nomClub={nomClub} />
        <WeekSection events={data.semaine} nomClub={nomClub} calendarPath={calendarPath} />
      </div>
    </>
  );
  return (
    <div className="home-sections">
      {leader && data.club ? (
        <>
          <ClubSections club={data.club} nomClub={nomClub} calendarPath={calendarPath} />
          {duty}
          {data.aRepondre.length > 0 ? (
            <ToAnswerSection items={data.aRepondre} nomClub={nomClub} />
          ) : null}
          {data.prochainsMatchs.length > 0 ? (
            <NextMatchesSection matches={data.prochainsMatchs} nomClub={nomClub} />
          ) : null}
        </>
      ) : (
        own
      )}
    </div>
  );
}

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  // Not a named region: the page's own regions (the events, the members) keep their names alone.
  return (
    <section className="dashboard-section home-section">
      <h2>
        {title}
        {count ? <span className="home-count">{` (${count})`}</span> : null}
      </h2>
      {children}
    </section>
  );
}

/* ------------------------------------------------------------------ à faire */

/** « À faire »: the family's next volunteer duty (docs/decisions/0133), opened in the calendar. */
function DutySection({ duty, calendarPath }: { duty: THomeDuty; calendarPath: string }) {
  return (
    <Section title={HOME_TEXT.toDo}>
      <ul className="home-list">
        <li>
          <Link to={calendarPath} className="home-row">
            <span className="home-row-main">{`${HOME_TEXT.dutyOf} : ${duty.libelle}`}</span>{' '}
            <span className="home-row-meta">
              {`${duty.nom} · ${when(duty.dateDebut)} · ${duty.lieux} · ${duty.benevole.prenom}`}
            </span>
          </Link>
        </li>
      </ul>
    </Section>
  );
}

/* ------------------------------------------------------------------ à répondre */

type Answered = { item: THomeToAnswer; statut: PresenceStatus };
/** Convocation cards shown before "Afficher les … suivantes". */
export const HOME_CARDS_SHOWN = 4;
const keyOf = (item: Pick<THomeToAnswer, 'matchId' | 'joueur'>) =>
  `${item.matchId}:${item.joueur.id}`;

/**
 * Convocations awaiting an answer, with Présent and Absent in place. An answered card stays,
 * saying what was recorded, until the page is left (the home read again no longer lists it).
 */
export function ToAnswerSection({ items, nomClub }: { items: THomeToAnswer[]; nomClub: string }) {
  const [answered, setAnswered] = useState<Record<string, Answered>>({});
  const [expanded, setExpanded] = useState(false);
  const all = [
    ...items,
    ...Object.values(answered)
      .map((a) => a.item)
      .filter((a) => !items.some((i) => keyOf(i) === keyOf(a))),
  ].sort((a, b) => a.dateDebut.localeCompare(b.dateDebut) || a.matchId - b.matchId);
  // The soonest first; a season of convocations waits behind "Afficher les … suivantes".
  const shown = expanded ? all : all.slice(0, HOME_CARDS_SHOWN);
  const hidden = all.length - shown.length;
  return (
    <Section title={HOME_TEXT.toAnswer} count={items.length}>
      {shown.length === 0 ? (
        <p className="empty">{HOME_TEXT.noneToAnswer}</p>
      ) : (
        <ul className="home-list home-list-cards">
          {shown.map((item) => (
            <li key={keyOf(item)}>
              <ToAnswerCard
                item={item}
                nomClub={nomClub}
                answered={answered[keyOf(item)]?.statut ?? null}
                onAnswered={(statut) =>
                  setAnswered((prev) => ({ ...prev, [keyOf(item)]: { item, statut } }))
                }
              />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 ? (
        <Button variant="secondary" className="home-more" onClick={() => setExpanded(true)}>
          {`Afficher les ${hidden} suivantes`}
        </Button>
      ) : null}
    </Section>
  );
}

function ToAnswerCard({
  item,
  nomClub,
  answered,
  onAnswered,
}: {
  item: THomeToAnswer;
  nomClub: string;
  answered: PresenceStatus | null;
  onAnswered: (statut: PresenceStatus) => void;
}) {
  const answer = useAnswerConvocation();
  const [absentOpen, setAbsentOpen] = useState(false);
  const [justification, setJustification] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const who = item.soi ? 'Vous' : item.joueur.prenom;
  const title = item.adversaire
    ? matchTitle({
        equipe: item.equipe?.nom ?? null,
        adversaire: item.adversaire,
        domicile: item.domicile,
      })
    : item.nom;

  const send = (statut: PresenceStatus) => {
    setError(null);
    answer.mutate(
      {
        matchId: item.matchId,
        joueurId: item.joueur.id,
        statutPresence: statut,
        justification: statut === 'INDISPONIBLE' ? justification.trim() : null,
      },
      {
        onSuccess: () => {
          setAbsentOpen(false);
          onAnswered(statut);
        },
        onError: (err) =>
          setError(err instanceof Error && err.message ? err.message : HOME_TEXT.answerFailed),
      },
    );
  };

  return (
    <div className="home-card home-card-answer">
      <p className="home-card-person">
        <strong>{who}</strong>
        {item.equipe ? <span className="muted"> · {item.equipe.nom}</span> : null}
      </p>
      <h3 className="home-card-title">
        {item.equipe ? (
          <Link to={teamPath(nomClub, item.equipe.nom, 'matche')}>{title}</Link>
        ) : (
          title
        )}
      </h3>
      <p className="home-card-line">
        <span className="visually-hidden">Horaire : </span>
        {eventTypeLabel(item.type)} · {when(item.dateDebut, item.dateFin)}
      </p>
      {item.lieux ? (
        <p className="home-card-line home-card-place">
          <span className="visually-hidden">Lieu : </span>
          <PlaceIcon className="event-card-pin" />
          {item.lieux}
        </p>
      ) : null}
      {item.rendezVous ? (
        <p className="home-card-line">Rendez-vous à {time(item.rendezVous)}</p>
      ) : null}
      {item.modifiable ? (
        <>
          <div
            className="home-answer-buttons"
            role="group"
            aria-label={`Réponse ${item.soi ? '' : `pour ${item.joueur.prenom} `}: ${title}`}
          >
            <Button
              variant={answered === 'DISPONIBLE' ? 'primary' : 'secondary'}
              aria-pressed={answered === 'DISPONIBLE'}
              disabled={answer.isPending}
              onClick={() => send('DISPONIBLE')}
            >
              {PRESENCE_LABELS.DISPONIBLE}
            </Button>
            <Button
              variant={answered === 'INDISPONIBLE' ? 'primary' : 'secondary'}
              aria-pressed={answered === 'INDISPONIBLE'}
              aria-expanded={absentOpen}
              disabled={answer.isPending}
              onClick={() => {
                setError(null);
                setAbsentOpen(true);
              }}
            >
              {PRESENCE_LABELS.INDISPONIBLE}
            </Button>
          </div>
          {absentOpen ? (
            <form
              className="home-absence"
              onSubmit={(e) => {
                e.preventDefault();
                send('INDISPONIBLE');
              }}
            >
              <div className="field">
                <label htmlFor={fieldId}>{HOME_TEXT.justification}</label>
                <textarea
                  id={fieldId}
                  rows={2}
                  maxLength={JUSTIFICATION_MAX}
                  value={justification}
                  onChange={(e) => setJustification(e.target.value)}
                />
              </div>
              <div className="home-answer-buttons">
                {/* Absent needs a justification (spec §5): sent only once there is one. */}
                <Button type="submit" disabled={answer.isPending || justification.trim() === ''}>
                  {HOME_TEXT.sendAbsence}
                </Button>
                <Button variant="ghost" onClick={() => setAbsentOpen(false)}>
                  {HOME_TEXT.cancel}
                </Button>
              </div>
            </form>
          ) : null}
        </>
      ) : (
        <p className="home-card-line muted">{HOME_TEXT.onlyCoach}</p>
      )}
      {answer.isPending ? (
        <p className="home-card-line muted" role="status">
          Envoi de la réponse...
        </p>
      ) : error ? (
        <Alert tone="error">{error}</Alert>
      ) : answered ? (
        <Alert tone="success">{answeredText(answered, item)}</Alert>
      ) : null}
    </div>
  );
}

/* ------------------------------------------------------------------ prochains matchs */

function NextMatchesSection({ matches, nomClub }: { matches: THomeNextMatch[]; nomClub: string }) {
  return (
    <Section title={HOME_TEXT.nextMatches}>
      {matches.length === 0 ? (
        <p className="empty">{HOME_TEXT.noNextMatch}</p>
      ) : (
        <ul className="home-list">
          {matches.map((m) => (
            <li key={`${m.equipe.id}:${m.matchId}`}>
              <NextMatchCard match={m} nomClub={nomClub} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function NextMatchCard({ match: m, nomClub }: { match: THomeNextMatch; nomClub: string }) {
  const title = matchTitle({
    equipe: m.equipe.nom,
    adversaire: m.adversaire,
    domicile: m.domicile,
  });
  const selected = (m.selection ?? []).filter((s) => s.selection === 'SELECTIONNE');
  const subs = (m.selection ?? []).filter((s) => s.selection === 'REMPLACANT');
  const names = (list: typeof selected) => list.map((s) => `${s.prenom} ${s.nom}`).join(', ');
  return (
    <div className="home-card">
      <p className="home-card-person muted">{m.equipe.nom}</p>
      <h3 className="home-card-title">
        <Link to={teamPath(nomClub, m.equipe.nom, 'matche')}>{title}</Link>
      </h3>
      <p className="home-card-line">{when(m.dateDebut, m.dateFin)}</p>
      {m.sansReponse !== undefined ? (
        // Staff of the team only: the server sends the count to them alone.
        <p className="home-card-line">
          <strong>{awaitedText(m.sansReponse)}</strong>
        </p>
      ) : null}
      {m.lieux ? (
        <p className="home-card-line home-card-place">
          <span className="visually-hidden">Lieu : </span>
          <PlaceIcon className="event-card-pin" />
          {m.lieux}
        </p>
      ) : null}
      {m.rendezVous ? (
        <p className="home-card-line">
          <strong>Rendez-vous à {time(m.rendezVous)}</strong>
          {m.lieuRendezVous ? ` · ${m.lieuRendezVous}` : ''}
        </p>
      ) : null}
      {m.selection === null ? (
        <p className="home-card-line muted">{HOME_TEXT.selectionNotPublished}</p>
      ) : (
        <dl className="home-selection">
          <dt>{SELECTION_LABELS.SELECTIONNE}s</dt>
          <dd>{selected.length ? names(selected) : '-'}</dd>
          {subs.length ? (
            <>
              <dt>{SELECTION_LABELS.REMPLACANT}s</dt>
              <dd>{names(subs)}</dd>
            </>
          ) : null}
        </dl>
      )}
    </div>
  );
}

/* ------------------------------------------------------------------ agenda */

function EventRow({
  event,
  nomClub,
  calendarPath,
  showDay,
}: {
  event: TDashboardEvent;
  nomClub: string;
  calendarPath: string;
  showDay: boolean;
}) {
  const title = event.adversaire ? matchTitle(event) : event.nom;
  // A match opens its team's matches page; any other event the calendar.
  const to =
    event.type.toUpperCase() === 'MATCH' && event.equipe
      ? teamPath(nomClub, event.equipe, 'matche')
      : calendarPath;
  return (
    <Link className={`home-row home-event ${eventTypeClass(event.type)}`} to={to}>
      <span className="home-row-main">{title}</span>{' '}
      <span className="home-row-meta">
        {eventTypeLabel(event.type)} ·{' '}
        {showDay ? `${formatDay(event.dateDebut.slice(0, 10))} · ` : ''}
        {formatTimeRange(event.dateDebut, event.dateFin)}
        {event.lieux ? ` · ${event.lieux}` : ''}
      </span>
    </Link>
  );
}

function EventRows(props: {
  events: TDashboardEvent[];
  nomClub: string;
  calendarPath: string;
  showDay: boolean;
  empty: string;
}) {
  if (props.events.length === 0) return <p className="empty">{props.empty}</p>;
  return (
    <ul className="home-list">
      {props.events.map((e) => (
        <li key={e.id}>
          <EventRow
            event={e}
            nomClub={props.nomClub}
            calendarPath={props.calendarPath}
            showDay={props.showDay}
          />
        </li>
      ))}
    </ul>
  );
}

function WeekSection(props: { events: TDashboardEvent[]; nomClub: string; calendarPath: string }) {
  return (
    <Section title={HOME_TEXT.week}>
      <EventRows {...props} showDay empty={HOME_TEXT.noWeekEvent} />
    </Section>
  );
}

/* ------------------------------------------------------------------ dirigeants */

/** Rows a leaders' list shows before "Afficher les … suivants". */
export const HOME_ROWS_SHOWN = 5;

function MatchRows({
  list,
  total,
  nomClub,
  empty,
  meta,
}: {
  list: THomeClubMatch[];
  total: number;
  nomClub: string;
  empty: string;
  meta: (m: THomeClubMatch) => string;
}) {
  const [expanded, setExpanded] = useState(false);
  if (list.length === 0) return <p className="empty">{empty}</p>;
  const shown = expanded ? list : list.slice(0, HOME_ROWS_SHOWN);
  const hidden = list.length - shown.length;
  return (
    <>
      <ul className="home-list">
        {shown.map((m) => {
          const title = matchTitle({
            equipe: m.equipe?.nom ?? null,
            adversaire: m.adversaire,
            domicile: true,
          });
          const body = (
            <>
              <span className="home-row-main">{title}</span>{' '}
              <span className="home-row-meta">{meta(m)}</span>
            </>
          );
          return (
            <li key={m.matchId}>
              {m.equipe ? (
                <Link className="home-row" to={teamPath(nomClub, m.equipe.nom, 'matche')}>
                  {body}
                </Link>
              ) : (
                <div className="home-row">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <Button variant="secondary" className="home-more" onClick={() => setExpanded(true)}>
          {`Afficher les ${hidden} suivants`}
        </Button>
      ) : total > list.length ? (
        <p className="home-card-line">{`Les ${list.length} premiers sur ${total}.`}</p>
      ) : null}
    </>
  );
}

function MemberNames({
  list,
  total,
  nomClub,
  empty,
}: {
  list: THomeMemberRef[];
  total: number;
  nomClub: string;
  empty: string;
}) {
  if (total === 0) return <p className="empty">{empty}</p>;
  return (
    <>
      <p className="home-names">
        {list.map((m) => `${m.prenom} ${m.nom}`).join(', ')}
        {total > list.length ? `, et ${total - list.length} autre(s)` : ''}
      </p>
      <Link className="btn btn-secondary" to={clubPath(nomClub, 'membres')}>
        {HOME_TEXT.seeMembers}
      </Link>
    </>
  );
}

export function ClubSections({
  club,
  nomClub,
  calendarPath,
}: {
  club: THomeLeader;
  nomClub: string;
  calendarPath: string;
}) {
  return (
    <>
      <Section title={HOME_TEXT.today}>
        <EventRows
          events={club.aujourdhui}
          nomClub={nomClub}
          calendarPath={calendarPath}
          showDay={false}
          empty={HOME_TEXT.noTodayEvent}
        />
      </Section>
      <div className="home-todo-grid">
        <Section title={HOME_TEXT.withoutScore} count={club.matchsSansScore.total}>
          <MatchRows
            list={club.matchsSansScore.liste}
            total={club.matchsSansScore.total}
            nomClub={nomClub}
            empty={HOME_TEXT.noWithoutScore}
            meta={(m) => `Joué le ${formatDay(m.dateDebut.slice(0, 10))} · score à saisir`}
          />
        </Section>
        <Section title={HOME_TEXT.awaiting} count={club.sansReponse.total}>
          <MatchRows
            list={club.sansReponse.liste}
            total={club.sansReponse.total}
            nomClub={nomClub}
            empty={HOME_TEXT.noAwaiting}
            meta={(m) =>
              `${formatDay(m.dateDebut.slice(0, 10))} · ${m.sansReponse} sans réponse sur ${m.convoques}`
            }
          />
        </Section>
        <Section title={HOME_TEXT.unactivated} count={club.comptesNonActives.total}>
          <MemberNames
            list={club.comptesNonActives.liste}
            total={club.comptesNonActives.total}
            nomClub={nomClub}
            empty={HOME_TEXT.noUnactivated}
          />
        </Section>
        <Section title={HOME_TEXT.withoutTeam} count={club.joueursSansEquipe.total}>
          <MemberNames
            list={club.joueursSansEquipe.liste}
            total={club.joueursSansEquipe.total}
            nomClub={nomClub}
            empty={HOME_TEXT.noWithoutTeam}
          />
        </Section>
      </div>
    </>
  );
}
