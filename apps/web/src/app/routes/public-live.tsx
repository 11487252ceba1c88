import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MATCH_STATUS_LABELS } from '@club/contract';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** While the match is live the page reads it again this often (no stream without a session). */
const POLL_MS = 15_000;

/**
 * /direct/{jeton} — a match's public live page for family without an account (decision 0127):
 * score and actions, first names only; never indexed (meta robots here, X-Robots-Tag on the page
 * and its JSON).
 */
export default function PublicLivePage() {
  const { jeton = '' } = useParams();
  useDocumentTitle('Match en direct');
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  const live = useQuery({
    queryKey: queryKeys.publicLive(jeton),
    queryFn: ({ signal }) => api.matchSheet.publicLive({ params: { jeton } }, { signal }),
    refetchInterval: (q) => (q.state.data?.statut === 'EN_COURS' ? POLL_MS : false),
    retry: false,
  });
  return (
    <main id="contenu" className="container page">
      <h1>Match en direct</h1>
      {live.isPending ? <Loading label="Chargement du direct…" /> : null}
      {live.isError ? (
        <Alert tone="error">
          {errorMessage(live.error, 'Ce lien n’est plus valide : demandez-en un nouveau au club.')}
        </Alert>
      ) : null}
      {live.data ? (
        <section className="card live-sheet" aria-label={live.data.nom}>
          <p>
            {live.data.nom} · {MATCH_STATUS_LABELS[live.data.statut]}
          </p>
          <p className="live-score" aria-live="polite" aria-atomic="true">
            <span>{live.data.equipeDomicile ?? '-'}</span>{' '}
            <strong>
              {live.data.score.domicile} – {live.data.score.exterieur}
            </strong>{' '}
            <span>{live.data.equipeExterieur ?? '-'}</span>
          </p>
          {live.data.actions.length ? (
            <ol className="live-actions" aria-label="Actions du match">
              {[...live.data.actions].reverse().map((a, i) => (
                <li key={i}>
                  {a.minute}' {a.libelle}
                  {a.prenom ? ` — ${a.prenom}` : ''}
                  {a.points ? ` (${a.points})` : ''}
                </li>
              ))}
            </ol>
          ) : (
            <p>Aucune action pour l’instant.</p>
          )}
        </section>
      ) : null}
    </main>
  );
}
