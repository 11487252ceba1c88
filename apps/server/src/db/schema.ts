import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension). */
const citext = customType<{ data: string }>({ dataType: () => 'citext' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const sports = pgTable('sports', {
  id: serial('id').primaryKey(),
  nom: citext('nom').notNull().unique(),
});

export const clubs = pgTable('clubs', {
  id: serial('id').primaryKey(),
  nom: citext('nom').notNull().unique(),
  sportId: integer('sport_id').references(() => sports.id, { onDelete: 'restrict' }),
  description: text('description'),
  pays: text('pays'),
  ville: text('ville'),
  adresse: text('adresse'),
  telephone: text('telephone'),
  timezone: text('timezone').notNull().default('Europe/Paris'),
  /** The month (1–12) the sports season starts in; age categories follow it (contract season.ts). */
  seasonStartMonth: smallint('season_start_month').notNull().default(7),
  /** Members younger than this neither send nor receive messages; 0: no limit (decision 0121). */
  messagingMinimumAge: smallint('messaging_minimum_age').notNull().default(0),
  /** Messages are kept this many seasons, the current one included (the daily retention job). */
  messagesRetentionSeasons: smallint('messages_retention_seasons').notNull().default(2),
  logo: bytea('logo'),
  logoMime: text('logo_mime'),
  logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    categorie: text('categorie').notNull(),
    division: text('division').notNull(),
    /** Trainings count the players present unless they answer Absent. */
    presentParDefaut: boolean('present_par_defaut').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_club_nom_unique').on(t.clubId, sql`lower(${t.nom})`),
    index('teams_club_cat_div_idx').on(t.clubId, t.categorie, t.division),
  ],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    dateNaissance: date('date_naissance', { mode: 'string' }),
    genre: text('genre'),
    /**
     * Null for a minor who has a guardian (docs/decisions/0111): their mails go to the guardians.
     * Unique in a club; an account (one e-mail, one password) has a row in each of its clubs
     * (docs/decisions/0112).
     */
    email: citext('email'),
    telephone: text('telephone'),
    numeroLicence: text('numero_licence'),
    /**
     * The principal hat, the spec's `role` (DIRIGEANT > RESPONSABLE > ENTRAINEUR > JOUEUR >
     * PARENT), kept equal to the hats below by the triggers of migration 0016
     * (`members_principal_role`, the contract's `principalRole`); written alone, it is the spec's
     * single role (a leader role becomes the club role). Without any hat it is the team role the
     * member was given.
     */
    role: text('role').notNull(),
    /** The club role (hats): DIRIGEANT, RESPONSABLE or null (docs/architecture.md §7). */
    clubRole: text('club_role'),
    statut: text('statut').notNull().default('Actif'),
    taille: smallint('taille'),
    poids: smallint('poids'),
    numero: smallint('numero'),
    poste: text('poste'),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Notification e-mails (convocations, reminders, summaries) wanted. */
    notificationEmails: boolean('notification_emails').notNull().default(true),
    /**
     * The notification kinds turned off per channel, e.g. {"annonces": {"push": false}}
     * (contract `StoredChannelPreferences`); every kind and channel not named is on.
     */
    notificationPrefs: jsonb('notification_prefs').notNull().default({}),
    /**
     * The member's own choice to show e-mail and phone to the players and parents of their teams
     * (default off; never for a minor: packages/contract/src/privacy.ts, docs/privacy.md).
     */
    partageCoordonnees: boolean('partage_coordonnees').notNull().default(false),
    /**
     * Set when the member deleted their account: the row stays, anonymised, so that past results
     * and attendance counts hold (docs/privacy.md); it is in no list and cannot sign in.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('members_club_idx').on(t.clubId, t.nom, t.prenom),
    index('members_club_team_idx').on(t.clubId, t.teamId),
    index('members_club_role_idx').on(t.clubId, t.role),
    uniqueIndex('members_club_email_unique').on(t.clubId, t.email),
    index('members_email_idx').on(t.email),
    check(
      'members_club_role',
      sql`${t.clubRole} is null or ${t.clubRole} in ('DIRIGEANT', 'RESPONSABLE')`,
    ),
  ],
);

/**
 * A member's teams (docs/architecture.md §5): several per member. `members.team_id` stays the
 * primary team (the spec's idEquipe / nomEquipe) and always has its row here; "own team" means any
 * row here.
 */
export const teamMemberships = pgTable(
  'team_memberships',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /**
     * The member's role in this team (hats): ENTRAINEUR, JOUEUR, PARENT (a family member following
     * the team) or null (attached without a team role: a leader's team). Inserted without one, it
     * takes the member's team role (migration 0016).
     */
    role: text('role'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.memberId] }),
    index('team_memberships_member_idx').on(t.clubId, t.memberId),
    check(
      'team_memberships_role',
      sql`${t.role} is null or ${t.role} in ('ENTRAINEUR', 'JOUEUR', 'PARENT')`,
    ),
  ],
);

