import { useEffect, useId, useState } from 'react';
import {
  MATCH_ACTION_LABELS,
  MATCH_SHEET_PERMISSIONS,
  isOpponentAction,
  matchTarget,
  permits,
  type PermissionSubject,
  type TMatch,
  type TMatchActionEntry,
  type TMatchActionType,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import {
  useAddAction,
  useMatchLive,
  useMatchSheet,
  usePublicLink,
  useRemoveAction,
} from '../api/live.ts';

/** Opponent's points a basketball or rugby sheet offers in one tap. */
const OPPONENT_POINTS = [1, 2, 3, 5, 7] as const;

/** The match minute now, from the kick-off (club wall clock), within the event's duration. */
export function minuteNow(dateDebut: string, dateFin: string, now: number = Date.now()): number {
  const start = new Date(dateDebut).getTime();
  const end = new Date(dateFin).getTime();
  if (!Number.isFinite(start)) return 0;
  const max = Number.isFinite(end) ? Math.max(0, Math.round((end - start) / 60_000)) : 200;
  return Math.min(Math.max(0, Math.floor((now - start) / 60_000)), max);
}

const actionText = (a: TMatchActionEntry) =>
  `${a.minute}' ${MATCH_ACTION_LABELS[a.type]}` +
  (a.membre ? ` — ${a.membre.prenom} ${a.membre.nom}` : '') +
  (a.type === 'POINTS_ADVERSAIRE' && a.points ? ` (${a.points})` : '');

/**
 * The live sheet of a match (decisions 0125–0127): the score computed from the actions, the
 * actions, and for the team's coach and the leaders two taps per action — the action, then the
 * player (or the opponent's points) — with the minute prefilled from the kick-off, undo of the
 * last action, and the public link. Families see it change through the live stream, which
 * refreshes this query (lib/live-stream.ts). Usable at 375 px: big buttons in a grid.
 */
export function LiveSheet({ match, subject }: { match: TMatch; subject: PermissionSubject }) {
  const live = useMatchLive(match.id);
  const canWrite = permits(MATCH_SHEET_PERMISSIONS, subject, 'write', matchTarget(match));
  const canShare = permits(MATCH_SHEET_PERMISSIONS, subject, 'share', matchTarget(match));
  const sheet = useMatchSheet(match.id, canWrite);
  const add = useAddAction(match.id);
  const remove = useRemoveAction(match.id);
  const { share, revoke } = usePublicLink(match.id);
  const [chosen, setChosen] = useState<TMatchActionType | null>(null);
  const [typedMinute, setTypedMinute] = useState<string | null>(null);
  const [clock, setClock] = useState(() => Date.now());
  const [status, setStatus] = useState('');
  const headingId = useId();
  const minuteId = useId();

  useEffect(() => {
    if (!canWrite) return;
    const t = setInterval(() => setClock(Date.now()), 15_000);
    return () => clearInterval(t);
  }, [canWrite]);

  if (live.isPending) return <Loading label="Chargement du direct…" />;
  if (live.isError)
    return (
      <Alert tone="error">{errorMessage(live.error, 'Impossible de charger le direct.')}</Alert>
    );
  const data = live.data;
  const minute =
    typedMinute !== null && typedMinute !== ''
      ? Math.max(0, Math.min(200, Math.trunc(Number(typedMinute)) || 0))
      : minuteNow(data.dateDebut, data.dateFin, clock);
  const canRecord = canWrite && (data.statut === 'EN_COURS' || data.statut === 'TERMINE');
  const lastAction = [...data.actions].filter((a) => a.id > 0).sort((a, b) => b.id - a.id)[0];

  const send = (
    type: TMatchActionType,
    extra: { membreId?: number; points?: number },
    who = '',
  ) => {
    const label = `${MATCH_ACTION_LABELS[type]}${who ? ` — ${who}` : ''}, ${minute}e minute`;
    setChosen(null);
    add.mutate(
      { body: { minute, type, ...extra }, label },
      {
        onSuccess: (r) =>
          setStatus(
            r.queued
              ? `${label} : gardé sur l’appareil, envoyé au retour du réseau.`
              : `${label} : enregistré.`,
          ),
      },
    );
  };
  const tapAction = (type: TMatchActionType) => {
    if (type === 'BUT_ADVERSAIRE') send(type, {});
    else setChosen(chosen === type ? null : type);
  };

  return (
    <section className="live-sheet" aria-labelledby={headingId}>
      <h4 id={headingId} className="live-title">
        Direct
      </h4>
      <p className="live-score" aria-live="polite" aria-atomic="true">
        <span>{data.equipeDomicile ?? '-'}</span>{' '}
        <strong data-testid="score-direct">
          {data.score.domicile} – {data.score.exterieur}
        </strong>{' '}
        <span>{data.equipeExterieur ?? '-'}</span>
      </p>
      {data.ecartScore ? <Alert tone="warning">{data.ecartScore}</Alert> : null}

      {canRecord ? (
        <div className="live-controls">
          <label htmlFor={minuteId} className="live-minute">
            Minute
            <input
              id={minuteId}
              type="number"
              inputMode="numeric"
              min={0}
              max={200}
              value={typedMinute ?? String(minute)}
              onChange={(e) => setTypedMinute(e.target.value)}
              onBlur={() => {
                if (typedMinute === '') setTypedMinute(null);
              }}
            />
          </label>
          <div className="live-grid" role="group" aria-label="Action">
            {data.typesActions.map((type) => (
              <button
                key={type}
                type="button"
                className={`btn btn-sm ${chosen === type ? 'btn-primary' : 'btn-secondary'}`}
                aria-pressed={chosen === type}
                disabled={add.isPending}
                onClick={() => tapAction(type)}
              >
                {MATCH_ACTION_LABELS[type]}
              </button>
            ))}
          </div>
          {chosen && chosen === 'POINTS_ADVERSAIRE' ? (
            <div className="live-grid" role="group" aria-label="Points adverses">
              {OPPONENT_POINTS.map((n) => (
                <button
                  key={n}
                  type="button"
                  className="btn btn-sm btn-secondary"
                  onClick={() => send('POINTS_ADVERSAIRE', { points: n })}
                >
                  {n} {n > 1 ? 'points' : 'point'}
                </button>
              ))}
            </div>
          ) : chosen && !isOpponentAction(chosen) ? (
            <div
              className="live-grid live-players"
              role="group"
              aria-label={`Joueur : ${MATCH_ACTION_LABELS[chosen]}`}
            >
              {sheet.isPending ? <Loading label="Chargement de la feuille…" /> : null}
              {sheet.data?.joueurs.length === 0 ? (
                <p>La feuille de match est vide : publiez la sélection.</p>
              ) : null}
              {sheet.data?.joueurs.map((j) => (
                <button
                  key={j.membre.id}
                  type="button"
                  className="btn btn-sm btn-secondary"
                  onClick={() =>
                    send(chosen, { membreId: j.membre.id }, `${j.membre.prenom} ${j.membre.nom}`)
                  }
                >
                  {j.numero !== null ? `${j.numero} ` : ''}
                  {j.membre.prenom} {j.membre.nom}
                  {j.titulaire ? '' : ' (remplaçant)'}
                </button>
              ))}
            </div>
          ) : null}
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={!lastAction || remove.isPending}
            onClick={() =>
              lastAction &&
              remove.mutate(lastAction.id, {
                onSuccess: () => setStatus(`Action annulée : ${actionText(lastAction)}.`),
              })
            }
          >
            Annuler la dernière action
          </button>
        </div>
      ) : null}
      {add.isError ? (
        <Alert tone="error">{errorMessage(add.error, 'L’action n’a pas été enregistrée.')}</Alert>
      ) : null}
      {remove.isError ? (
        <Alert tone="error">{errorMessage(remove.error, 'L’action n’a pas été annulée.')}</Alert>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>

      {data.actions.length ? (
        <ol className="live-actions" aria-label="Actions du match">
          {[...data.actions].reverse().map((a) => (
            <li key={`${a.id}-${a.cle ?? ''}`}>{actionText(a)}</li>
          ))}
        </ol>
      ) : (
        <p className="live-empty">Aucune action pour l’instant.</p>
      )}

      {canShare ? (
        <div className="live-share">
          {share.data ? (
            <>
              <label className="live-link">
                Lien public (prénoms seulement)
                <input
                  type="text"
                  readOnly
                  value={share.data.url}
                  onFocus={(e) => e.target.select()}
                />
              </label>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate()}
              >
                Révoquer le lien
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              disabled={share.isPending}
              onClick={() => share.mutate()}
            >
              Créer le lien public
            </button>
          )}
          {revoke.isSuccess ? <p role="status">{revoke.data.message}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
