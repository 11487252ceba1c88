import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  calendarFeeds,
  carpoolOffers,
  carpoolSeats,
  duties,
  dutyVolunteers,
  conversationMembers,
  conversations,
  livePresence,
  messageReports,
  messages,
  clubs,
  convocations,
  eventPresences,
  events,
  feeExemptions,
  guardians,
  matches,
  members,
  oneTimeTokens,
  payments,
  pushSubscriptions,
  sessions,
  teamMemberships,
  teams,
} from '../../db/schema.ts';
import { memberFieldColumns } from '../../db/member-columns.ts';

/**
 * The queries of the data rights (docs/privacy.md): what the export gathers about one member, and
 * the erasure of an account. Every query is filtered by the club id (the request runs as that
 * club under row-level security too). Hashes and tokens are never selected.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type MemberColumn = keyof typeof members.$inferSelect;

/**
 * Where each column of `members` goes in « Télécharger mes données » (the export's JSON path), and
 * why the others are left out: a column added to the table fails account.test.ts until it is in
 * one of the two (docs/privacy.md, the right of access).
 */
export const MEMBER_COLUMNS_IN_EXPORT = {
  id: 'profil.id',
  nom: 'profil.nom',
  prenom: 'profil.prenom',
  dateNaissance: 'profil.dateDeNaissance',
  genre: 'profil.genre',
  email: 'profil.email',
  telephone: 'profil.numeroTelephone',
  numeroLicence: 'profil.numeroLicence',
  role: 'profil.role',
  clubRole: 'profil.roleClub',
  statut: 'profil.statut',
  taille: 'profil.taille',
  poids: 'profil.poids',
  numero: 'profil.numero',
  poste: 'profil.poste',
  avatarUrl: 'profil.avatarUrl',
  partageCoordonnees: 'profil.partageCoordonnees',
  createdAt: 'profil.creeLe',
  updatedAt: 'profil.modifieLe',
  activatedAt: 'profil.activeLe',
  passwordChangedAt: 'profil.motDePasseChangeLe',
  clubId: 'club.id',
  teamId: 'equipes',
  notificationEmails: 'preferencesNotifications.emails',
  notificationPrefs: 'preferencesNotifications.canaux',
} as const satisfies Partial<Record<MemberColumn, string>>;

export const MEMBER_COLUMNS_NOT_EXPORTED = {
  passwordHash: 'a secret: never leaves the server, not even to its owner',
  erasedAt: 'an erased account has no export: its row is anonymised and cannot sign in',
} as const satisfies Partial<Record<MemberColumn, string>>;

/** The member's own row, without password hash (live members only). */
export async function memberProfile(db: DbOrTx, clubId: number, memberId: number) {
  const [row] = await db
    .select({
      ...memberFieldColumns,
      notificationEmails: members.notificationEmails,
      notificationPrefs: members.notificationPrefs,
      createdAt: members.createdAt,
      updatedAt: members.updatedAt,
      activatedAt: members.activatedAt,
      passwordChangedAt: members.passwordChangedAt,
      clubId: clubs.id,
      clubNom: clubs.nom,
    })
    .from(members)
    .innerJoin(clubs, eq(clubs.id, members.clubId))
    .where(and(eq(members.clubId, clubId), eq(members.id, memberId), isNull(members.erasedAt)))
    .limit(1);
  return row ?? null;
}

export async function memberTeams(db: DbOrTx, clubId: number, memberId: number) {
  return db
    .select({
      id: teams.id,
      nom: teams.nom,
      categorie: teams.categorie,
      division: teams.division,
      role: teamMemberships.role,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(and(eq(teamMemberships.clubId, clubId), eq(teamMemberships.memberId, memberId)))
    .orderBy(asc(teams.nom), asc(teams.id));
}

/** The member's parents (`of: 'child'`) or children (`of: 'parent'`), by name. */
export async function guardianships(
  db: DbOrTx,
  clubId: number,
  memberId: number,
  of: 'parent' | 'child',
) {
  const [self, other] =
    of === 'parent'
      ? [guardians.parentId, guardians.childId]
      : [guardians.childId, guardians.parentId];
  return db
    .select({ id: members.id, nom: members.nom, prenom: members.prenom })
    .from(guardians)
    .innerJoin(members, and(eq(members.id, other), isNull(members.erasedAt)))
    .where(and(eq(guardians.clubId, clubId), eq(self, memberId)))
    .orderBy(asc(members.nom), asc(members.prenom), asc(members.id));
}

export async function memberConvocations(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      matchId: matches.id,
      match: events.nom,
      dateDebut: events.dateDebut,
      statutPresence: convocations.statutPresence,
      justification: convocations.justification,
      answeredAt: convocations.answeredAt,
    })
    .from(convocations)
    .innerJoin(matches, eq(matches.id, convocations.matchId))
    .innerJoin(events, eq(events.id, matches.eventId))
    .where(and(eq(convocations.clubId, clubId), eq(convocations.memberId, memberId)))
    .orderBy(asc(events.dateDebut), asc(matches.id));
  return rows.map((r) => ({
    matchId: r.matchId,
    match: r.match,
    dateDebut: r.dateDebut.replace(' ', 'T'),
    statutPresence: r.statutPresence,
    justification: r.justification,
    reponduLe: iso(r.answeredAt),
  }));
}

