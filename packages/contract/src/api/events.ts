import {
  EVENT_PERMISSIONS,
  ZEventListSchema,
  ZEventPorteeQuerySchema,
  ZEventRangeQuerySchema,
  ZEventSchema,
  ZEventWriteSchema,
} from '../events.ts';
import { ZClubIdParamsSchema } from '../members.ts';
import {
  EVENT_PRESENCE_PERMISSIONS,
  ZEventPresenceListSchema,
  ZEventPresenceUpdateSchema,
  ZEventRollCallSchema,
} from '../notifications.ts';
import { ZIdParamsSchema, ZMessageSchema } from '../schemas/common.ts';
import { FILTERED, can, defineEndpoint } from './endpoint.ts';

const tags = ['événements'];

export const eventsEndpoints = {
  listClub: defineEndpoint({
    method: 'GET',
    path: '/api/evenements/club/:clubId',
    tags,
    summary: 'Événements du club visibles par le membre',
    description:
      'Dirigeants : tous les événements du club. Entraîneurs, joueurs et parents : les ' +
      'événements de leurs équipes (un parent aussi ceux des équipes de ses enfants) et ceux ' +
      'sans équipe. Avec `from` et/ou `to` (AAAA-MM-JJ, inclus), seuls les événements qui ' +
      'chevauchent la période ; sans eux, tous. Triés par date de début. Dates en heure ' +
      'locale du club, sans fuseau.',
    access: FILTERED,
    params: ZClubIdParamsSchema,
    query: ZEventRangeQuerySchema,
    responses: { 200: ZEventListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/evenements/:id',
    tags,
    summary: 'Un événement',
    access: can(EVENT_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZEventSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/evenements',
    tags,
    summary: 'Crée un événement (dirigeants ; entraîneur : ses équipes)',
    description:
      'Pour un MATCH, `equipesIds` vaut [équipe (base)] ou [équipe (base), équipe adverse], ' +
      'ou bien l’adversaire est saisi dans `adversaireNom` ; le match (domicile = équipe ' +
      '(base)) est créé et les joueurs de l’équipe (base) sont convoqués. ' +
      'Avec `recurrence: { rrule, exclusions }` (RRULE RFC 5545 à l’heure locale du club : ' +
      'FREQ=WEEKLY ou DAILY, INTERVAL, BYDAY, et UNTIL ou COUNT, deux ans et 400 occurrences ' +
      'au plus ; `exclusions` : dates AAAA-MM-JJ à sauter), une série est créée : ' +
      '`dateDebut`/`dateFin` sont la première occurrence, chaque occurrence est un événement ' +
      '(son propre `id`, `serie` renseignée). Un MATCH ne peut pas être répété. La réponse est ' +
      'la première occurrence.',
    access: can(EVENT_PERMISSIONS, 'create'),
    body: ZEventWriteSchema,
    responses: { 201: ZEventSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/evenements/:id',
    tags,
    summary: 'Modifie ou déplace un événement (dirigeants ; entraîneur : ses équipes)',
    description:
      'Le corps complet de l’événement. Le match suit : mis à jour pour un MATCH, supprimé ' +
      '(avec ses convocations) quand le type n’est plus MATCH. Pour une occurrence de série, ' +
      '`portee` : `occurrence` (défaut) ne modifie qu’elle, qui devient une exception ; ' +
      '`suivants` coupe la série à cette occurrence (l’ancienne finit la veille) et applique ' +
      'le corps à elle et aux suivantes, sauf aux exceptions ; `serie` applique le corps à ' +
      'toutes les occurrences, exceptions comprises. Avec `suivants`/`serie`, le jour ne ' +
      'change pas sauf nouvelle `recurrence` (les occurrences sont alors recalculées).',
    access: can(EVENT_PERMISSIONS, 'update'),
    params: ZIdParamsSchema,
    query: ZEventPorteeQuerySchema,
    body: ZEventWriteSchema,
    responses: { 200: ZEventSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/evenements/:id',
    tags,
    summary: 'Supprime un événement, son match et ses convocations',
    description:
      'Pour une occurrence de série, `portee` : `occurrence` (défaut, sa date rejoint les ' +
      'exclusions), `suivants` (elle et les suivantes ; la série finit la veille) ou `serie` ' +
      '(toutes les occurrences).',
    access: can(EVENT_PERMISSIONS, 'delete'),
    params: ZIdParamsSchema,
    query: ZEventPorteeQuerySchema,
    responses: { 200: ZMessageSchema },
  }),
  presences: defineEndpoint({
    method: 'GET',
    path: '/api/evenements/:id/presences',
    tags,
    summary: 'Présences à un entraînement (joueurs de ses équipes)',
    description:
      'Une équipe « présent par défaut » compte présent un joueur sans réponse ' +
      '(`parDefaut: true`). Autre type d’événement : 400.',
    access: can(EVENT_PRESENCE_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZEventPresenceListSchema },
  }),
  answerPresence: defineEndpoint({
    method: 'PUT',
    path: '/api/evenements/:id/presence',
    tags,
    summary:
      'Répond pour un joueur à un entraînement (lui-même s’il est ACTIF, son parent, l’entraîneur, les dirigeants)',
    access: can(EVENT_PRESENCE_PERMISSIONS, 'answer'),
    params: ZIdParamsSchema,
    body: ZEventPresenceUpdateSchema,
    responses: { 200: ZEventPresenceListSchema },
  }),
  rollCall: defineEndpoint({
    method: 'PUT',
    path: '/api/evenements/:id/presences',
    tags,
    summary: 'Fait l’appel d’un entraînement : plusieurs présences enregistrées ensemble',
    description:
      'Chaque ligne suit les règles de `PUT …/presence` ; tout est enregistré ou rien. ' +
      'Après le début de l’entraînement, seuls ses entraîneurs et les dirigeants répondent.',
    access: can(EVENT_PRESENCE_PERMISSIONS, 'answer'),
    params: ZIdParamsSchema,
    body: ZEventRollCallSchema,
    responses: { 200: ZEventPresenceListSchema },
  }),
};
