import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAnswerLinkPost } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { HttpError } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/convocations/reponse?jeton=: the convocation behind a signed e-mail link; no
 * session needed (the token is the proof).
 */
export function useConvocationByToken(jeton: string) {
  return useQuery({
    queryKey: queryKeys.convocationAnswer(jeton),
    queryFn: ({ signal }) => api.notifications.answerLink({ query: { jeton } }, { signal }),
    enabled: jeton !== '',
    retry: false,
    // The answer is what the player just gave: never refetched behind their back.
    refetchOnWindowFocus: false,
  });
}

/** POST /api/convocations/reponse {jeton, statutPresence, justification?} → the same body as GET. */
export function useAnswerByToken(jeton: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAnswerLinkPost) => api.notifications.answerByLink({ body }),
    onSuccess: (info) => qc.setQueryData(queryKeys.convocationAnswer(jeton), info),
    // 409: the match started or was cancelled meanwhile; 410: the convocation was withdrawn
    // (decision 0107). Read it again so the page says which.
    onError: (err) => {
      if (err instanceof HttpError && (err.status === 409 || err.status === 410))
        void qc.invalidateQueries({ queryKey: queryKeys.convocationAnswer(jeton) });
    },
  });
}
