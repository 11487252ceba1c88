import { useId } from 'react';
import type { TAnnouncement } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useReceipts, useRemind } from '../api/announcements.ts';
import { ANNOUNCEMENT_TEXTS as T } from '../texts.ts';
import { publishedAt } from './format.ts';

/**
 * Who read an announcement and who did not (its author and the leaders): names only, and one
 * button that reminds every member who has not read it (once an hour at most, says the server).
 */
export function Receipts({ announcement }: { announcement: TAnnouncement }) {
  const receipts = useReceipts(announcement.id, true);
  const remind = useRemind(announcement.id);
  const toast = useToast();
  const readId = useId();
  const unreadId = useId();
  if (receipts.isPending) return <Loading label="Chargement des lectures…" />;
  if (receipts.isError)
    return (
      <LoadError
        message={errorMessage(receipts.error, T.receiptsFailed)}
        onRetry={() => receipts.refetch()}
        retrying={receipts.isFetching}
      />
    );
  const r = receipts.data;
  return (
    <div className="announcement-receipts">
      <div className="announcement-receipts-lists">
        <section aria-labelledby={readId}>
          <h4 id={readId}>{T.readList(r.lus.length)}</h4>
          {r.lus.length ? (
            <ul>
              {r.lus.map((p) => (
                <li key={p.id}>
                  {p.prenom} {p.nom} <span className="muted">· {publishedAt(p.luLe)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{T.nobody}</p>
          )}
        </section>
        <section aria-labelledby={unreadId}>
          <h4 id={unreadId}>{T.unreadList(r.nonLus.length)}</h4>
          {r.nonLus.length ? (
            <ul>
              {r.nonLus.map((p) => (
                <li key={p.id}>
                  {p.prenom} {p.nom}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{T.nobody}</p>
          )}
        </section>
      </div>
      {r.nonLus.length ? (
        <div className="announcement-receipts-actions">
          <Button
            variant="secondary"
            disabled={remind.isPending}
            onClick={() =>
              remind.mutate(undefined, {
                onSuccess: (answer) => toast({ message: answer.message, tone: 'success' }),
              })
            }
          >
            {T.remind(r.nonLus.length)}
          </Button>
          {r.dernierRappel ? (
            <p className="muted">{T.lastReminder(publishedAt(r.dernierRappel))}</p>
          ) : null}
        </div>
      ) : null}
      {remind.isError ? (
        <Alert tone="error">{errorMessage(remind.error, T.remindFailed)}</Alert>
      ) : null}
    </div>
  );
}
