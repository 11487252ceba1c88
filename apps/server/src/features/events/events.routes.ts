import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClubIdParamsSchema,
  ZEventListSchema,
  ZEventPorteeQuerySchema,
  ZEventRangeQuerySchema,
  ZEventSchema,
  ZEventWriteSchema,
  ZIdParamsSchema,
  ZMessageSchema,
} from '@club/contract';
import { readErrors as errors, writeErrors } from '../../lib/route-schemas.ts';
import { createEventsService } from './events.service.ts';

const tags = ['événements'];

/** Events calls of spec §7 and ARCHITECTURE §7 (registered inside the signed-in scope). */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEventsService({ db: app.db, notifier: app.matchNotifier });

  app.get(
    '/api/evenements/club/:clubId',
    {
      // Kept per member until the club data changes (plugins/response-cache.ts).
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Événements du club visibles par le membre',
        description:
          'Dirigeants : tous les événements du club. Entraîneurs, joueurs et parents : les ' +
          'événements de leurs équipes (un parent aussi ceux des équipes de ses enfants) et ceux ' +
          'sans équipe. Avec `from` et/ou `to` (AAAA-MM-JJ, inclus), seuls les événements qui ' +
          'chevauchent la période ; sans eux, tous. Triés par date de début. Dates en heure ' +
          'locale du club, sans fuseau.',
        params: ZClubIdParamsSchema,
        querystring: ZEventRangeQuerySchema,
        response: { 200: ZEventListSchema, ...errors },
      },
    },
    async (request) => service.listClub(request.actor, request.params.clubId, request.query),
  );

  app.get(
    '/api/evenements/:id',
    {
      schema: {
        tags,
        summary: 'Un événement',
        params: ZIdParamsSchema,
        response: { 200: ZEventSchema, ...errors },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.post(
    '/api/evenements',
    {
      schema: {
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
        body: ZEventWriteSchema,
        response: { 201: ZEventSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.actor, request.body)),
  );

  app.put(
    '/api/evenements/:id',
    {
      schema: {
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
        params: ZIdParamsSchema,
        querystring: ZEventPorteeQuerySchema,
        body: ZEventWriteSchema,
        response: { 200: ZEventSchema, ...writeErrors },
      },
    },
    async (request) =>
      service.update(request.actor, request.params.id, request.body, request.query.portee),
  );

  app.delete(
    '/api/evenements/:id',
    {
      schema: {
        tags,
        summary: 'Supprime un événement, son match et ses convocations',
        description:
          'Pour une occurrence de série, `portee` : `occurrence` (défaut, sa date rejoint les ' +
          'exclusions), `suivants` (elle et les suivantes ; la série finit la veille) ou `serie` ' +
          '(toutes les occurrences).',
        params: ZIdParamsSchema,
        querystring: ZEventPorteeQuerySchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => service.remove(request.actor, request.params.id, request.query.portee),
  );
};
export default eventsRoutes;
