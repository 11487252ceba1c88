import { ZImportQuerySchema, ZImportReportSchema } from '../member-import.ts';
import {
  MEMBER_PERMISSIONS,
  ZClubIdParamsSchema,
  ZClubMemberListQuerySchema,
  ZClubMemberSearchSchema,
  ZClubTeamParamsSchema,
  ZMemberCreateSchema,
  ZMemberExportQuerySchema,
  ZMemberListSchema,
  ZMemberSchema,
  ZMemberUpdateSchema,
  ZTeamAssignResultSchema,
  ZTeamAssignSchema,
  ZTeamMemberSearchSchema,
} from '../members.ts';
import { ZIdParamsSchema, ZMessageSchema, ZPagingQuerySchema } from '../schemas/common.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['membres'];

export const membersEndpoints = {
  listClub: defineEndpoint({
    method: 'GET',
    path: '/api/membres/club/:clubId',
    tags,
    summary:
      'Membres du club (dirigeants) ; page et size optionnels, filtres categorie et sansEquipe',
    access: can(MEMBER_PERMISSIONS, 'listClub'),
    params: ZClubIdParamsSchema,
    query: ZClubMemberListQuerySchema,
    responses: { 200: ZMemberListSchema },
  }),
  searchClub: defineEndpoint({
    method: 'GET',
    path: '/api/membres/club/:clubId/recherche',
    tags,
    summary: 'Recherche des membres du club (nom et prénom sans accents ni casse)',
    access: can(MEMBER_PERMISSIONS, 'searchClub'),
    params: ZClubIdParamsSchema,
    query: ZClubMemberSearchSchema,
    responses: { 200: ZMemberListSchema },
  }),
  searchTeam: defineEndpoint({
    method: 'GET',
    path: '/api/membres/recherche/equipe',
    tags,
    summary: "Recherche des membres d'une équipe",
    access: can(MEMBER_PERMISSIONS, 'readTeam'),
    query: ZTeamMemberSearchSchema,
    responses: { 200: ZMemberListSchema },
  }),
  listTeam: defineEndpoint({
    method: 'GET',
    path: '/api/membres/:clubId/equipe/:nomEquipe',
    tags,
    summary: "Membres d'une équipe (dirigeants et membres de l'équipe)",
    access: can(MEMBER_PERMISSIONS, 'readTeam'),
    params: ZClubTeamParamsSchema,
    query: ZPagingQuerySchema,
    responses: { 200: ZMemberListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/membres/:id',
    tags,
    summary: 'Un membre',
    access: can(MEMBER_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZMemberSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/membres',
    tags,
    summary: "Crée un membre et lui envoie l'invitation",
    access: can(MEMBER_PERMISSIONS, 'create'),
    body: ZMemberCreateSchema,
    responses: { 201: ZMemberSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/membres/:id',
    tags,
    summary: 'Modifie un membre (fiche, écran équipe, profil) ; champs non autorisés : 403',
    access: can(MEMBER_PERMISSIONS, 'update'),
    params: ZIdParamsSchema,
    body: ZMemberUpdateSchema,
    responses: { 200: ZMemberSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/membres/:id',
    tags,
    summary: 'Supprime un membre',
    access: can(MEMBER_PERMISSIONS, 'delete'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/api/membres/:id/restaurer',
    tags,
    summary: 'Annule la suppression d’un membre (dans les minutes qui la suivent)',
    description:
      'Remet le membre supprimé avec ses équipes, ses liens parent/enfant et ses réponses, ' +
      'pendant MEMBER_RESTORE_WINDOW_MINUTES après la suppression. Délai dépassé ou aucune ' +
      'suppression : 404 ; adresse e-mail reprise par un autre compte : 409.',
    access: can(MEMBER_PERMISSIONS, 'delete'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
    errors: [404, 409],
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/membres/:id/invitation',
    tags,
    summary: "Renvoie l'invitation d'un membre qui n'a pas encore activé son compte",
    access: can(MEMBER_PERMISSIONS, 'resendInvitation'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
    errors: [503],
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/membres/club/:clubId/export',
    tags,
    summary:
      'Les membres du club (filtres de la liste) en CSV pour tableur : UTF-8 avec BOM, « ; »',
    description:
      'En-têtes français, dates jj/mm/aaaa, rôles en toutes lettres, guillemets RFC 4180, ' +
      'valeurs commençant par = + - @ précédées d’une apostrophe (injection de formule).',
    access: can(MEMBER_PERMISSIONS, 'export'),
    params: ZClubIdParamsSchema,
    query: ZMemberExportQuerySchema,
    responses: { 200: { file: 'text/csv' } },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/api/membres/club/:clubId/import',
    tags,
    summary:
      'Importe un fichier CSV de membres (multipart, champ « fichier ») ; simulation=true n’écrit rien',
    description:
      'Membres reconnus par e-mail puis numéro de licence et mis à jour, nouveaux créés puis invités ' +
      'après validation ; rien n’est supprimé. Une ligne en erreur : 422 et rien n’est écrit. ' +
      '2 Mo et 5 000 lignes au plus.',
    access: can(MEMBER_PERMISSIONS, 'import'),
    params: ZClubIdParamsSchema,
    query: ZImportQuerySchema,
    multipart: true,
    responses: { 200: ZImportReportSchema, 422: ZImportReportSchema },
    errors: [413, 415],
  }),
  assignTeam: defineEndpoint({
    method: 'PUT',
    path: '/api/equipes/:id/membres',
    tags,
    summary: 'Ajoute plusieurs membres du club à une équipe (leurs autres équipes restent)',
    access: can(MEMBER_PERMISSIONS, 'assignTeam'),
    params: ZIdParamsSchema,
    body: ZTeamAssignSchema,
    responses: { 200: ZTeamAssignResultSchema },
  }),
};