/** A guardian (any adult of the club) and their children (members of the same club): several of each. */
export const guardians = pgTable(
  'guardians',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    index('guardians_child_idx').on(t.clubId, t.childId),
    check('guardians_not_self', sql`${t.parentId} <> ${t.childId}`),
  ],
);

/**
 * A deleted member's rows, kept for the undo window only (decision 0087): the member, their team
 * memberships, guardian links, answers (convocations, presences), read receipts, calendar feeds,
 * pending one-time tokens and push subscriptions, as JSON of each table's rows, and the ids whose
 * reference to the member was set null. POST /api/membres/{id}/restaurer puts them back before
 * `expires_at`; a job deletes the row when the window ends (the retention job as a safety net).
 */
export const memberDeletions = pgTable(
  'member_deletions',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    /** The deleted member's id (no reference: the row is gone). */
    memberId: integer('member_id').notNull(),
    deletedBy: integer('deleted_by').references(() => members.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_deletions_member_idx').on(t.clubId, t.memberId),
    index('member_deletions_expires_idx').on(t.expiresAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    deviceFingerprint: text('device_fingerprint'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_member_idx').on(t.memberId),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_previous_token_idx').on(t.previousTokenHash),
  ],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'invitation'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_member_idx').on(t.memberId, t.purpose)],
);

/**
 * Secret iCalendar URLs (decision 0023): one live feed per member; only the token's hash is stored.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    teamId: integer('equipe_id').references(() => teams.id, { onDelete: 'cascade' }),
    matchesOnly: boolean('matches_seulement').notNull().default(false),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('calendar_feeds_member_idx').on(t.clubId, t.memberId)],
);

/**
 * A recurring series of events (decision 0024): its RFC 5545 RRULE on the club's wall clock, the
 * dates it skips, and its first start. Occurrences are materialised as rows of `events`
 * (series_id).
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    rrule: text('rrule').notNull(),
    /** 'YYYY-MM-DD' dates the rule skips (typed exclusions and deleted occurrences). */
    exclusions: jsonb('exclusions').$type<string[]>().notNull().default([]),
    /** Wall-clock start of the rule (DTSTART). */
    dtstart: timestamp('dtstart', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('event_series_club_idx').on(t.clubId)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    type: text('type').notNull(),
    /** Club-local wall-clock times (no zone), as the spec's client sends them. */
    dateDebut: timestamp('date_debut', { mode: 'string' }).notNull(),
    dateFin: timestamp('date_fin', { mode: 'string' }).notNull(),
    lieux: text('lieux').notNull(),
    /** Meeting time (club wall clock, at or before date_debut) and place, both optional. */
    rendezVous: timestamp('rendez_vous', { mode: 'string' }),
    lieuRendezVous: text('lieu_rendez_vous'),
    /** Recurring events: the series, the rule's date of this occurrence, whether it was changed alone. */
    seriesId: integer('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    detached: boolean('detached').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_club_date_idx').on(t.clubId, t.dateDebut),
    index('events_series_idx').on(t.seriesId, t.occurrenceDate),
  ],
);

