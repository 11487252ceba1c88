import { z } from 'zod';
import { ZCurrentMemberSchema } from '../auth.ts';
import {
  ZDashboardEventSchema,
  ZDashboardHomeSchema,
  ZDashboardEventsQuerySchema,
  ZDashboardMemberSchema,
} from '../dashboard.ts';
import { EVENT_PERMISSIONS } from '../events.ts';
import { MEMBER_PERMISSIONS } from '../members.ts';
import { ZIdParamsSchema } from '../schemas/common.ts';
import { SESSION, can, defineEndpoint } from './endpoint.ts';

const tags = ['tableau de bord'];

export const dashboardEndpoints = {
  infos: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/infos',
    tags,
    summary: 'Le membre connecté',
    access: SESSION,
    responses: { 200: ZCurrentMemberSchema },
  }),
  home: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/accueil',
    tags,
    summary: 'L’accueil du membre connecté : ce qu’il peut faire maintenant',
    description:
      'Convocations en attente d’une réponse du membre ou de ses enfants (toutes leurs équipes), ' +
      'le prochain match de chacune de ces équipes (rendez-vous, sélection publiée), leurs ' +
      'événements des 7 prochains jours ; pour les dirigeants en plus : les événements du jour ' +
      'du club, les matchs joués sans score, les convocations sans réponse, les comptes non ' +
      'activés et les joueurs sans équipe. Tout est limité au club du membre.',
    access: SESSION,
    responses: { 200: ZDashboardHomeSchema },
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/evenements/:id',
    tags,
    summary: 'Événements d’une équipe : ceux d’un jour, ou ceux à venir',
    description:
      '`:id` est l’identifiant de l’équipe. Renvoie les événements de l’équipe et ceux sans ' +
      'équipe (pour toutes les équipes), triés par début. Sans paramètre : ceux du jour ' +
      'd’aujourd’hui dans le fuseau horaire du club ; `date=AAAA-MM-JJ` : ceux de ce jour (un ' +
      'événement de plusieurs jours figure sur chacun) ; `aVenir=true` (tableau de bord ' +
      'd’équipe) : ceux qui ne sont pas terminés à l’heure actuelle du club, au plus `limite` ' +
      '(20 par défaut, 100 au plus). `date` et `aVenir` ne se combinent pas. Dirigeants : ' +
      'toute équipe du club ; entraîneurs et joueurs : leurs équipes ; parents : leurs équipes ' +
      'et celles de leurs enfants (403 sinon). Équipe d’un autre club : 404.',
    access: can(EVENT_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    query: ZDashboardEventsQuerySchema,
    responses: { 200: z.array(ZDashboardEventSchema) },
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/membres/:id',
    tags,
    summary: 'Membres d’une équipe (cartes du tableau de bord)',
    description:
      '`:id` est l’identifiant de l’équipe ; tous ses membres (toute appartenance), triés par ' +
      'nom. Dirigeants : toute équipe du club ; membres de l’équipe ; parents d’un enfant de ' +
      'l’équipe (403 sinon). Équipe d’un autre club : 404.',
    access: can(MEMBER_PERMISSIONS, 'readTeam'),
    params: ZIdParamsSchema,
    responses: { 200: z.array(ZDashboardMemberSchema) },
  }),
};
