import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { CONVERSATION_PERMISSIONS, isLeader, mayEver, memberSubject } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { reachableTeamsOf, teamsOf } from '../../lib/member-teams.ts';
import { useClubTeams } from '../../lib/shared-queries.ts';
import { errorMessage } from '../../lib/http.ts';
import { useCreateConversation } from '../../features/conversations/api/conversations.ts';
import { ConversationList } from '../../features/conversations/components/conversation-list.tsx';
import { ConversationView } from '../../features/conversations/components/conversation-view.tsx';
import { CONVERSATION_TEXTS as T } from '../../features/conversations/texts.ts';
import '../../features/conversations/conversations.css';

// The group's form (react-hook-form, the contract's zod schema, the team's members) loads when
// « Nouveau groupe » is pressed.
const NewGroupDialog = lazy(() =>
  import('../../features/conversations/components/new-group-dialog.tsx').then((m) => ({
    default: m.NewGroupDialog,
  })),
);

/** A coach's or a leader's « Nouvelle conversation d’équipe ». */
function NewTeamConversation({ teams }: { teams: readonly { id: number; nom: string }[] }) {
  const create = useCreateConversation();
  const [teamId, setTeamId] = useState(teams[0]?.id ?? 0);
  const [error, setError] = useState<string | null>(null);
  if (!teams.length) return null;
  return (
    <form
      className="conversation-new"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        create.mutate(
          { equipeId: teamId },
          { onError: (err) => setError(errorMessage(err, T.loadError)) },
        );
      }}
    >
      <div className="field">
        <label htmlFor="conversation-team">{T.newTeam}</label>
        <select
          id="conversation-team"
          className="input"
          value={teamId}
          onChange={(e) => setTeamId(Number(e.target.value))}
        >
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.nom}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn" disabled={create.isPending}>
        {T.open}
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * /{nomClub}/messages — the member's conversations; /{nomClub}/messages/{id} — one of them. New
 * messages appear live (the live stream refreshes both).
 */
export default function MessagesPage() {
  useDocumentTitle(T.pageTitle);
  const { data: me } = useCurrentMember();
  const params = useParams();
  const id = Number(params['*']) || null;
  const leader = isLeader(me?.role);
  const clubTeams = useClubTeams(leader ? (me?.idClub ?? undefined) : undefined);
  const [grouping, setGrouping] = useState(false);
  if (!me) return null;
  const teams = leader ? (clubTeams.data ?? []) : teamsOf(me);
  const groupTeams = leader ? teams : reachableTeamsOf(me);
  const subject = memberSubject(me);
  return (
    <main id="contenu" className="container page narrow">
      <h1>{T.pageTitle}</h1>
      {id ? (
        <ConversationView id={id} nomClub={me.nomClub} />
      ) : (
        <>
          {mayEver(CONVERSATION_PERMISSIONS, subject, 'createForTeam') ? (
            <NewTeamConversation teams={teams} />
          ) : null}
          {mayEver(CONVERSATION_PERMISSIONS, subject, 'create') && groupTeams.length ? (
            <p>
              <button type="button" className="btn btn-secondary" onClick={() => setGrouping(true)}>
                {T.newGroup}
              </button>
            </p>
          ) : null}
          {grouping && me.idClub ? (
            <Suspense fallback={null}>
              <NewGroupDialog
                clubId={me.idClub}
                nomClub={me.nomClub}
                meId={me.id}
                teams={groupTeams}
                onClose={() => setGrouping(false)}
              />
            </Suspense>
          ) : null}
          <ConversationList nomClub={me.nomClub} />
        </>
      )}
    </main>
  );
}