export const eventTeams = pgTable(
  'event_teams',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.teamId] }),
    index('event_teams_team_idx').on(t.clubId, t.teamId),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .unique()
      .references(() => events.id, { onDelete: 'cascade' }),
    homeTeamId: integer('home_team_id').references(() => teams.id, { onDelete: 'set null' }),
    awayTeamId: integer('away_team_id').references(() => teams.id, { onDelete: 'set null' }),
    opponentName: text('opponent_name'),
    scoreDomicile: smallint('score_domicile'),
    scoreExterieur: smallint('score_exterieur'),
    cancelled: boolean('cancelled').notNull().default(false),
    /** Whether the base team plays at home (true) or away (false). */
    domicile: boolean('domicile').notNull().default(true),
    /** When the coach last published the selection (null: never). */
    selectionPublishedAt: timestamp('selection_published_at', { withTimezone: true }),
    /** When the match was created: the default reply deadline is never earlier than this + 12 h. */
    createdAt: createdAt(),
    /** Reply deadline (club wall clock); null = 48 h before the start. */
    replyDeadline: timestamp('reply_deadline', { mode: 'string' }),
    /** The deadline (effective, wall clock) whose reminder / summary went out: each once. */
    reminderSentFor: timestamp('reminder_sent_for', { mode: 'string' }),
    summarySentFor: timestamp('summary_sent_for', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('matches_club_home_idx').on(t.clubId, t.homeTeamId),
    index('matches_club_away_idx').on(t.clubId, t.awayTeamId),
  ],
);

export const convocations = pgTable(
  'convocations',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    statutPresence: text('statut_presence'),
    justification: text('justification'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The coach's working selection: SELECTIONNE | REMPLACANT | NON_RETENU | null. */
    selection: text('selection'),
    /** The selection as last published (what the player sees and was mailed). */
    selectionPublished: text('selection_published'),
  },
  (t) => [
    uniqueIndex('convocations_match_member_unique').on(t.matchId, t.memberId),
    index('convocations_club_member_idx').on(t.clubId, t.memberId),
  ],
);

/**
 * The match sheet (decision 0125): who starts, who is a substitute, shirt numbers. No row for a
 * match: the sheet is the published selection (SELECTIONNE starts, REMPLACANT on the bench).
 */
export const matchSheetPlayers = pgTable(
  'match_sheet_players',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    starter: boolean('titulaire').notNull(),
    number: smallint('numero'),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.memberId] }),
    index('match_sheet_players_member_idx').on(t.clubId, t.memberId),
  ],
);

/**
 * Live actions of a match (decision 0126): the minute, the sport's type, the player (none for the
 * opponent's), the opponent's points, the idempotency key of an offline replay.
 */
export const matchActions = pgTable(
  'match_actions',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    minute: smallint('minute').notNull(),
    type: text('type').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    points: smallint('points'),
    key: text('cle'),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('match_actions_match_idx').on(t.clubId, t.matchId, t.minute),
    index('match_actions_member_idx').on(t.clubId, t.memberId),
    uniqueIndex('match_actions_cle_idx')
      .on(t.matchId, t.key)
      .where(sql`${t.key} is not null`),
  ],
);

/** The revocable public link of a match's live (decision 0127): only the token's hash is kept. */
export const matchPublicLinks = pgTable(
  'match_public_links',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('match_public_links_match_idx').on(t.clubId, t.matchId)],
);

/**
 * A convocation notification waiting for its burst of edits to end (one row per match;
 * `kind` CREATED wins over CHANGED; the sending job deletes the row it sends).
 */
export const pendingMatchNotifications = pgTable('pending_match_notifications', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  clubId: integer('club_id')
    .notNull()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** Whether the match was cancelled when the burst began (a cancel then undo sends nothing). */
  wasCancelled: boolean('was_cancelled').notNull().default(false),
  createdAt: createdAt(),
});

