import {
  AUTH_MESSAGES,
  REGISTRATION_MESSAGES,
  type TAccountClub,
  type TAccountClubCreate,
  type TRegistrationBody,
} from '@club/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/password-hash.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { clientNetwork, type RateLimiter } from '../../lib/rate-limiter.ts';
import { enforceLimit } from '../../lib/throttle.ts';
import { assertAcceptablePassword } from '../auth/index.ts';
import * as repo from './registration.repository.ts';

/**
 * The 409 of a registration. `account`: the e-mail is an account's, which signs in and creates
 * another club with POST /api/clubs (docs/decisions/0112).
 */
function conflicts(emailTaken: boolean, clubTaken: boolean, account = false) {
  const errors: Record<string, string> = {};
  if (emailTaken)
    errors.email = account ? REGISTRATION_MESSAGES.accountExists : REGISTRATION_MESSAGES.emailTaken;
  if (clubTaken) errors.nomClub = REGISTRATION_MESSAGES.clubTaken;
  const message =
    emailTaken && clubTaken
      ? REGISTRATION_MESSAGES.fixConflicts
      : emailTaken
        ? errors.email!
        : REGISTRATION_MESSAGES.clubTaken;
  return conflict(message, errors);
}

export interface RegistrationDeps {
  db: DbOrTx;
  limiter: RateLimiter;
  config: Pick<
    Config,
    | 'REGISTRATIONS_PER_IP'
    | 'REGISTRATIONS_WINDOW_SECONDS'
    | 'EXISTENCE_CHECKS_PER_IP'
    | 'EXISTENCE_CHECKS_WINDOW_SECONDS'
  >;
  /** The app's password hashing (`app.passwords`, lib/password-hash.ts). */
  passwords: PasswordHasher;
}

/** Club registration and the uniqueness checks of spec §5 / §7. */
export function createRegistrationService({ db, limiter, config, passwords }: RegistrationDeps) {
  const limitChecks = (ip: string) =>
    enforceLimit(
      limiter,
      `exists:${clientNetwork(ip)}`,
      config.EXISTENCE_CHECKS_PER_IP,
      config.EXISTENCE_CHECKS_WINDOW_SECONDS,
    );

  return {
    /** POST /api/club/inscription: the club and its DIRIGEANT in one transaction (spec §5 rules). */
    async registerClub(ip: string, body: TRegistrationBody) {
      // Each registration costs a password hash and creates rows: bounded per IP (/64).
      await enforceLimit(
        limiter,
        `register:${clientNetwork(ip)}`,
        config.REGISTRATIONS_PER_IP,
        config.REGISTRATIONS_WINDOW_SECONDS,
      );
      assertAcceptablePassword(body.password, body.email, 'password');
      const sportId = await repo.findSportId(db, body.sportNom);
      if (!sportId)
        throw badRequest(AUTH_MESSAGES.sportUnknown, { sportNom: AUTH_MESSAGES.sportUnknown });
      const [emailTaken, clubTaken] = await Promise.all([
        repo.emailExists(db, body.email),
        repo.clubExists(db, body.nomClub),
      ]);
      if (emailTaken || clubTaken)
        throw conflicts(
          emailTaken,
          clubTaken,
          emailTaken && (await repo.accountExists(db, body.email)),
        );
      const passwordHash = await passwords.hash(body.password);
      try {
        await db.transaction(async (tx) => {
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
        const constraint = uniqueViolation(err);
        if (constraint === null) throw err;
        throw conflicts(!constraint.includes('clubs'), constraint.includes('clubs'));
      }
      return { message: REGISTRATION_MESSAGES.success };
    },

    /**
     * POST /api/clubs: a signed-in account creates another club and becomes its DIRIGEANT, with
     * its identity and its password (docs/decisions/0112). The session stays in its club; the
     * new one is in the account's `clubs` (POST /auth/club switches).
     */
    async createForAccount(
      ip: string,
      memberId: number,
      body: TAccountClubCreate,
    ): Promise<TAccountClub> {
      await enforceLimit(
        limiter,
        `register:${clientNetwork(ip)}`,
        config.REGISTRATIONS_PER_IP,
        config.REGISTRATIONS_WINDOW_SECONDS,
      );
      const account = await repo.accountIdentity(db, memberId);
      if (!account?.passwordHash || !account.email) throw forbidden();
      const sportId = await repo.findSportId(db, body.sportNom);
      if (!sportId)
        throw badRequest(AUTH_MESSAGES.sportUnknown, { sportNom: AUTH_MESSAGES.sportUnknown });
      if (await repo.clubExists(db, body.nomClub)) throw conflicts(false, true);
      try {
        const { passwordHash, email } = account;
        return await db.transaction(async (tx) => {
          const clubId = await repo.insertClub(tx, { nom: body.nomClub, sportId });
          const idMembre = await repo.insertLeader(tx, {
            clubId,
            nom: account.nom,
            prenom: account.prenom,
            email,
            dateNaissance: account.dateNaissance,
            genre: account.genre,
            telephone: account.telephone,
            passwordHash,
          });
          return { idClub: clubId, nomClub: body.nomClub, idMembre, role: 'DIRIGEANT' as const };
        });
      } catch (err) {
        if (uniqueViolation(err)?.includes('clubs')) throw conflicts(false, true);
        throw err;
      }
    },

    async checkEmail(ip: string, email: string) {
      await limitChecks(ip);
      return { exists: email !== '' && (await repo.emailExists(db, email)) };
    },

    async checkClub(ip: string, nomClub: string) {
      await limitChecks(ip);
      return { exists: nomClub !== '' && (await repo.clubExists(db, nomClub)) };
    },
  };
}