export async function memberPresences(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      evenementId: events.id,
      evenement: events.nom,
      dateDebut: events.dateDebut,
      statutPresence: eventPresences.statutPresence,
      justification: eventPresences.justification,
      answeredAt: eventPresences.answeredAt,
    })
    .from(eventPresences)
    .innerJoin(events, eq(events.id, eventPresences.eventId))
    .where(and(eq(eventPresences.clubId, clubId), eq(eventPresences.memberId, memberId)))
    .orderBy(asc(events.dateDebut), asc(events.id));
  return rows.map((r) => ({
    evenementId: r.evenementId,
    evenement: r.evenement,
    dateDebut: r.dateDebut.replace(' ', 'T'),
    statutPresence: r.statutPresence,
    justification: r.justification,
    reponduLe: r.answeredAt.toISOString(),
  }));
}

/** Messages: the member's conversations and what they wrote (docs/privacy.md). */
export async function memberMessages(db: DbOrTx, clubId: number, memberId: number) {
  const convs = await db
    .select({
      id: conversations.id,
      titre: conversations.titre,
      type: conversations.type,
      joinedAt: conversationMembers.joinedAt,
      leftAt: conversationMembers.leftAt,
      guardian: conversationMembers.guardian,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.clubId, clubId), eq(conversationMembers.memberId, memberId)))
    .orderBy(asc(conversations.id));
  const written = await db
    .select({
      conversationId: messages.conversationId,
      contenu: messages.contenu,
      createdAt: messages.createdAt,
      deletedAt: messages.deletedAt,
      maskedAt: messages.maskedAt,
    })
    .from(messages)
    .where(and(eq(messages.clubId, clubId), eq(messages.authorId, memberId)))
    .orderBy(asc(messages.id));
  return {
    conversations: convs.map((c) => ({
      id: c.id,
      titre: c.titre,
      type: c.type,
      depuis: c.joinedAt.toISOString(),
      jusquA: c.leftAt?.toISOString() ?? null,
      parent: c.guardian,
    })),
    ecrits: written.map((m) => ({
      conversationId: m.conversationId,
      contenu: m.contenu,
      envoyeLe: m.createdAt.toISOString(),
      statut: (m.deletedAt ? 'SUPPRIME' : m.maskedAt ? 'MASQUE' : 'VISIBLE') as
        'VISIBLE' | 'MASQUE' | 'SUPPRIME',
    })),
  };
}

/** Carpooling: the rides the member offers, and the seats booked for them (by them or a parent). */
export async function memberCarpool(db: DbOrTx, clubId: number, memberId: number) {
  const offers = await db
    .select({
      evenementId: events.id,
      evenement: events.nom,
      places: carpoolOffers.places,
      depart: carpoolOffers.depart,
      heureDepart: carpoolOffers.heureDepart,
      createdAt: carpoolOffers.createdAt,
    })
    .from(carpoolOffers)
    .innerJoin(events, eq(events.id, carpoolOffers.eventId))
    .where(and(eq(carpoolOffers.clubId, clubId), eq(carpoolOffers.driverId, memberId)))
    .orderBy(asc(carpoolOffers.heureDepart), asc(carpoolOffers.id));
  const seats = await db
    .select({
      evenementId: events.id,
      evenement: events.nom,
      depart: carpoolOffers.depart,
      heureDepart: carpoolOffers.heureDepart,
      createdAt: carpoolSeats.createdAt,
    })
    .from(carpoolSeats)
    .innerJoin(carpoolOffers, eq(carpoolOffers.id, carpoolSeats.offerId))
    .innerJoin(events, eq(events.id, carpoolOffers.eventId))
    .where(and(eq(carpoolSeats.clubId, clubId), eq(carpoolSeats.memberId, memberId)))
    .orderBy(asc(carpoolOffers.heureDepart), asc(carpoolOffers.id));
  const wall = (v: string) => v.replace(' ', 'T').slice(0, 19);
  return {
    conduites: offers.map((o) => ({
      evenementId: o.evenementId,
      evenement: o.evenement,
      places: o.places,
      depart: o.depart,
      heureDepart: wall(o.heureDepart),
      creeLe: o.createdAt.toISOString(),
    })),
    places: seats.map((s) => ({
      evenementId: s.evenementId,
      evenement: s.evenement,
      depart: s.depart,
      heureDepart: wall(s.heureDepart),
      reserveeLe: s.createdAt.toISOString(),
    })),
  };
}