/** Attendance answers of trainings (ENTRAINEMENT events), one row per player. */
export const eventPresences = pgTable(
  'event_presences',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    statutPresence: text('statut_presence').notNull(),
    justification: text('justification'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.memberId] }),
    index('event_presences_club_member_idx').on(t.clubId, t.memberId),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().unique(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    sujet: text('sujet').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Retention: messages older than 12 months are purged (jobs/retention.ts).
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    actorMemberId: integer('actor_member_id').references(() => members.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_club_idx').on(t.clubId, t.createdAt),
    // Retention: entries older than 3 years are purged across clubs (jobs/retention.ts).
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * Idempotency keys (decision 0027): the first answer to a write sent with an `Idempotency-Key`
 * header, replayed when the same member sends the same key again (plugins/idempotency.ts). A row
 * without a status is a write in progress; `lockedUntil` bounds how long it blocks a retry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.memberId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Announcements to the club (`clubWide`) or to teams (`announcement_teams`). Their audience is
 * computed when read (features/announcements); `remindedAt` spaces the reminders to non-readers.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => members.id, { onDelete: 'set null' }),
    titre: text('titre').notNull(),
    contenu: text('contenu').notNull(),
    /** True: every member of the club. False: the teams of announcement_teams (none left: nobody). */
    clubWide: boolean('club_wide').notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_club_idx').on(t.clubId, t.createdAt)],
);

export const announcementTeams = pgTable(
  'announcement_teams',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.teamId] }),
    index('announcement_teams_team_idx').on(t.clubId, t.teamId),
  ],
);

/** Who opened which announcement, and when (the read receipts). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.memberId] }),
    index('announcement_reads_member_idx').on(t.clubId, t.memberId),
  ],
);

/**
 * Web Push subscriptions, one per device (browser profile) of a member. The endpoint is unique
 * within a club: a device re-subscribed by another member of the club moves to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_club_endpoint_unique').on(t.clubId, t.endpoint),
    index('push_subscriptions_member_idx').on(t.clubId, t.memberId),
  ],
);

/**
 * Carpooling for an event: a member (or a parent) offers `places` seats; `placesPrises` counts the
 * booked seats. The CHECK keeps it within 0..places, so the database itself refuses an
 * overbooking (docs/decisions/0061-carpool-seats-in-the-database.md).
 */
export const carpoolOffers = pgTable(
  'carpool_offers',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    places: smallint('places').notNull(),
    placesPrises: smallint('places_prises').notNull().default(0),
    depart: text('depart').notNull(),
    /** Departure time, club wall clock. */
    heureDepart: timestamp('heure_depart', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('carpool_offers_event_idx').on(t.clubId, t.eventId),
    check('carpool_offers_places_check', sql`${t.places} between 1 and 8`),
    check(
      'carpool_offers_seats_check',
      sql`${t.placesPrises} >= 0 and ${t.placesPrises} <= ${t.places}`,
    ),
  ],
);

/** One booked seat: a passenger (a member, booked by themself or a parent) of an offer. */
export const carpoolSeats = pgTable(
  'carpool_seats',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => carpoolOffers.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    bookedBy: integer('booked_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.memberId] }),
    index('carpool_seats_member_idx').on(t.clubId, t.memberId),
  ],
);

/**
 * A volunteer duty of an event (docs/decisions/0130-volunteer-duties.md): « Buvette », 2 places.
 * `placesPrises` counts the volunteers; the CHECK keeps it within 0..places, so the database
 * itself refuses an overbooking, as for carpool seats.
 */
export const duties = pgTable(
  'duties',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    libelle: text('libelle').notNull(),
    places: smallint('places').notNull(),
    placesPrises: smallint('places_prises').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('duties_event_idx').on(t.clubId, t.eventId),
    uniqueIndex('duties_event_libelle_unique').on(t.eventId, t.libelle),
    check('duties_places_check', sql`${t.places} between 1 and 20`),
    check('duties_taken_check', sql`${t.placesPrises} >= 0 and ${t.placesPrises} <= ${t.places}`),
  ],
);

