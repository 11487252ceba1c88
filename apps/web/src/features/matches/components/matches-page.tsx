import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  MATCH_MESSAGES,
  MATCH_STATUSES,
  MATCH_STATUS_LABELS,
  memberSubject,
  teamsWithRole,
  type MatchStatus,
  type PermissionSubject,
  type TCurrentMember,
  type TMatch,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useCurrentMember } from '../../../lib/session.ts';
import { useClub, useClubTeams } from '../../../lib/shared-queries.ts';
import { useCurrentTeam } from '../../../lib/use-current-team.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTeamMatches } from '../api/matches.ts';
import { useAnsweredConvocations } from '../hooks/use-answered.ts';
import { groupByMonth, matchesSearch } from '../model.ts';
import { MatchCard } from './match-card.tsx';
import { SelectionModal } from './selection-modal.tsx';
import './matches.css';

// The answer form (react-hook-form, zod and the answer's schema) loads when it opens
// (docs/decisions/0091-signed-in-javascript-budget.md).
const ConvocationModal = lazy(() =>
  import('./convocation-modal.tsx').then((m) => ({ default: m.ConvocationModal })),
);

const toId = (v: string | number | null | undefined): number | null => {
  const n = typeof v === 'number' ? v : Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The team whose matches are shown (spec §2): a prop, the route parameter equipeId or idEquipe
 * (or the same name in the query string), or the member's team — the one the {nomEquipe} segment
 * names among their teams. A leader has no team of their own: the segment is looked up among the
 * club's teams.
 */
function useMatchesTeam(me: TCurrentMember | null | undefined, propId: number | undefined) {
  const params = useParams();
  const [search] = useSearchParams();
  const { team } = useCurrentTeam();
  const explicit =
    toId(propId) ??
    toId(params.equipeId) ??
    toId(params.idEquipe) ??
    toId(search.get('equipeId')) ??
    toId(search.get('idEquipe'));
  const own = team && (params.nomEquipe === undefined || team.nom === params.nomEquipe);
  const needsLookup = explicit === null && !own && !!me && params.nomEquipe !== undefined;
  const clubTeams = useClubTeams(needsLookup ? me.idClub : undefined);
  if (explicit !== null) return { teamId: explicit, pending: false };
  if (own) return { teamId: team.id, pending: false };
  if (needsLookup) {
    const found = clubTeams.data?.find((t) => t.nom === params.nomEquipe);
    return { teamId: found?.id ?? team?.id ?? null, pending: clubTeams.isPending };
  }
  return { teamId: team?.id ?? null, pending: false };
}

export function MatchesPage({
  equipeId,
  cardExtra,
}: {
  equipeId?: number;
  /** What the app adds to a card on demand (the carpooling panel). */
  cardExtra?: (match: TMatch) => ReactNode;
}) {
  const { data: me } = useCurrentMember();
  const { teamId, pending } = useMatchesTeam(me, equipeId);
  useDocumentTitle(
    teamId === null && !pending ? MATCH_MESSAGES.teamRequired : "Matches de l'équipe",
  );
  if (!me) return null;
  if (pending) {
    return (
      <main id="contenu" className="container page">
        <h1>Matches de l'équipe</h1>
        <Loading label={MATCH_MESSAGES.loading} />
      </main>
    );
  }
  if (teamId === null) {
    return (
      <main id="contenu" className="container page">
        <h1>{MATCH_MESSAGES.teamRequired}</h1>
        <Alert tone="warning">{MATCH_MESSAGES.teamMissing}</Alert>
      </main>
    );
  }
  return <TeamMatches key={`${me.id}-${teamId}`} me={me} teamId={teamId} cardExtra={cardExtra} />;
}

function TeamMatches({
  me,
  teamId,
  cardExtra,
}: {
  me: TCurrentMember;
  teamId: number;
  cardExtra?: (match: TMatch) => ReactNode;
}) {
  const [statut, setStatut] = useState<MatchStatus | ''>('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<TMatch | null>(null);
  const [selecting, setSelecting] = useState<TMatch | null>(null);
  // The match sheet's size follows the club's sport: read when the selection screen opens.
  const club = useClub(selecting ? me.idClub : undefined);
  const list = useTeamMatches(teamId, statut);
  // Whatever their other hats, a guardian answers their children's rows (docs/architecture.md §7).
  const subject: PermissionSubject = useMemo(() => memberSubject(me), [me]);
  const childIds = subject.childIds ?? [];
  const { answered, markAnswered } = useAnsweredConvocations(me.id);
  const searchId = useId();
  const statusId = useId();
  const isPlayer = teamsWithRole(subject, 'JOUEUR').includes(teamId);
  // The page opens at the next match (the past ones stay above, reachable by scrolling).
  const nextId = useMemo(
    () => (list.data ?? []).find((m) => m.statut === 'EN_COURS' || m.statut === 'A_VENIR')?.id,
    [list.data],
  );
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || nextId === undefined) return;
    scrolled.current = true;
    document.getElementById(`match-${nextId}`)?.scrollIntoView?.({ block: 'start' });
  }, [nextId]);
  const groups = useMemo(
    () => groupByMonth((list.data ?? []).filter((m) => matchesSearch(m, search))),
    [list.data, search],
  );

  return (
    <main id="contenu" className="container page matches-page">
      <h1>Matches de l'équipe</h1>
      <form
        className="matches-toolbar"
        role="search"
        aria-label="Filtrer les matches"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label htmlFor={searchId}>Rechercher</label>
          <input
            id={searchId}
            type="search"
            placeholder="Équipe ou lieu"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={statusId}>Statut</label>
          <select
            id={statusId}
            value={statut}
            onChange={(e) => setStatut(e.target.value as MatchStatus | '')}
          >
            <option value="">Tous</option>
            {MATCH_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MATCH_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.isPending ? (
        <Skeleton variant="cards" rows={3} label={MATCH_MESSAGES.loading} />
      ) : list.isError ? (
        // Spec §2 'Impossible de charger — {message}': the server's French message or 'Erreur de
        // chargement' (§8), never a raw error text (a network failure's 'Failed to fetch').
        <LoadError
          message={MATCH_MESSAGES.loadFailedPrefix(
            errorMessage(list.error, MATCH_MESSAGES.loadFailed),
          )}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : groups.length === 0 ? (
        <p className="empty" role="status">
          {MATCH_MESSAGES.empty}
        </p>
      ) : (
        <div className="matches-groups" aria-busy={list.isFetching ? 'true' : undefined}>
          {groups.map((g) => (
            <section key={g.key} aria-labelledby={`mois-${g.key}`} className="matches-month">
              <h2 id={`mois-${g.key}`}>{g.heading}</h2>
              <ul className="matches-list">
                {g.matches.map((m) => (
                  <li key={m.id} id={`match-${m.id}`}>
                    <MatchCard
                      match={m}
                      subject={subject}
                      answered={isPlayer && answered.includes(m.id)}
                      onConvocation={setOpen}
                      onSelection={setSelecting}
                      extra={cardExtra}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      {selecting ? (
        <SelectionModal
          match={selecting}
          sport={club.data?.sportNom}
          onClose={() => setSelecting(null)}
        />
      ) : null}
      {/* Nothing shows until the form's code is here: the dialog then opens with the focus in it. */}
      <Suspense fallback={null}>
        {open ? (
          <ConvocationModal
            match={open}
            viewer={{ ...subject, statut: me.statut, prenom: me.prenom, nom: me.nom }}
            childIds={childIds}
            onClose={() => setOpen(null)}
            onAnswered={markAnswered}
          />
        ) : null}
      </Suspense>
    </main>
  );
}
