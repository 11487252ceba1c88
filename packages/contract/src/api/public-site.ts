import { z } from 'zod';
import {
  ZClubExistsQuerySchema,
  ZEmailExistsQuerySchema,
  ZRegistrationBodySchema,
} from '../auth.ts';
import {
  ZContactRequestSchema,
  ZHomeStatsSchema,
  ZSiteInfoSchema,
  ZSportStatsSchema,
} from '../contact.ts';
import { ZExistsSchema, ZMessageSchema } from '../schemas/common.ts';
import { PUBLIC, defineEndpoint } from './endpoint.ts';

/** A fresh ALTCHA challenge (proof of work): the widget's own format (altcha-lib's `Challenge`). */
export const ZCaptchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

export const ZHealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  /** Counts of the mail queue (decision 0020); absent when they cannot be read in time. */
  mail: z
    .object({
      pending: z.number().int(),
      retrying: z.number().int(),
      failed: z.number().int(),
    })
    .optional(),
});
/** Liveness: the process answers; no database round trip (decision 0089). */
export const ZHealthLiveSchema = z.object({ status: z.literal('ok') });
export const ZHealthDownSchema = z.object({
  status: z.literal('degraded'),
  database: z.literal('down'),
  message: z.string(),
});

/** What a visitor reaches without signing in: the public site's data, registration, contact. */
export const publicSiteEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    tags: ['santé'],
    summary: 'Disponibilité (base de données et file des e-mails) ; identique à /api/health/ready',
    access: PUBLIC,
    responses: { 200: ZHealthSchema, 503: ZHealthDownSchema },
  }),
  healthLive: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    tags: ['santé'],
    summary: 'Vivacité du processus, sans aller-retour à la base de données',
    access: PUBLIC,
    responses: { 200: ZHealthLiveSchema },
  }),
  healthReady: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    tags: ['santé'],
    summary: 'Disponibilité : la base de données répond (503 sinon et pendant l’arrêt)',
    access: PUBLIC,
    responses: { 200: ZHealthSchema, 503: ZHealthDownSchema },
  }),
  site: defineEndpoint({
    method: 'GET',
    path: '/api/site',
    tags: ['site'],
    summary: 'Coordonnées de l’éditeur et liens des réseaux sociaux',
    access: PUBLIC,
    responses: { 200: ZSiteInfoSchema },
  }),
  homeStats: defineEndpoint({
    method: 'GET',
    path: '/api/accueil/stats',
    tags: ['accueil'],
    summary: 'Nombre de membres, de clubs et d’équipes',
    access: PUBLIC,
    responses: { 200: ZHomeStatsSchema },
  }),
  sportStats: defineEndpoint({
    method: 'GET',
    path: '/api/accueil/stats/sports',
    tags: ['accueil'],
    summary: 'Nombre d’équipes par sport',
    access: PUBLIC,
    responses: { 200: ZSportStatsSchema },
  }),
  captcha: defineEndpoint({
    method: 'GET',
    path: '/api/contact/captcha',
    tags: ['contact'],
    summary: 'Un nouveau défi captcha (ALTCHA, preuve de travail)',
    access: PUBLIC,
    responses: { 200: ZCaptchaChallengeSchema },
    errors: [429],
  }),
  contact: defineEndpoint({
    method: 'POST',
    path: '/api/contact',
    tags: ['contact'],
    summary: 'Envoie un message à l’éditeur du site',
    access: PUBLIC,
    body: ZContactRequestSchema,
    responses: { 200: ZMessageSchema },
    errors: [429],
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/club/inscription',
    tags: ['club'],
    summary: 'Inscrit un club et son dirigeant',
    access: PUBLIC,
    body: ZRegistrationBodySchema,
    responses: { 201: ZMessageSchema },
    errors: [409, 429],
  }),
  emailExists: defineEndpoint({
    method: 'GET',
    path: '/api/club/email-exists',
    tags: ['club'],
    summary: 'Cette adresse e-mail est-elle déjà utilisée ?',
    access: PUBLIC,
    query: ZEmailExistsQuerySchema,
    responses: { 200: ZExistsSchema },
    errors: [429],
  }),
  clubExists: defineEndpoint({
    method: 'GET',
    path: '/api/club/club-exists',
    tags: ['club'],
    summary: 'Ce nom de club est-il déjà utilisé ?',
    access: PUBLIC,
    query: ZClubExistsQuerySchema,
    responses: { 200: ZExistsSchema },
    errors: [429],
  }),
};