/**
 * A volunteer of a duty: the member who comes, and the child it is done for when a guardian
 * signed up for their child (it counts for the family). `remindedAt`: the reminder went out.
 */
export const dutyVolunteers = pgTable(
  'duty_volunteers',
  {
    dutyId: integer('duty_id')
      .notNull()
      .references(() => duties.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    forMemberId: integer('for_member_id').references(() => members.id, { onDelete: 'set null' }),
    signedUpBy: integer('signed_up_by').references(() => members.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dutyId, t.memberId] }),
    index('duty_volunteers_member_idx').on(t.clubId, t.memberId),
    index('duty_volunteers_for_member_idx').on(t.clubId, t.forMemberId),
  ],
);

/**
 * A team's duty template: added to every new event of one of `types` of that team (migration
 * 0021's trigger on event_teams).
 */
export const dutyTemplates = pgTable(
  'duty_templates',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    libelle: text('libelle').notNull(),
    places: smallint('places').notNull(),
    types: text('types').array().notNull(),
  },
  (t) => [
    index('duty_templates_team_idx').on(t.clubId, t.teamId),
    check('duty_templates_places_check', sql`${t.places} between 1 and 20`),
  ],
);

/**
 * A season's fee settings (docs/decisions/0135-membership-fees.md): the family discount (percent
 * from the second member of a family) and the payment deadline. `season` is the season's first
 * year (2025 for 2025-2026).
 */
export const feeSeasons = pgTable(
  'fee_seasons',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    season: smallint('season').notNull(),
    reductionFamille: smallint('reduction_famille').notNull().default(0),
    dateLimite: date('date_limite', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.season] }),
    check('fee_seasons_discount_check', sql`${t.reductionFamille} between 0 and 100`),
  ],
);

/** A season's tariff: an amount in cents for some age categories (contract season.ts). */
export const feeTariffs = pgTable(
  'fee_tariffs',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    season: smallint('season').notNull(),
    position: smallint('position').notNull(),
    libelle: text('libelle').notNull(),
    categories: text('categories').array().notNull(),
    montant: integer('montant').notNull(),
  },
  (t) => [
    index('fee_tariffs_season_idx').on(t.clubId, t.season),
    check('fee_tariffs_amount_check', sql`${t.montant} >= 0`),
  ],
);

/** A member exempted from the season's fee (an educator's child, a volunteer), and why. */
export const feeExemptions = pgTable(
  'fee_exemptions',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    season: smallint('season').notNull(),
    motif: text('motif'),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.season, t.memberId] })],
);

/**
 * A payment of a member's fee: an accounting record, kept 10 years (docs/privacy.md). It outlives
 * the member (reference set null, the names as they were kept beside it) and is never deleted by
 * a leader: a cancellation marks it (who, when) and it no longer counts. `provider` and
 * `providerRef` name an online payment provider's transaction (docs/decisions/0137-online-payment-provider.md).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    memberNom: text('member_nom').notNull(),
    memberPrenom: text('member_prenom').notNull(),
    season: smallint('season').notNull(),
    montant: integer('montant').notNull(),
    moyen: text('moyen').notNull(),
    /** The day the club received it. */
    date: date('date', { mode: 'string' }).notNull(),
    reference: text('reference'),
    /** Cheques handed together and the days they are cashed: [{date, montant}]. */
    echeances: jsonb('echeances').notNull().default([]),
    recordedBy: integer('recorded_by').references(() => members.id, { onDelete: 'set null' }),
    recordedByNom: text('recorded_by_nom'),
    recordedByPrenom: text('recorded_by_prenom'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => members.id, { onDelete: 'set null' }),
    cancelledByNom: text('cancelled_by_nom'),
    cancelledByPrenom: text('cancelled_by_prenom'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
  },
  (t) => [
    index('payments_season_member_idx').on(t.clubId, t.season, t.memberId),
    // Retention: payments are purged 10 years after their date (jobs/retention.ts).
    index('payments_date_idx').on(t.date),
    // A Pass'Sport code is used once in a club (a cancelled payment frees it).
    uniqueIndex('payments_pass_sport_unique')
      .on(t.clubId, t.reference)
      .where(sql`${t.moyen} = 'PASS_SPORT' and ${t.cancelledAt} is null`),
    // A provider's notification of one payment, received twice, records it once.
    uniqueIndex('payments_provider_unique')
      .on(t.clubId, t.provider, t.providerRef)
      .where(sql`${t.provider} is not null`),
    check('payments_amount_check', sql`${t.montant} > 0`),
    check(
      'payments_method_check',
      sql`${t.moyen} in ('CB', 'CHEQUE', 'ESPECES', 'VIREMENT', 'PASS_SPORT', 'COUPON_SPORT', 'AUTRE')`,
    ),
  ],
);

