import { useEffect, useId, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { announcementsPagePath } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/http.ts';
import { ANNOUNCEMENT_TEXTS } from '../texts.ts';
import { AnnouncementText } from './announcement-text.tsx';
import '../announcements.css';

/**
 * /annonce/lecture?jeton=… (docs/decisions/0139-coach-home-and-phone-week.md): the « Lire
 * l’annonce » button of an announcement e-mail. The page records the reading itself when it opens
 * in a browser — a POST from this script, once per opening (a ref guards React's double effects);
 * the server's GET of the page records nothing, so a mail scanner that fetches the link does not
 * read for the member — and shows the announcement.
 */
export function AnnouncementReadLink({ jeton }: { jeton: string }) {
  const read = useMutation({
    mutationFn: () => api.announcements.readByLink({ body: { jeton } }),
  });
  const titleId = useId();
  const posted = useRef(false);
  const { mutate } = read;
  useEffect(() => {
    if (!jeton || posted.current) return;
    posted.current = true;
    mutate();
  }, [jeton, mutate]);

  let body;
  if (!jeton) body = <Alert tone="error">{ANNOUNCEMENT_TEXTS.readLinkInvalid}</Alert>;
  else if (read.isSuccess)
    body = (
      <>
        <p role="status" className="announcement-read-done">
          {ANNOUNCEMENT_TEXTS.readLinkRecorded}
        </p>
        <article className="announcement-read" aria-labelledby={`${titleId}-titre`}>
          <h2 id={`${titleId}-titre`}>{read.data.titre}</h2>
          <p className="muted">
            {ANNOUNCEMENT_TEXTS.byline(read.data.auteur)} · {read.data.clubNom}
          </p>
          <AnnouncementText text={read.data.contenu} />
        </article>
        <p>
          {/* Signed-in screen: the sign-in page first when needed, then back here (decision 0082). */}
          <Link to={announcementsPagePath(read.data.clubNom)}>
            {ANNOUNCEMENT_TEXTS.readLinkOpenApp}
          </Link>
        </p>
      </>
    );
  else if (read.isError)
    body = (
      <Alert tone="error">{errorMessage(read.error, ANNOUNCEMENT_TEXTS.readLinkFailed)}</Alert>
    );
  else body = <Loading label={ANNOUNCEMENT_TEXTS.readLinkPending} />;
  return (
    <section className="card announcement-read-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{ANNOUNCEMENT_TEXTS.readLinkTitle}</h1>
      {body}
    </section>
  );
}
