import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import {
  CONVOCATION_PERMISSIONS,
  MATCH_MESSAGES,
  MATCH_SERVER_MESSAGES,
  matchTarget,
  mayCancelMatch,
  mayEditScore,
  permits,
  type PermissionSubject,
  type TMatch,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { useNarrow } from '../../../components/ui/use-media-query.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useCancelMatch } from '../api/matches.ts';
import { monthName, shortMonth, teamText, timeOf, wallClock } from '../model.ts';
import { MatchStatusBadge } from './status-badge.tsx';
import { ScoreEditor } from './score-editor.tsx';
import { PlaceIcon } from '../../../components/ui/place-icon.tsx';
import { Mail } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Loading } from '../../../components/ui/loading.tsx';

// The live sheet loads when it opens (docs/decisions/0091-signed-in-javascript-budget.md).
const LiveSheet = lazy(() => import('./live-sheet.tsx').then((m) => ({ default: m.LiveSheet })));

interface MatchCardProps {
  match: TMatch;
  subject: PermissionSubject;
  /** The player already answered this convocation during the session (spec §4). */
  answered: boolean;
  onConvocation: (match: TMatch) => void;
  /** Opens the selection (shown to the team's coach and the leaders). */
  onSelection?: (match: TMatch) => void;
  /** What the app adds on demand below the card (the carpooling panel). */
  extra?: (match: TMatch) => ReactNode;
}

