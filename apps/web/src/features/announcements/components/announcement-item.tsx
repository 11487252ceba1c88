import { useEffect, useId, useRef, useState } from 'react';
import type { TAnnouncement } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useDeleteAnnouncement, useMarkRead } from '../api/announcements.ts';
import { ANNOUNCEMENT_TEXTS as T } from '../texts.ts';
import { AnnouncementText } from './announcement-text.tsx';
import { publishedAt } from './format.ts';
import { Receipts } from './receipts.tsx';

/**
 * One announcement: its title is a button that opens it (and marks it read: the receipt is an
 * opening, nothing else); its author and the leaders see "Lu par N/M", who read it, a reminder
 * and deletion. `headingLevel`: h2 on its own page, h3 inside a dashboard section.
 */
export function AnnouncementItem({
  announcement: a,
  initiallyOpen = false,
  headingLevel = 3,
  manage = true,
}: {
  announcement: TAnnouncement;
  initiallyOpen?: boolean;
  headingLevel?: 2 | 3;
  /** Show the receipts and deletion controls (the page; the dashboard keeps the line only). */
  manage?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [receiptsOpen, setReceiptsOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const markRead = useMarkRead();
  const remove = useDeleteAnnouncement();
  const bodyId = useId();
  const receiptsId = useId();
  const ref = useRef<HTMLElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { mutate: markAsRead } = markRead;

  // Opened (by the reader, or by the address of a notification): it is read.
  useEffect(() => {
    if (open && !a.lu) markAsRead(a.id);
  }, [open, a.lu, a.id, markAsRead]);
  useEffect(() => {
    if (initiallyOpen) ref.current?.scrollIntoView({ block: 'start' });
  }, [initiallyOpen]);

  const audience = a.equipes.length ? a.equipes.map((e) => e.nom).join(', ') : T.wholeClub;
  const author = a.auteur ? `${a.auteur.prenom} ${a.auteur.nom}` : T.formerMember;
  return (
    <article ref={ref} className={`announcement${a.lu ? '' : ' announcement-unread'}`}>
      <Heading className="announcement-title">
        <button
          type="button"
          className="announcement-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="announcement-chevron" aria-hidden="true">
            <svg viewBox="0 0 16 16" width="16" height="16">
              <path d="M5 3l6 5-6 5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </span>
          <span className="announcement-title-text">{a.titre}</span>
          {a.lu ? null : <span className="pill pill-info">{T.unread}</span>}
        </button>
      </Heading>
      <p className="announcement-meta">
        {T.byline(author)} · {publishedAt(a.datePublication)} · {audience}
        {a.lecture ? (
          <>
            {' · '}
            <strong className="announcement-read-by">
              {T.readBy(a.lecture.lus, a.lecture.destinataires)}
            </strong>
          </>
        ) : null}
      </p>
      <div id={bodyId} hidden={!open}>
        {open ? <AnnouncementText text={a.contenu} /> : null}
        {open && manage && a.gerable ? (
          <div className="announcement-actions">
            <Button
              variant="secondary"
              aria-expanded={receiptsOpen}
              aria-controls={receiptsId}
              onClick={() => setReceiptsOpen((o) => !o)}
            >
              {receiptsOpen ? T.hideReceipts : T.showReceipts}
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {T.delete}
            </Button>
          </div>
        ) : null}
        <div id={receiptsId}>{open && receiptsOpen ? <Receipts announcement={a} /> : null}</div>
        {remove.isError ? (
          <Alert tone="error">{errorMessage(remove.error, T.deleteFailed)}</Alert>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={T.deleteTitle}
          confirmLabel={T.delete}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(a.id, { onSettled: () => setConfirming(false) })}
        >
          {T.deleteText(a.titre)}
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
