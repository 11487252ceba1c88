import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, REGISTRATION_MESSAGES, type TRegistrationBody } from '@club/contract';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { clientNetwork } from '../../lib/rate-limiter.ts';
import { assertAcceptablePassword } from '../auth/password-policy.ts';
import { enforceLimit } from '../auth/throttle.ts';
import * as repo from './registration.repository.ts';

function conflicts(emailTaken: boolean, clubTaken: boolean) {
  const errors: Record<string, string> = {};
  if (emailTaken) errors.email = REGISTRATION_MESSAGES.emailTaken;
  if (clubTaken) errors.nomClub = REGISTRATION_MESSAGES.clubTaken;
  const message =
    emailTaken && clubTaken
      ? REGISTRATION_MESSAGES.fixConflicts
      : emailTaken
        ? REGISTRATION_MESSAGES.emailTaken
        : REGISTRATION_MESSAGES.clubTaken;
  return conflict(message, errors);
}

function uniqueConstraint(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** POST /api/club/inscription: the club and its DIRIGEANT in one transaction (spec §5 rules). */
export async function registerClub(
  app: FastifyInstance,
  request: FastifyRequest,
  body: TRegistrationBody,
) {
  // Each registration costs a password hash and creates rows: bounded per IP (/64).
  await enforceLimit(
    app,
    `register:${clientNetwork(request.ip)}`,
    app.config.REGISTRATIONS_PER_IP,
    app.config.REGISTRATIONS_WINDOW_SECONDS,
  );
  assertAcceptablePassword(body.password, body.email, 'password');
  const sportId = await repo.findSportId(app.db, body.sportNom);
  if (!sportId)
    throw badRequest(AUTH_MESSAGES.sportUnknown, { sportNom: AUTH_MESSAGES.sportUnknown });
  const [emailTaken, clubTaken] = await Promise.all([
    repo.emailExists(app.db, body.email),
    repo.clubExists(app.db, body.nomClub),
  ]);
  if (emailTaken || clubTaken) throw conflicts(emailTaken, clubTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    await app.db.transaction(async (tx) => {
      const clubId = await repo.insertClub(tx, { nom: body.nomClub, sportId });
      await repo.insertLeader(tx, {
        clubId,
        nom: body.nom,
        prenom: body.prenom,
        email: body.email,
        dateNaissance: body.dateNaissance,
        genre: body.genre,
        passwordHash,
      });
    });
  } catch (err) {
    // Someone took the e-mail or the name between the check and the insert.
    const constraint = uniqueConstraint(err);
    if (constraint === null) throw err;
    throw conflicts(!constraint.includes('clubs'), constraint.includes('clubs'));
  }
  return { message: REGISTRATION_MESSAGES.success };
}

async function limitChecks(app: FastifyInstance, request: FastifyRequest) {
  await enforceLimit(
    app,
    `exists:${clientNetwork(request.ip)}`,
    app.config.EXISTENCE_CHECKS_PER_IP,
    app.config.EXISTENCE_CHECKS_WINDOW_SECONDS,
  );
}

export async function checkEmail(app: FastifyInstance, request: FastifyRequest, email: string) {
  await limitChecks(app, request);
  return { exists: email !== '' && (await repo.emailExists(app.db, email)) };
}

export async function checkClub(app: FastifyInstance, request: FastifyRequest, nomClub: string) {
  await limitChecks(app, request);
  return { exists: nomClub !== '' && (await repo.clubExists(app.db, nomClub)) };
}
