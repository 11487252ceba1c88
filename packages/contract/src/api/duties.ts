import {
  DUTY_PERMISSIONS,
  ZDutiesWriteSchema,
  ZDutyListSchema,
  ZDutyParamsSchema,
  ZDutyProposalSchema,
  ZDutyProposalWriteSchema,
  ZDutySchema,
  ZDutySignUpSchema,
  ZDutyTallyQuerySchema,
  ZDutyTallySchema,
  ZDutyTemplatesSchema,
  ZDutyTemplatesWriteSchema,
  ZVolunteerParamsSchema,
} from '../duties.ts';
import { ZIdParamsSchema } from '../schemas/common.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['taches'];

/** Volunteer duties of events (docs/decisions/0130-volunteer-duties.md). */
export const dutiesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/evenements/:id/taches',
    tags,
    summary: 'Les tâches bénévoles d’un événement, leurs places et leurs bénévoles',
    description:
      'Les bénévoles d’une autre famille sont nommés par leur prénom et l’initiale de leur nom.',
    access: can(DUTY_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZDutyListSchema },
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/api/evenements/:id/taches',
    tags,
    summary: 'Remplace les tâches d’un événement (l’entraîneur de l’équipe, les dirigeants)',
    description:
      'Une tâche gardée (même libellé) garde ses bénévoles ; ses places ne descendent pas sous ' +
      'leur nombre. Une tâche retirée libère ses bénévoles.',
    access: can(DUTY_PERMISSIONS, 'edit'),
    params: ZIdParamsSchema,
    body: ZDutiesWriteSchema,
    responses: { 200: ZDutyListSchema },
  }),
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/taches/:id/benevoles',
    tags,
    summary:
      'Inscrit un bénévole : soi, son enfant (compte pour la famille) ; l’entraîneur, un membre de l’équipe',
    description:
      'Les places sont garanties par la base de données : 409 « Cette tâche est complète. » ' +
      'quand il n’en reste plus, même pour des inscriptions simultanées.',
    access: can(DUTY_PERMISSIONS, 'signUp'),
    params: ZDutyParamsSchema,
    body: ZDutySignUpSchema,
    responses: { 200: ZDutySchema },
  }),
  withdraw: defineEndpoint({
    method: 'DELETE',
    path: '/api/taches/:id/benevoles/:membreId',
    tags,
    summary: '« Je ne peux plus » : libère la place ; l’entraîneur est prévenu par e-mail',
    access: can(DUTY_PERMISSIONS, 'withdraw'),
    params: ZVolunteerParamsSchema,
    responses: { 200: ZDutySchema },
  }),
  propose: defineEndpoint({
    method: 'POST',
    path: '/api/evenements/:id/taches/repartition',
    tags,
    summary:
      'Répartition équitable : propose (simulation) ou inscrit les familles qui ont le moins de tâches cette saison',
    description:
      'Les familles dont l’enfant est indisponible pour l’événement, ou déjà de service ce ' +
      'jour-là, sont passées ; à égalité, l’ordre est stable. Appliquée, elle prévient les ' +
      'familles inscrites (e-mail et notification, avec la façon d’échanger).',
    access: can(DUTY_PERMISSIONS, 'edit'),
    params: ZIdParamsSchema,
    body: ZDutyProposalWriteSchema,
    responses: { 200: ZDutyProposalSchema },
  }),
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/equipes/:id/modeles-taches',
    tags,
    summary: 'Les modèles de tâches d’une équipe',
    access: can(DUTY_PERMISSIONS, 'templates'),
    params: ZIdParamsSchema,
    responses: { 200: ZDutyTemplatesSchema },
  }),
  setTemplates: defineEndpoint({
    method: 'PUT',
    path: '/api/equipes/:id/modeles-taches',
    tags,
    summary:
      'Remplace les modèles de tâches d’une équipe : ajoutés à chaque nouvel événement de ces types',
    access: can(DUTY_PERMISSIONS, 'templates'),
    params: ZIdParamsSchema,
    body: ZDutyTemplatesWriteSchema,
    responses: { 200: ZDutyTemplatesSchema },
  }),
  tally: defineEndpoint({
    method: 'GET',
    path: '/api/taches/bilan',
    tags,
    summary: 'Le bilan de la saison : les tâches de chaque famille (de l’équipe, ou du club)',
    description:
      'equipeId : les familles de l’équipe et leurs tâches aux événements de l’équipe ' +
      '(l’entraîneur, les dirigeants) ; sans equipeId : tout le club (les dirigeants). ' +
      'saison=AAAA-AAAA (défaut : la saison en cours).',
    access: can(DUTY_PERMISSIONS, 'tally'),
    query: ZDutyTallyQuerySchema,
    responses: { 200: ZDutyTallySchema },
  }),
  tallyExport: defineEndpoint({
    method: 'GET',
    path: '/api/taches/bilan/export',
    tags,
    summary: 'Le bilan de la saison en CSV : UTF-8 avec BOM, « ; », en-têtes français',
    access: can(DUTY_PERMISSIONS, 'tally'),
    query: ZDutyTallyQuerySchema,
    responses: { 200: { file: 'text/csv' } },
  }),
};
