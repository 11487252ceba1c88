import {
  notificationChannels,
  PRIVACY_MESSAGES,
  normalizeRole,
  type TAccountData,
  type TExportedMember,
} from '@club/contract';
import type { Actor } from '../../authz/index.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubTimeZone } from '../../db/club-settings.ts';
import { audit } from '../../lib/audit.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/password-hash.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { enforceLimit } from '../../lib/throttle.ts';
import * as data from './account-data.repository.ts';
import * as repo from './auth.repository.ts';

export interface AccountDeps {
  db: DbOrTx;
  config: Pick<Config, 'PASSWORD_CHANGES_PER_MEMBER' | 'PASSWORD_CHANGES_WINDOW_SECONDS'>;
  limiter: RateLimiter;
  /** The app's password hashing (`app.passwords`, lib/password-hash.ts). */
  passwords: PasswordHasher;
}

/**
 * Re-authentication before a destructive action (account deletion, club deletion): the member's
 * password again. Throttled like password changes (a stolen session cannot guess it); a wrong
 * password answers 400 on the field.
 */
export function createPasswordConfirmation({ db, config, limiter, passwords }: AccountDeps) {
  return async function confirmPassword(actor: Pick<Actor, 'id'>, password: string) {
    await enforceLimit(
      limiter,
      `reauth:${actor.id}`,
      config.PASSWORD_CHANGES_PER_MEMBER,
      config.PASSWORD_CHANGES_WINDOW_SECONDS,
    );
    const member = await repo.findMemberById(db, actor.id);
    if (!member || !(await passwords.verify(member.passwordHash, password)))
      throw badRequest(PRIVACY_MESSAGES.passwordWrong, {
        motDePasse: PRIVACY_MESSAGES.passwordWrong,
      });
  };
}
export type PasswordConfirmation = ReturnType<typeof createPasswordConfirmation>;

/** Everything held about one member of the club, as the export writes it. */
async function exportMember(
  db: DbOrTx,
  clubId: number,
  memberId: number,
): Promise<TExportedMember | null> {
  const profile = await data.memberProfile(db, clubId, memberId);
  if (!profile) return null;
  // One after the other: inside the request's transaction they share one connection.
  const equipes = await data.memberTeams(db, clubId, memberId);
  const parents = await data.guardianships(db, clubId, memberId, 'child');
  const enfants = await data.guardianships(db, clubId, memberId, 'parent');
  const convocations = await data.memberConvocations(db, clubId, memberId);
  const presences = await data.memberPresences(db, clubId, memberId);
  const sessions = await data.memberSessions(db, clubId, memberId);
  const feeds = await data.memberFeeds(db, clubId, memberId);
  const pushDevices = await data.memberPushDevices(db, clubId, memberId);
  const covoiturage = await data.memberCarpool(db, clubId, memberId);
  const taches = await data.memberDuties(db, clubId, memberId);
  const paiements = await data.memberPayments(db, clubId, memberId);
  const messagerie = await data.memberMessages(db, clubId, memberId);
  const journal = await data.memberAudit(db, clubId, memberId);
  return {
    profil: {
      id: profile.id,
      nom: profile.nom,
      prenom: profile.prenom,
      dateDeNaissance: profile.dateNaissance,
      genre: profile.genre,
      // A signed-in account always has an address (decision 0111).
      email: profile.email ?? '',
      numeroTelephone: profile.telephone,
      numeroLicence: profile.numeroLicence,
      role: profile.role,
      roleClub: profile.roleClub,
      statut: profile.statut,
      taille: profile.taille,
      poids: profile.poids,
      numero: profile.numero,
      poste: profile.poste,
      avatarUrl: profile.avatarUrl,
      partageCoordonnees: profile.partageCoordonnees,
      creeLe: profile.createdAt.toISOString(),
      modifieLe: profile.updatedAt.toISOString(),
      activeLe: profile.activatedAt?.toISOString() ?? null,
      motDePasseChangeLe: profile.passwordChangedAt?.toISOString() ?? null,
    },
    club: { id: profile.clubId, nom: profile.clubNom },
    equipes,
    parents,
    enfants,
    convocations,
    presences,
    sessions,
    abonnementsCalendrier: feeds,
    appareilsNotifications: pushDevices,
    covoiturage,
    taches,
    paiements,
    messages: messagerie,
    preferencesNotifications: {
      emails: profile.notificationEmails,
      canaux: notificationChannels(profile.notificationPrefs),
    },
    journal,
  };
}

/** The data rights of the profile page (docs/privacy.md): export and erasure. */
export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  const confirmPassword = createPasswordConfirmation(deps);

  return {
    /** GET /api/compte/donnees: the reader and each of their children. */
    async exportData(actor: Actor, now: Date = new Date()): Promise<TAccountData> {
      const moi = await exportMember(db, actor.clubId, actor.id);
      if (!moi) throw notFound();
      const enfants: TExportedMember[] = [];
      for (const childId of actor.childIds) {
        const child = await exportMember(db, actor.clubId, childId);
        if (child) enfants.push(child);
      }
      return {
        application: 'Club Manager',
        exporteLe: now.toISOString(),
        moi,
        enfants,
      };
    },

    /**
     * DELETE /api/compte {motDePasse}: the password again, then the erasure (account-data
     * repository) in the request's transaction. The last DIRIGEANT of a club is refused: the club
     * would have nobody to run it.
     */
    async deleteAccount(actor: Actor, password: string) {
      await confirmPassword(actor, password);
      if (normalizeRole(actor.role) === 'DIRIGEANT') {
        const managers = await data.lockManagers(db, actor.clubId);
        if (managers.filter((id) => id !== actor.id).length === 0)
          throw conflict(PRIVACY_MESSAGES.lastManager);
      }
      const nowLocal = clubLocalDateTime(await clubTimeZone(db, actor.clubId));
      await db.transaction(async (tx) => {
        await data.eraseMember(tx, actor.clubId, actor.id, nowLocal);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'erase',
          entity: 'member',
          entityId: actor.id,
          details: { role: actor.role },
        });
      });
      return { message: PRIVACY_MESSAGES.accountDeleted };
    },
  };
}