/**
 * The live stream's events (docs/decisions/0120-live-stream.md): written by the transaction of
 * the change they announce (none if it rolls back), announced to every instance by a trigger's
 * NOTIFY live_events at commit, and kept for a short replay window so that a stream reconnecting
 * with Last-Event-ID misses nothing. Within a club, ids are committed in increasing order (the
 * publisher holds the club's advisory lock from the id's allocation to the commit).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    /** message | lecture | convocation | match (packages/contract/src/live.ts). */
    type: text('type').notNull(),
    /** Who receives it: `{regle, cible}` or `{membres}` (TLiveAudience). */
    audience: jsonb('audience').notNull(),
    /** What it names: ids only (TLiveEventData). */
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_club_idx').on(t.clubId, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);

/**
 * A conversation of a team, of an event, or a group of members (docs/decisions/0121-conversations-and-safeguarding.md).
 * Its participants are rows of `conversation_members`, kept in step with the team (or the
 * event's teams) whenever it is read or written.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    /** EQUIPE | EVENEMENT | GROUPE */
    type: text('type').notNull(),
    titre: text('titre'),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    index('conversations_team_idx').on(t.clubId, t.teamId),
    index('conversations_event_idx').on(t.clubId, t.eventId),
  ],
);

/**
 * Who takes part in a conversation: since `joinedAt`, until `leftAt` (left the team: reads, read
 * only, what was sent before). `guardian`: there as the parent of a minor participant.
 * `lastReadId`: the read mark; `notifiedId`: the last message a push was sent for.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    guardian: boolean('guardian').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    lastReadId: integer('last_read_id').notNull().default(0),
    notifiedId: integer('notified_id').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index('conversation_members_member_idx').on(t.clubId, t.memberId),
  ],
);

/** A message: plain text; deleted by its author (`deletedAt`) or masked by a leader (`maskedAt`). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => members.id, { onDelete: 'set null' }),
    contenu: text('contenu').notNull(),
    /** The sender's idempotency key (offline queue): one message per author and key. */
    cle: text('cle'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    maskedAt: timestamp('masked_at', { withTimezone: true }),
    maskedBy: integer('masked_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.clubId, t.conversationId, t.id),
    index('messages_author_idx').on(t.clubId, t.authorId),
    index('messages_created_idx').on(t.createdAt),
    uniqueIndex('messages_cle_idx')
      .on(t.conversationId, t.authorId, t.cle)
      .where(sql`${t.cle} is not null`),
  ],
);

/** A report of a message to the club's leaders. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => members.id, { onDelete: 'set null' }),
    motif: text('motif').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_reports_message_idx').on(t.clubId, t.messageId)],
);

/**
 * Members with a live stream open on some instance, refreshed at each keep-alive: a member seen
 * within a minute gets no Web Push for a new message (the stream shows it).
 */
export const livePresence = pgTable(
  'live_presence',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_presence_club_idx').on(t.clubId)],
);