/** Volunteer duties: those the member comes for, and those done for them (docs/decisions/0130). */
export async function memberDuties(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      evenementId: events.id,
      evenement: events.nom,
      dateDebut: events.dateDebut,
      tache: duties.libelle,
      pourMembreId: dutyVolunteers.forMemberId,
      createdAt: dutyVolunteers.createdAt,
    })
    .from(dutyVolunteers)
    .innerJoin(duties, eq(duties.id, dutyVolunteers.dutyId))
    .innerJoin(events, eq(events.id, duties.eventId))
    .where(
      and(
        eq(dutyVolunteers.clubId, clubId),
        or(eq(dutyVolunteers.memberId, memberId), eq(dutyVolunteers.forMemberId, memberId)),
      ),
    )
    .orderBy(asc(events.dateDebut), asc(duties.id));
  return rows.map((r) => ({
    evenementId: r.evenementId,
    evenement: r.evenement,
    dateDebut: r.dateDebut.replace(' ', 'T').slice(0, 19),
    tache: r.tache,
    pourMembreId: r.pourMembreId,
    inscritLe: r.createdAt.toISOString(),
  }));
}

/** Sessions: dates, browser and device id; never the refresh token's hash. */
export async function memberSessions(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userAgent: sessions.userAgent,
      deviceFingerprint: sessions.deviceFingerprint,
    })
    .from(sessions)
    .where(and(eq(sessions.clubId, clubId), eq(sessions.memberId, memberId)))
    .orderBy(asc(sessions.createdAt));
  return rows.map((r) => ({
    creeeLe: r.createdAt.toISOString(),
    derniereUtilisation: r.lastUsedAt.toISOString(),
    expireLe: r.expiresAt.toISOString(),
    revoqueeLe: iso(r.revokedAt),
    navigateur: r.userAgent,
    appareil: r.deviceFingerprint,
  }));
}

/** Calendar feeds: filters and dates; never the secret's hash. */
export async function memberFeeds(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      teamId: calendarFeeds.teamId,
      matchesOnly: calendarFeeds.matchesOnly,
      createdAt: calendarFeeds.createdAt,
      revokedAt: calendarFeeds.revokedAt,
    })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.clubId, clubId), eq(calendarFeeds.memberId, memberId)))
    .orderBy(asc(calendarFeeds.createdAt));
  return rows.map((r) => ({
    equipeId: r.teamId,
    matchesSeulement: r.matchesOnly,
    creeLe: r.createdAt.toISOString(),
    revoqueLe: iso(r.revokedAt),
  }));
}

/**
 * The member's devices registered for Web Push: the push service's host, the browser and the date;
 * never the endpoint's path or the keys (they let anyone push to the device).
 */
export async function memberPushDevices(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.memberId, memberId)))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map((r) => {
    let service = '';
    try {
      service = new URL(r.endpoint).host;
    } catch {
      service = '';
    }
    return { service, navigateur: r.userAgent, creeLe: r.createdAt.toISOString() };
  });
}

/** Audit entries made by the member, or about the member's row. */
export async function memberAudit(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select({
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      actorMemberId: auditLog.actorMemberId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.clubId, clubId),
        or(
          eq(auditLog.actorMemberId, memberId),
          and(eq(auditLog.entity, 'member'), eq(auditLog.entityId, memberId)),
        ),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((r) => ({
    date: r.createdAt.toISOString(),
    action: r.action,
    objet: r.entity,
    objetId: r.entityId,
    parCeMembre: r.actorMemberId === memberId,
    details: r.details ?? null,
  }));
}

/** Locks the club's live DIRIGEANT rows; returns their ids. */
export async function lockManagers(db: DbOrTx, clubId: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.clubId, clubId),
        isNull(members.erasedAt),
        sql`upper(${members.role}) = 'DIRIGEANT'`,
      ),
    )
    .for('update');
  return rows.map((r) => r.id);
}

/** The address an erased row keeps: unique, and of a reserved domain that never receives mail. */
export const erasedEmail = (memberId: number) => `membre-supprime-${memberId}@anonyme.invalid`;

/**
 * Erases an account (docs/privacy.md): sessions, one-time tokens, calendar feeds, push
 * subscriptions, teams and guardianships go; answers to events not started yet go (they will never be played with this
 * member); past answers stay, without justification, so that results and attendance counts hold;
 * the member row stays, anonymised, so that those answers point to "Membre supprimé". The e-mail
 * is freed. `nowLocal` is the club's wall clock ('YYYY-MM-DDTHH:mm:ss').
 */
