import {
  FEE_PERMISSIONS,
  ZExemptionWriteSchema,
  ZFeeListQuerySchema,
  ZFeeListSchema,
  ZFeeRowSchema,
  ZFeeSeasonQuerySchema,
  ZMemberIdParamsSchema,
  ZOwnFeesSchema,
  ZPaymentSchema,
  ZPaymentWriteSchema,
  ZReminderSchema,
  ZReminderWriteSchema,
  ZTariffsSchema,
  ZTariffsWriteSchema,
} from '../fees.ts';
import { ZIdParamsSchema } from '../schemas/common.ts';
import { SESSION, can, defineEndpoint } from './endpoint.ts';

const tags = ['cotisations'];

/** Membership fees, payments, receipts and reminders (docs/decisions/0135-membership-fees.md). */
export const feesEndpoints = {
  tariffs: defineEndpoint({
    method: 'GET',
    path: '/api/clubs/:id/tarifs',
    tags,
    summary: 'Les tarifs de la saison par catégorie, la réduction famille et la date limite',
    access: can(FEE_PERMISSIONS, 'readTariffs'),
    params: ZIdParamsSchema,
    query: ZFeeSeasonQuerySchema,
    responses: { 200: ZTariffsSchema },
  }),
  setTariffs: defineEndpoint({
    method: 'PUT',
    path: '/api/clubs/:id/tarifs',
    tags,
    summary: 'Remplace les tarifs de la saison (dirigeants et responsables)',
    description:
      'Montants en centimes ; une catégorie figure dans un tarif au plus ; reductionFamille en ' +
      'pour cent, à partir du deuxième membre d’une famille ; dateLimite (AAAA-MM-JJ) ou null.',
    access: can(FEE_PERMISSIONS, 'writeTariffs'),
    params: ZIdParamsSchema,
    query: ZFeeSeasonQuerySchema,
    body: ZTariffsWriteSchema,
    responses: { 200: ZTariffsSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/cotisations',
    tags,
    summary: 'Les cotisations de la saison, membre par membre : dû, payé, reste, paiements',
    description:
      'statut=A_JOUR|RESTE_DU|EN_RETARD filtre les lignes ; les totaux portent sur tout.',
    access: can(FEE_PERMISSIONS, 'list'),
    query: ZFeeListQuerySchema,
    responses: { 200: ZFeeListSchema },
  }),
  own: defineEndpoint({
    method: 'GET',
    path: '/api/cotisations/moi',
    tags,
    summary: 'Ce que le membre et ses enfants doivent, ont payé et leurs paiements',
    access: SESSION,
    query: ZFeeSeasonQuerySchema,
    responses: { 200: ZOwnFeesSchema },
  }),
  record: defineEndpoint({
    method: 'POST',
    path: '/api/cotisations/:membreId/paiements',
    tags,
    summary: 'Enregistre un paiement (dirigeants et responsables)',
    description:
      'moyen CB|CHEQUE|ESPECES|VIREMENT|PASS_SPORT|COUPON_SPORT|AUTRE ; echeances (chèques) : ' +
      'dates d’encaissement, leur somme égale le montant ; PASS_SPORT : reference = le code, ' +
      '50,00 € au plus, un code une fois par club.',
    access: can(FEE_PERMISSIONS, 'record'),
    params: ZMemberIdParamsSchema,
    body: ZPaymentWriteSchema,
    responses: { 201: ZPaymentSchema },
  }),
  exempt: defineEndpoint({
    method: 'PUT',
    path: '/api/cotisations/:membreId/exoneration',
    tags,
    summary: 'Exonère un membre de sa cotisation pour la saison, ou lève l’exonération',
    access: can(FEE_PERMISSIONS, 'exempt'),
    params: ZMemberIdParamsSchema,
    body: ZExemptionWriteSchema,
    responses: { 200: ZFeeRowSchema },
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/api/paiements/:id',
    tags,
    summary: 'Annule un paiement : il reste visible comme annulé (qui, quand) et ne compte plus',
    access: can(FEE_PERMISSIONS, 'cancel'),
    params: ZIdParamsSchema,
    responses: { 200: ZPaymentSchema },
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/cotisations/:membreId/attestation.pdf',
    tags,
    summary:
      '« Attestation de paiement » de la saison en PDF (le membre, ses parents, les dirigeants)',
    access: can(FEE_PERMISSIONS, 'receipt'),
    params: ZMemberIdParamsSchema,
    query: ZFeeSeasonQuerySchema,
    responses: { 200: { file: 'application/pdf' } },
  }),
  remind: defineEndpoint({
    method: 'POST',
    path: '/api/cotisations/relances',
    tags,
    summary: 'Relance par e-mail les familles qui ont un reste à payer (simulation d’abord)',
    description:
      'Un e-mail par famille, à ses parents (sinon au membre), nommant chaque membre et son ' +
      'reste ; jamais à une famille dont le solde est nul. simulation=true n’envoie rien.',
    access: can(FEE_PERMISSIONS, 'remind'),
    body: ZReminderWriteSchema,
    responses: { 200: ZReminderSchema },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/cotisations/export',
    tags,
    summary: 'Les paiements de la saison en CSV pour le comptable : UTF-8 avec BOM, « ; », virgule',
    access: can(FEE_PERMISSIONS, 'export'),
    query: ZFeeSeasonQuerySchema,
    responses: { 200: { file: 'text/csv' } },
  }),
};
