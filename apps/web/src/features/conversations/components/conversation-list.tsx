import { Link } from 'react-router';
import { CONVERSATION_MESSAGES, conversationsPagePath, type TConversation } from '@club/contract';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useConversations } from '../api/conversations.ts';
import { CONVERSATION_TEXTS as T } from '../texts.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The member's conversations, the most recent first, each with its unread count. */
export function ConversationList({ nomClub }: { nomClub: string }) {
  const { data, isPending, isError, refetch, isFetching } = useConversations();
  if (isPending) return <Loading />;
  if (isError) return <LoadError message={T.loadError} onRetry={refetch} retrying={isFetching} />;
  if (!data.length) return <EmptyState title={T.empty} />;
  return (
    <ul className="conversation-list" aria-label={T.pageTitle}>
      {data.map((c: TConversation) => (
        <li key={c.id}>
          <Link className="conversation-item" to={conversationsPagePath(nomClub, c.id)}>
            <span className="conversation-title">
              {c.titre}
              {c.nonLus > 0 ? (
                <span className="pill pill-info conversation-unread">{T.unread(c.nonLus)}</span>
              ) : null}
            </span>
            {c.dernierMessage ? (
              <span className="conversation-last">
                {c.dernierMessage.auteur
                  ? `${c.dernierMessage.auteur.prenom} : `
                  : `${CONVERSATION_MESSAGES.formerMember} : `}
                {c.dernierMessage.extrait}
                <time dateTime={c.dernierMessage.envoyeLe}>
                  {' '}
                  · {when(c.dernierMessage.envoyeLe)}
                </time>
              </span>
            ) : null}
            {c.lectureSeule ? <span className="conversation-readonly">{T.readOnly}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
