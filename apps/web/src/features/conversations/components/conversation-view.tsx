import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  conversationsPagePath,
  type TConversationMessage,
} from '@club/contract';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import {
  useMarkConversationRead,
  useMessages,
  useRemoveMessage,
  useSendMessage,
} from '../api/conversations.ts';
import { MessageText } from './message-text.tsx';
import { CONVERSATION_TEXTS as T } from '../texts.ts';

// The report's form (react-hook-form and the contract's zod schema) loads when it opens.
const ReportDialog = lazy(() =>
  import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })),
);

const time = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function MessageItem({ m, conversationId }: { m: TConversationMessage; conversationId: number }) {
  const remove = useRemoveMessage(conversationId);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const author = m.auteur
    ? `${m.auteur.prenom} ${m.auteur.nom}`
    : CONVERSATION_MESSAGES.formerMember;
  return (
    <li
      className={`message${m.moi ? ' message-mine' : ''}${m.statut !== 'VISIBLE' ? ' message-removed' : ''}`}
    >
      <div className="message-meta">
        <strong>{m.moi ? T.you : author}</strong>{' '}
        <time dateTime={m.envoyeLe}>{time(m.envoyeLe)}</time>
      </div>
      {m.statut === 'VISIBLE' ? (
        <MessageText text={m.contenu} />
      ) : (
        <p className="message-text">
          <em>{m.contenu}</em>
        </p>
      )}
      {m.statut === 'VISIBLE' ? (
        <div className="message-actions">
          {m.supprimable || m.masquable ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => remove.mutate(m.id)}
              disabled={remove.isPending}
            >
              {m.supprimable ? T.remove : T.mask}
            </button>
          ) : null}
          {!m.moi && !reported ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setReporting(true)}
            >
              {T.report}
            </button>
          ) : null}
          {reporting ? (
            <Suspense fallback={null}>
              <ReportDialog
                id={m.id}
                onClose={() => setReporting(false)}
                onReported={() => {
                  setReporting(false);
                  setReported(true);
                }}
              />
            </Suspense>
          ) : null}
          {reported ? <span role="status">{T.reported}</span> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * One conversation: its messages (older pages on demand), a composer that stays at the bottom of
 * the screen (also at 375 px with the keyboard open), new messages as they arrive (the live
 * stream refreshes the query), read marks sent as the reader sees the newest message.
 */
export function ConversationView({ id, nomClub }: { id: number; nomClub: string }) {
  const messages = useMessages(id);
  const send = useSendMessage(id);
  const markRead = useMarkConversationRead(id);
  const [text, setText] = useState('');
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const pages = messages.data?.pages ?? [];
  const conversation = pages[0]?.conversation;
  const list = [...pages].reverse().flatMap((p) => p.messages);
  const lastId = list.at(-1)?.id;

  useEffect(() => {
    if (lastId === undefined) return;
    endRef.current?.scrollIntoView({ block: 'end' });
    if (conversation && conversation.nonLus > 0) markRead.mutate(lastId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId, conversation?.nonLus]);

  if (messages.isPending) return <Loading />;
  if (messages.isError)
    return (
      <LoadError message={T.loadError} onRetry={messages.refetch} retrying={messages.isFetching} />
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const contenu = text;
    if (!contenu.trim()) return;
    setError(null);
    send.mutate(
      { contenu, cle: key },
      {
        onSuccess: () => {
          setText('');
          setKey(newKey());
        },
        onError: (err) => setError(errorMessage(err, CONVERSATION_MESSAGES.contenuRequired)),
      },
    );
  };
  const tooLong = [...text].length > CONVERSATION_LIMITS.contenuMax;

  return (
    <section className="conversation" aria-labelledby={`${inputId}-title`}>
      <p>
        <Link to={conversationsPagePath(nomClub)}>{T.back}</Link>
      </p>
      <h2 id={`${inputId}-title`}>{conversation?.titre}</h2>
      {conversation ? (
        <p className="conversation-participants">
          {T.participants} :{' '}
          {conversation.participants
            .map((p) => `${p.prenom} ${p.nom}${p.parent ? ` (${T.parentTag})` : ''}`)
            .join(', ')}
        </p>
      ) : null}
      {messages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void messages.fetchNextPage()}
          disabled={messages.isFetchingNextPage}
        >
          {T.older}
        </button>
      ) : null}
      {list.length ? (
        <ol className="message-list" aria-live="polite" aria-label={T.pageTitle}>
          {list.map((m) => (
            <MessageItem key={m.id} m={m} conversationId={id} />
          ))}
        </ol>
      ) : (
        <p className="empty">{T.noMessage}</p>
      )}
      <div ref={endRef} />
      {conversation?.lectureSeule ? (
        <p className="alert alert-info">{T.readOnly}</p>
      ) : (
        <form className="message-composer" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            {T.placeholder}
          </label>
          <textarea
            id={inputId}
            value={text}
            rows={2}
            placeholder={T.placeholder}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => endRef.current?.scrollIntoView({ block: 'end' })}
            aria-invalid={tooLong || undefined}
            aria-describedby={error || tooLong ? `${inputId}-error` : undefined}
          />
          <button
            type="submit"
            className="btn"
            disabled={send.isPending || tooLong || !text.trim()}
          >
            {T.send}
          </button>
          {error || tooLong ? (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {tooLong ? CONVERSATION_MESSAGES.contenuTooLong : error}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