/** 'Rendez-vous 13h30 · Parking du stade' (the day is the match's). */
export function meetingText(match: Pick<TMatch, 'rendezVous' | 'lieuRendezVous'>): string | null {
  if (!match.rendezVous) return null;
  const time = `${match.rendezVous.slice(11, 13)}h${match.rendezVous.slice(14, 16)}`;
  return `Rendez-vous ${time}${match.lieuRendezVous ? ` · ${match.lieuRendezVous}` : ''}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/**
 * A card of spec §2: day, month, time, status badge (text, never colour alone), both teams or '-',
 * scores or '-' (bold when finished), venue, the pencil (when allowed), 'Convocation' (with its envelope icon), and the
 * cancellation (and its undoing) for those who may. On phones the primary action ('Convocation')
 * stays a button and the secondary ones go into the card's actions menu (the members list's Menu).
 */
export function MatchCard({
  match,
  subject,
  answered,
  onConvocation,
  onSelection,
  extra,
}: MatchCardProps) {
  const [showExtra, setShowExtra] = useState(false);
  const [showLive, setShowLive] = useState(false);
  const titleId = useId();
  const w = wallClock(match.dateDebut);
  const cancel = useCancelMatch();
  const home = teamText(match.equipeDomicile);
  const away = teamText(match.equipeExterieur);
  const cancelled = match.statut === 'ANNULE';
  // Only an upcoming match can be cancelled (the server answers 409 otherwise); restoring stays.
  const canCancel = mayCancelMatch(subject, match) && (cancelled || match.statut === 'A_VENIR');
  const canSelect =
    !cancelled && permits(CONVOCATION_PERMISSIONS, subject, 'select', matchTarget(match));
  const narrow = useNarrow();
  const [confirming, setConfirming] = useState(false);
  const cancelLabel = cancelled ? 'Rétablir le match' : 'Annuler le match';
  const toggleCancel = () => {
    // Cancelling mails every convoked player: it is confirmed first; restoring is not.
    if (!cancelled) setConfirming(true);
    else cancel.mutate({ id: match.id, body: { annule: false } });
  };
  const meeting = meetingText(match);
  // Once the selection is published the player reopens the convocation to read it.
  const locked = answered && !match.selectionPublieeLe;
  // The live sheet once the match has started (decisions 0125–0127).
  const hasLive = match.statut === 'EN_COURS' || match.statut === 'TERMINE';

  return (
    <article
      className={`card match-card match-${match.statut.toLowerCase()}`}
      aria-labelledby={titleId}
    >
      <div className="match-date">
        {w ? (
          <time dateTime={match.dateDebut}>
            <span className="match-day">{w.day}</span>
            <span className="match-month">
              <abbr title={monthName(w.month)}>{shortMonth(w.month)}</abbr>
            </span>
            <span className="match-time">{timeOf(w)}</span>
          </time>
        ) : (
          <span className="match-day">-</span>
        )}
      </div>
      <div className="match-body">
        <div className="match-head">
          <h3 id={titleId} className="visually-hidden">
            {home} – {away}
          </h3>
          <MatchStatusBadge statut={match.statut} />
        </div>
        <ScoreEditor match={match} editable={mayEditScore(subject, match)} />
        <p className="match-venue">
          <PlaceIcon className="match-venue-pin" />
          <span className="visually-hidden">Lieu : </span>
          {match.lieux?.trim() ? match.lieux : '-'}
          <span className="match-side"> · {match.domicile ? 'À domicile' : 'À l’extérieur'}</span>
        </p>
        {match.adversaire ? (
          <p className="match-opponent">Adversaire : {match.adversaire}</p>
        ) : null}
        {meeting ? <p className="match-meeting">{meeting}</p> : null}
        {match.reponses ? (
          <p className="match-counts">
            {plural(match.reponses.presents, 'présent')} ·{' '}
            {plural(match.reponses.absents, 'absent')} · {match.reponses.sansReponse} sans réponse
          </p>
        ) : null}
        {match.selectionPublieeLe ? <p className="match-selection">Sélection publiée</p> : null}
        {cancel.isError ? (
          <Alert tone="error">{errorMessage(cancel.error, MATCH_MESSAGES.saveFailed)}</Alert>
        ) : null}
        <div className="match-actions">
          <button
            type="button"
            className={`btn btn-sm ${locked ? 'btn-answered' : 'btn-secondary'}`}
            aria-disabled={locked ? 'true' : undefined}
            title={locked ? 'Vous avez déjà répondu à cette convocation.' : undefined}
            onClick={() => {
              if (!locked) onConvocation(match);
            }}
          >
            <Icon as={Mail} /> Convocation
            <span className="visually-hidden">
              {` : ${home} – ${away}`}
              {answered ? ' (réponse envoyée)' : ''}
            </span>
          </button>
          {hasLive ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              aria-expanded={showLive}
              onClick={() => setShowLive((v) => !v)}
            >
              Direct
              <span className="visually-hidden">{` : ${home} – ${away}`}</span>
            </button>
          ) : null}
          {extra && !cancelled ? (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              aria-expanded={showExtra}
              onClick={() => setShowExtra((v) => !v)}
            >
              Covoiturage
              <span className="visually-hidden">{` : ${home} – ${away}`}</span>
            </button>
          ) : null}
          {canSelect && onSelection ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => onSelection(match)}
            >
              Sélection
              <span className="visually-hidden">{` : ${home} – ${away}`}</span>
            </button>
          ) : null}
          {canCancel && narrow ? (
            <Menu
              label={`Actions pour le match ${home} – ${away}`}
              items={[
                {
                  label: cancelLabel,
                  onSelect: toggleCancel,
                  danger: !cancelled,
                  disabled: cancel.isPending,
                },
              ]}
            />
          ) : canCancel ? (
            <button
              type="button"
              className={`btn btn-sm ${cancelled ? 'btn-secondary' : 'btn-ghost'}`}
              disabled={cancel.isPending}
              onClick={toggleCancel}
            >
              {cancelLabel}
              <span className="visually-hidden">{` ${home} – ${away}`}</span>
            </button>
          ) : null}
          {cancel.isSuccess ? (
            <span className="visually-hidden" role="status">
              {cancelled
                ? MATCH_SERVER_MESSAGES.matchCancelled
                : MATCH_SERVER_MESSAGES.matchRestored}
            </span>
          ) : null}
        </div>
      </div>
      {showLive && hasLive ? (
        <div className="match-extra">
          <Suspense fallback={<Loading label="Chargement du direct…" />}>
            <LiveSheet match={match} subject={subject} />
          </Suspense>
        </div>
      ) : null}
      {showExtra && extra ? <div className="match-extra">{extra(match)}</div> : null}
      {confirming ? (
        <ConfirmDialog
          title="Annuler le match ?"
          confirmLabel="Annuler le match"
          cancelLabel="Garder le match"
          danger
          busy={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(
              { id: match.id, body: { annule: true } },
              { onSettled: () => setConfirming(false) },
            )
          }
        >
          <p>
            {home} – {away} : les joueurs convoqués et leurs parents seront prévenus par e-mail.
          </p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
