import { FILTERED, defineEndpoint } from './endpoint.ts';

/** The live stream (see ../live.ts, docs/decisions/0120-live-stream.md). */
export const liveEndpoints = {
  stream: defineEndpoint({
    method: 'GET',
    path: '/api/flux',
    tags: ['direct'],
    summary: 'Le flux en direct du membre connecté (Server-Sent Events, un par onglet)',
    description:
      'Événements `message`, `lecture`, `convocation`, `match` du club, chacun envoyé seulement ' +
      'aux membres qui peuvent lire ce qu’il désigne (la règle du GET correspondant) ; des ' +
      'identifiants seulement. `connecte` à l’ouverture ; un commentaire toutes les 25 s ; ' +
      'reprise après une coupure avec l’en-tête `Last-Event-ID` (les événements manqués sont ' +
      'renvoyés, ou `resynchroniser` s’ils ne sont plus tous gardés). 406 sans ' +
      '`Accept: text/event-stream`.',
    access: FILTERED,
    responses: { 200: { file: 'text/event-stream' } },
    errors: [406, 429],
  }),
};