export async function eraseMember(db: DbOrTx, clubId: number, memberId: number, nowLocal: string) {
  const now = new Date();
  await db
    .delete(sessions)
    .where(and(eq(sessions.clubId, clubId), eq(sessions.memberId, memberId)));
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.clubId, clubId), eq(oneTimeTokens.memberId, memberId)));
  await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.clubId, clubId), eq(calendarFeeds.memberId, memberId)));
  // Messages stay in their conversations under « Ancien membre » (the row is anonymised below);
  // the member leaves every conversation, and their reports no longer name them.
  await db
    .delete(conversationMembers)
    .where(and(eq(conversationMembers.clubId, clubId), eq(conversationMembers.memberId, memberId)));
  await db
    .update(messageReports)
    .set({ reporterId: null })
    .where(and(eq(messageReports.clubId, clubId), eq(messageReports.reporterId, memberId)));
  await db
    .delete(livePresence)
    .where(and(eq(livePresence.clubId, clubId), eq(livePresence.memberId, memberId)));
  // The member's devices stop receiving pushes.
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.memberId, memberId)));
  // Their rides (a departure place may be their street) and their seats go; a booked passenger
  // of a ride that goes loses the seat with it; a seat given back frees its place.
  await db
    .update(carpoolOffers)
    .set({ placesPrises: sql`${carpoolOffers.placesPrises} - 1` })
    .where(
      and(
        eq(carpoolOffers.clubId, clubId),
        inArray(
          carpoolOffers.id,
          db
            .select({ id: carpoolSeats.offerId })
            .from(carpoolSeats)
            .where(and(eq(carpoolSeats.clubId, clubId), eq(carpoolSeats.memberId, memberId))),
        ),
      ),
    );
  await db
    .delete(carpoolSeats)
    .where(and(eq(carpoolSeats.clubId, clubId), eq(carpoolSeats.memberId, memberId)));
  await db
    .delete(carpoolOffers)
    .where(and(eq(carpoolOffers.clubId, clubId), eq(carpoolOffers.driverId, memberId)));
  await db
    .delete(teamMemberships)
    .where(and(eq(teamMemberships.clubId, clubId), eq(teamMemberships.memberId, memberId)));
  // Fee exemptions go; payments stay (accounting records, with the name as it was: docs/privacy.md).
  await db
    .delete(feeExemptions)
    .where(and(eq(feeExemptions.clubId, clubId), eq(feeExemptions.memberId, memberId)));
  await db
    .delete(guardians)
    .where(
      and(
        eq(guardians.clubId, clubId),
        or(eq(guardians.parentId, memberId), eq(guardians.childId, memberId)),
      ),
    );
  const upcomingEvents = db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clubId, clubId), sql`${events.dateDebut} > ${nowLocal}::timestamp`));
  const upcomingMatches = db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.clubId, clubId), inArray(matches.eventId, upcomingEvents)));
  const convocationsOf = and(eq(convocations.clubId, clubId), eq(convocations.memberId, memberId));
  await db
    .delete(convocations)
    .where(and(convocationsOf, inArray(convocations.matchId, upcomingMatches)));
  await db.update(convocations).set({ justification: null }).where(convocationsOf);
  const presencesOf = and(eq(eventPresences.clubId, clubId), eq(eventPresences.memberId, memberId));
  await db
    .delete(eventPresences)
    .where(and(presencesOf, inArray(eventPresences.eventId, upcomingEvents)));
  await db.update(eventPresences).set({ justification: null }).where(presencesOf);
  await db
    .update(members)
    .set({
      nom: 'Supprimé',
      prenom: 'Membre',
      email: erasedEmail(memberId),
      dateNaissance: null,
      genre: null,
      telephone: null,
      numeroLicence: null,
      statut: 'Actif',
      taille: null,
      poids: null,
      numero: null,
      poste: null,
      avatarUrl: null,
      passwordHash: null,
      passwordChangedAt: null,
      activatedAt: null,
      notificationEmails: false,
      notificationPrefs: {},
      partageCoordonnees: false,
      teamId: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(and(eq(members.clubId, clubId), eq(members.id, memberId)));
}

/** The member's fee payments, every season, cancelled ones marked (docs/privacy.md). */
export async function memberPayments(db: DbOrTx, clubId: number, memberId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clubId, clubId), eq(payments.memberId, memberId)))
    .orderBy(asc(payments.date), asc(payments.id));
  return rows.map((p) => ({
    saison: `${p.season}-${p.season + 1}`,
    date: p.date,
    montant: p.montant,
    moyen: p.moyen,
    reference: p.reference,
    annuleLe: iso(p.cancelledAt),
  }));
}
