import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type PgBoss from 'pg-boss';
import {
  ANSWER_LINK_PAGE_PATH,
  REMINDER_BEFORE_DEADLINE_HOURS,
  displayMemberStatus,
  isActiveStatus,
  replyDeadline,
  wantsNotification,
  type NotificationKind,
} from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionExecutor, type JobQueue } from '../../jobs/job-queue.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import type { Mail, MailCondition, Mailer } from '../../plugins/mailer.ts';
import {
  convocationMail,
  digestMail,
  withdrawalMail,
  withdrawalSubject,
  frenchDateTime,
  mailMatchName,
  notKeptPush,
  selectionMail,
  SELECTION_SUBJECTS,
  type SelectionMailKind,
  summaryMail,
  SUBJECTS,
  type ConvocationMailKind,
  type Links,
  type MatchMailInfo,
} from './notifications.mails.ts';
import {
  notificationsRepository as repo,
  type MatchInfo,
  type PendingKind,
  type Recipient,
} from './notifications.repository.ts';
import { unsubscribeLinks } from './notifications.links.ts';
import { afterQuietHours, instantOf, type QuietHours } from './notifications.time.ts';
import type { LinkTokens } from './notifications.tokens.ts';

export const MATCH_NOTIFICATION_QUEUE = 'match-notification';
export const MATCH_REMINDER_QUEUE = 'match-reminder';
export const MATCH_SUMMARY_QUEUE = 'match-summary';
const QUEUES = [MATCH_NOTIFICATION_QUEUE, MATCH_REMINDER_QUEUE, MATCH_SUMMARY_QUEUE];

interface MatchJob {
  clubId: number;
  matchId: number;
}
interface DeadlineJob extends MatchJob {
  /** The effective deadline (club wall clock) the job was queued for: stale when it changed. */
  deadline: string;
}

export interface MatchNotifier {
  /**
   * A match was created, moved (date, time, place) or its cancellation toggled: inside the
   * write's transaction. The first change of a burst queues the sending job after the delay (and
   * the quiet hours); later changes of the burst join it.
   */
  matchChanged(
    tx: DbOrTx,
    clubId: number,
    matchId: number,
    change: PendingKind,
    /** Whether the match was cancelled before this change (read from the match when omitted). */
    wasCancelled?: boolean,
  ): Promise<void>;
  /** The reply deadline may have changed (match created or moved, deadline set): queue its jobs. */
  deadlineChanged(tx: DbOrTx, clubId: number, matchId: number): Promise<void>;
  /**
   * Players newly convoked to an existing match (its base team changed, or they joined the team):
   * their convocation mail, in the write's transaction. Nothing while the match's creation burst
   * is pending (its mail goes to every player convoked when it leaves), nor for a cancelled or
   * started match.
   */
  playersConvoked(tx: DbOrTx, clubId: number, matchId: number, memberIds: number[]): Promise<void>;
  /**
   * Players whose convocation was just withdrawn (the match moved to another team, or they left
   * its team; decision 0107): « Vous n'êtes plus convoqué(e) pour … » to each (and their
   * guardians), in the write's transaction. Nothing when they never heard of the match (creation
   * burst pending), already know it cancelled, or it has started; as for a convocation, only ACTIF
   * players (the others were not mailed) and activated accounts.
   */
  playersWithdrawn(tx: DbOrTx, clubId: number, matchId: number, memberIds: number[]): Promise<void>;
  /**
   * A match is about to be deleted (its event is): the cancellation mail to its convoked players,
   * read now since the rows go with the match, in the delete's transaction. Nothing when the
   * players never heard of the match (creation burst pending), already know it cancelled, or it
   * has started.
   */
  matchDeleted(tx: DbOrTx, clubId: number, matchId: number): Promise<void>;
  /**
   * The selection was published: each player whose published selection changed (and their
   * guardians) is told once, in the write's transaction.
   */
  selectionPublished(
    tx: DbOrTx,
    clubId: number,
    matchId: number,
    changed: readonly { memberId: number; selection: string | null }[],
  ): Promise<void>;
  /**
   * A member joined a team with upcoming matches (convoked to `matchIds`): one digest mail listing
   * them instead of one mail per match; nothing while the member has not activated their account
   * (the invitation is then the only mail), nor for a member who is not ACTIF.
   */
  memberConvoked(tx: DbOrTx, clubId: number, memberId: number, matchIds: number[]): Promise<void>;
}

/** One push notification (features/push), named without importing it: push depends on this module. */
type PushNotification = Parameters<FastifyInstance['push']['notifyMany']>[1][number];

/** Which preference (kind of notification) each convocation mail falls under. */
const KIND_OF: Record<ConvocationMailKind, NotificationKind> = {
  CREATED: 'convocations',
  CHANGED: 'changements',
  RESTORED: 'changements',
  CANCELLED: 'annulations',
  REMINDER: 'rappels',
};

export interface NotificationDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  /** Web Push (features/push): the same notifications on the members' devices. */
  push: FastifyInstance['push'];
  tokens: LinkTokens;
  publicUrl: string;
  delaySeconds: number;
  quietHours: QuietHours | null;
  log: FastifyBaseLogger;
  clock: Clock;
  /** The embedded database: one process, one mail worker, no transaction held over SMTP. */
  embedded: boolean;
}

/** The condition of a selection mail: the player's published selection is still this one. */
export const SELECTION_MAIL_CONDITION = 'selection-publiee';

/** The team's matches page of the web app (where a convocation is answered). */
function matchesPage(m: MatchInfo): string {
  const club = encodeURIComponent(m.clubNom);
  return m.homeTeamNom
    ? `/${club}/${encodeURIComponent(m.homeTeamNom)}/matche`
    : `/${club}/dashboard`;
}

/** The push of a convocation notification: the mail's subject, then the essentials. */
function convocationPush(
  kind: ConvocationMailKind,
  info: MatchMailInfo,
  m: MatchInfo,
  child: { prenom: string; nom: string } | null,
) {
  const who = child ? `${child.prenom} ${child.nom}` : null;
  const when = `${frenchDateTime(info.dateDebut)} · ${info.lieux}`;
  const corps: Record<ConvocationMailKind, string> = {
    CREATED: `${who ? `${who} est convoqué(e). ` : ''}${when}. Réponse attendue avant le ${frenchDateTime(info.dateLimiteReponse)}.`,
    CHANGED: `Nouvelles informations : ${when}.`,
    RESTORED: `Le match aura bien lieu : ${when}.`,
    CANCELLED: `${who ? `Pour ${who} : ` : ''}le match du ${frenchDateTime(info.dateDebut)} est annulé.`,
    REMINDER: `${who ? `${who} n’a` : 'Vous n’avez'} pas encore répondu. Réponse attendue avant le ${frenchDateTime(info.dateLimiteReponse)}.`,
  };
  return { titre: SUBJECTS[kind](info), corps: corps[kind], url: matchesPage(m) };
}

/**
 * Who of a player and their guardians gets the mail: an activated account (before that the
 * invitation is the only mail) with an address. A child without e-mail (decision 0111) never has
 * one: their guardians are told, each with the child's name.
 */
function reachable<R extends { to: Recipient }>(
  r: R,
): r is R & { to: Recipient & { email: string } } {
  return r.to.activated && r.to.email !== null;
}

export function createNotifier(deps: NotificationDeps): MatchNotifier & {
  createQueues(): Promise<void>;
  work(): void;
} {
  const { boss } = deps.jobs;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const log = deps.log.child({ feature: 'notifications' });

  const unsubscribe = unsubscribeLinks(deps.publicUrl, deps.tokens);
  const linksFor = (clubId: number, member: Recipient): Links => unsubscribe(clubId, member.id);
  const answerLinks = (clubId: number, matchId: number, playerId: number) => {
    const jeton = encodeURIComponent(deps.tokens.answer({ clubId, matchId, playerId }));
    const page = `${base}${ANSWER_LINK_PAGE_PATH}?jeton=${jeton}`;
    return { present: `${page}&presence=DISPONIBLE`, absent: `${page}&presence=INDISPONIBLE` };
  };
  const mailInfo = (m: MatchInfo): MatchMailInfo => ({
    clubNom: m.clubNom,
    nom: m.nom,
    dateDebut: m.dateDebut,
    lieux: m.lieux,
    equipe: m.homeTeamNom ?? '-',
    adversaire: m.awayNom,
    domicile: m.domicile,
    rendezVous: m.rendezVous,
    lieuRendezVous: m.lieuRendezVous,
    dateLimiteReponse: replyDeadline({
      dateDebut: m.dateDebut,
      dateLimiteReponse: m.replyDeadline,
      creeLe: m.creeLe,
    }),
  });
  /**
   * A selection mail goes only while the player's published selection is the one it tells; on
   * PostgreSQL, under the player's lock for that match, so that two instances never send two of
   * them at once (the older could arrive last). The embedded database has one process whose one
   * mail worker sends one mail at a time: no lock (it would hold the only connection over SMTP).
   */
  deps.mailer.guardDelivery(SELECTION_MAIL_CONDITION, async (key, deliver) => {
    const { clubId, matchId, memberId, selection } = key as {
      clubId: number;
      matchId: number;
      memberId: number;
      selection: string;
    };
    const current = (db: DbOrTx) => repo.publishedSelection(db, clubId, matchId, memberId);
    if (deps.embedded) {
      if ((await current(deps.db)) !== selection) return false;
      await deliver();
      return true;
    }
    return deps.db.transaction(async (tx) => {
      await repo.lockSelectionMail(tx, clubId, matchId, memberId);
      if ((await current(tx)) !== selection) return false;
      await deliver();
      return true;
    });
  });

  const startedAt = (m: MatchInfo, now: Date) => clubLocalDateTime(m.timezone, now) >= m.dateDebut;
  const at = (timezone: string, when: Date) => afterQuietHours(when, timezone, deps.quietHours);

  /** The convocation mails of `kind` to each player (and guardian) of `players`, in `tx`. */
  async function mailPlayers(
    tx: DbOrTx,
    m: MatchInfo,
    kind: ConvocationMailKind,
    onlyUnanswered: boolean,
    onlyIds?: ReadonlySet<number>,
  ): Promise<number> {
    const all = await repo.convokedPlayers(tx, m.clubId, m.id);
    const players = onlyIds ? all.filter((p) => onlyIds.has(p.id)) : all;
    const info = mailInfo(m);
    const db = transactionExecutor(tx);
    const notificationKind = KIND_OF[kind];
    // Gathered, then queued in two statements (every push, every mail): one round trip per
    // recipient made a team's notification the slowest write (bench/README.md, « A week »).
    const pushes: PushNotification[] = [];
    const mails: Mail[] = [];
    for (const p of players) {
      if (onlyUnanswered && p.statutPresence !== null) continue;
      // Only ACTIF players are asked (an injured or suspended player is not mailed; the coach
      // answers for them on the page).
      if (!isActiveStatus(p.statut)) continue;
      const answer = kind !== 'CANCELLED' ? answerLinks(m.clubId, m.id, p.id) : null;
      // Before their account exists, members get the invitation only (and a parent's own
      // account likewise): the convocation reaches whoever of them has activated theirs.
      const recipients = [
        { to: p as Recipient, child: null as { prenom: string; nom: string } | null },
        ...p.guardians.map((g) => ({ to: g, child: { prenom: p.prenom, nom: p.nom } })),
      ].filter(reachable);
      for (const r of recipients) {
        pushes.push({
          clubId: m.clubId,
          timezone: m.timezone,
          memberIds: [r.to.id],
          kind: notificationKind,
          message: convocationPush(kind, info, m, r.child),
        });
        if (!wantsNotification(r.to, notificationKind, 'email')) continue;
        mails.push(
          convocationMail({
            kind,
            to: r.to,
            child: r.child,
            match: info,
            answer,
            links: linksFor(m.clubId, r.to),
          }),
        );
      }
    }
    await deps.push.notifyMany(tx, pushes);
    await deps.mailer.sendMany(mails, { db });
    return mails.length;
  }

  /** The job at the end of a burst: one mail per recipient for the whole burst. */
  async function sendNotification(job: PgBoss.JobWithMetadata<MatchJob>) {
    const { clubId, matchId } = job.data;
    const sent = await deps.db.transaction(async (tx) => {
      const pending = await repo.takePending(tx, clubId, matchId);
      if (!pending) return 0; // another instance sent it, or the match is gone
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m) return 0;
      let kind: ConvocationMailKind | null;
      if (m.cancelled)
        kind = pending.kind === 'CREATED' || pending.wasCancelled ? null : 'CANCELLED';
      else if (startedAt(m, deps.clock.now())) kind = null;
      else if (pending.kind === 'CREATED') kind = 'CREATED';
      else if (pending.wasCancelled) kind = 'RESTORED';
      else if (pending.kind === 'CHANGED') kind = 'CHANGED';
      else kind = null;
      return kind ? mailPlayers(tx, m, kind, false) : 0;
    });
    if (sent) deps.jobs.notify('mail');
    log.info({ matchId, mails: sent }, 'notification de convocation traitée');
  }

  /** Loads the match for a deadline job; undefined when the job is stale or out of time. */
  async function deadlineMatch(tx: DbOrTx, job: DeadlineJob) {
    const m = await repo.matchInfo(tx, job.clubId, job.matchId);
    if (!m || m.cancelled) return undefined;
    const deadline = replyDeadline({
      dateDebut: m.dateDebut,
      dateLimiteReponse: m.replyDeadline,
      creeLe: m.creeLe,
    });
    if (deadline !== job.deadline) return undefined; // moved since: a newer job is queued
    return { m, deadline };
  }

  async function sendReminder(job: PgBoss.JobWithMetadata<DeadlineJob>) {
    const sent = await deps.db.transaction(async (tx) => {
      const found = await deadlineMatch(tx, job.data);
      if (!found) return 0;
      const { m, deadline } = found;
      const nowLocal = clubLocalDateTime(m.timezone, deps.clock.now());
      if (nowLocal >= deadline || nowLocal >= m.dateDebut) return 0; // too late for a reminder
      if (!(await repo.claimDeadlineMail(tx, m.clubId, m.id, 'reminder', deadline))) return 0;
      return mailPlayers(tx, m, 'REMINDER', true);
    });
    if (sent) deps.jobs.notify('mail');
    log.info({ matchId: job.data.matchId, mails: sent }, 'rappel de convocation traité');
  }

  async function sendSummary(job: PgBoss.JobWithMetadata<DeadlineJob>) {
    const sent = await deps.db.transaction(async (tx) => {
      const found = await deadlineMatch(tx, job.data);
      if (!found || found.m.homeTeamId === null) return 0;
      const { m, deadline } = found;
      if (!(await repo.claimDeadlineMail(tx, m.clubId, m.id, 'summary', deadline))) return 0;
      const players = await repo.convokedPlayers(tx, m.clubId, m.id);
      const name = (p: { prenom: string; nom: string }) => `${p.prenom} ${p.nom}`;
      const presents = players.filter((p) => p.statutPresence === 'DISPONIBLE').map(name);
      const absents = players
        .filter((p) => p.statutPresence === 'INDISPONIBLE')
        .map((p) => ({ name: name(p), justification: p.justification }));
      // An injured, ill or suspended player is not awaited (decision 0108).
      const sansReponse = players
        .filter((p) => p.statutPresence === null && isActiveStatus(p.statut))
        .map(name);
      const horsJeu = players
        .filter((p) => p.statutPresence === null && !isActiveStatus(p.statut))
        .map((p) => `${name(p)} (${displayMemberStatus(p.statut)})`);
      const db = transactionExecutor(tx);
      let n = 0;
      for (const coach of await repo.coaches(tx, m.clubId, m.homeTeamId!)) {
        await deps.push.notify(tx, {
          clubId: m.clubId,
          timezone: m.timezone,
          memberIds: [coach.id],
          kind: 'convocations',
          message: {
            titre: `Réponses à la convocation : ${mailMatchName(mailInfo(m))}`,
            corps: `${presents.length} présent(s), ${absents.length} absent(s), ${sansReponse.length} sans réponse.`,
            url: matchesPage(m),
          },
        });
        if (coach.email === null || !wantsNotification(coach, 'convocations', 'email')) continue;
        const mail = summaryMail({
          to: { ...coach, email: coach.email },
          match: mailInfo(m),
          presents,
          absents,
          sansReponse,
          horsJeu,
          links: linksFor(m.clubId, coach),
        });
        await deps.mailer.send(mail, { db });
        n++;
      }
      return n;
    });
    if (sent) deps.jobs.notify('mail');
    log.info({ matchId: job.data.matchId, mails: sent }, 'bilan de convocation traité');
  }

  return {
    async matchChanged(tx, clubId, matchId, change, wasCancelled) {
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m) return;
      const before = wasCancelled ?? m.cancelled;
      const opened = await repo.recordPending(tx, clubId, matchId, change, before);
      if (!opened) return;
      const due = new Date(deps.clock.now().getTime() + deps.delaySeconds * 1000);
      const data: MatchJob = { clubId, matchId };
      await boss.send(MATCH_NOTIFICATION_QUEUE, data, {
        startAfter: at(m.timezone, due),
        db: transactionExecutor(tx),
      });
    },

    async deadlineChanged(tx, clubId, matchId) {
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m || m.cancelled) return;
      const deadline = replyDeadline({
        dateDebut: m.dateDebut,
        dateLimiteReponse: m.replyDeadline,
        creeLe: m.creeLe,
      });
      const deadlineAt = instantOf(m.timezone, deadline);
      const now = deps.clock.now().getTime();
      const data: DeadlineJob = { clubId, matchId, deadline };
      const db = transactionExecutor(tx);
      const reminderAt = new Date(
        deadlineAt.getTime() - REMINDER_BEFORE_DEADLINE_HOURS * 3_600_000,
      );
      if (reminderAt.getTime() > now && m.reminderSentFor !== deadline)
        await boss.send(MATCH_REMINDER_QUEUE, data, { startAfter: at(m.timezone, reminderAt), db });
      if (deadlineAt.getTime() > now && m.summarySentFor !== deadline)
        await boss.send(MATCH_SUMMARY_QUEUE, data, { startAfter: at(m.timezone, deadlineAt), db });
    },

    async playersConvoked(tx, clubId, matchId, memberIds) {
      if (!memberIds.length) return;
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m || m.cancelled || startedAt(m, deps.clock.now())) return;
      const pending = await repo.pending(tx, clubId, matchId);
      if (pending?.kind === 'CREATED') return;
      const sent = await mailPlayers(tx, m, 'CREATED', false, new Set(memberIds));
      log.info({ matchId, mails: sent }, 'convocation des nouveaux joueurs');
    },

    async playersWithdrawn(tx, clubId, matchId, memberIds) {
      if (!memberIds.length) return;
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m || startedAt(m, deps.clock.now())) return;
      const pending = await repo.pending(tx, clubId, matchId);
      if (pending?.kind === 'CREATED') return; // nobody was told about it yet
      if (pending ? pending.wasCancelled : m.cancelled) return; // they know it is not played
      const info = mailInfo(m);
      const pushes: PushNotification[] = [];
      const mails: Mail[] = [];
      for (const p of await repo.playersByIds(tx, clubId, memberIds)) {
        if (!isActiveStatus(p.statut)) continue; // their convocation was not mailed either
        const recipients = [
          { to: p as Recipient, child: null as { prenom: string; nom: string } | null },
          ...p.guardians.map((g) => ({ to: g, child: { prenom: p.prenom, nom: p.nom } })),
        ].filter(reachable);
        for (const r of recipients) {
          pushes.push({
            clubId,
            timezone: m.timezone,
            memberIds: [r.to.id],
            kind: 'annulations',
            message: {
              titre: withdrawalSubject(info, r.child ? `${r.child.prenom} ${r.child.nom}` : null),
              corps: `${frenchDateTime(info.dateDebut)} · ${info.lieux}. Rien à faire.`,
              url: matchesPage(m),
            },
          });
          if (!wantsNotification(r.to, 'annulations', 'email')) continue;
          mails.push(
            withdrawalMail({
              to: r.to,
              child: r.child,
              match: info,
              links: linksFor(clubId, r.to),
            }),
          );
        }
      }
      await deps.push.notifyMany(tx, pushes);
      await deps.mailer.sendMany(mails, { db: transactionExecutor(tx) });
      log.info({ matchId, mails: mails.length }, 'convocations retirées');
    },

    async matchDeleted(tx, clubId, matchId) {
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m || startedAt(m, deps.clock.now())) return;
      const pending = await repo.pending(tx, clubId, matchId);
      if (pending?.kind === 'CREATED') return; // nobody was told about it yet
      // What the players were last told: the state when the pending burst began, else the current.
      if (pending ? pending.wasCancelled : m.cancelled) return;
      const sent = await mailPlayers(tx, m, 'CANCELLED', false);
      log.info({ matchId, mails: sent }, 'match supprimé : annulation envoyée');
    },

    async selectionPublished(tx, clubId, matchId, changed) {
      const told = new Map<number, SelectionMailKind>();
      for (const c of changed)
        if (c.selection) told.set(c.memberId, c.selection as SelectionMailKind);
      if (!told.size) return;
      const m = await repo.matchInfo(tx, clubId, matchId);
      if (!m) return;
      const info = mailInfo(m);
      const db = transactionExecutor(tx);
      // Gathered, then queued in two statements (as mailPlayers). Each mail is sent only while
      // it still tells the published selection: concurrent publishes queue their mails in any
      // order, the last one sent must be the last one published (decision 0103).
      const pushes: PushNotification[] = [];
      const mails: Mail[] = [];
      const conditions: MailCondition[] = [];
      for (const p of await repo.convokedPlayers(tx, clubId, matchId)) {
        const selection = told.get(p.id);
        if (!selection) continue;
        const recipients = [
          { to: p as Recipient, child: null as { prenom: string; nom: string } | null },
          ...p.guardians.map((g) => ({ to: g, child: { prenom: p.prenom, nom: p.nom } })),
        ].filter(reachable);
        for (const r of recipients) {
          pushes.push({
            clubId,
            timezone: m.timezone,
            memberIds: [r.to.id],
            kind: 'convocations',
            message: {
              titre: SELECTION_SUBJECTS[selection](info),
              corps:
                selection === 'NON_RETENU'
                  ? notKeptPush(p.statutPresence)
                  : `${frenchDateTime(info.dateDebut)} · ${info.lieux}${
                      info.rendezVous ? ` · rendez-vous ${frenchDateTime(info.rendezVous)}` : ''
                    }`,
              url: matchesPage(m),
            },
          });
          if (!wantsNotification(r.to, 'convocations', 'email')) continue;
          mails.push(
            selectionMail({
              selection,
              to: r.to,
              child: r.child,
              match: info,
              links: linksFor(clubId, r.to),
              reponse: p.statutPresence,
            }),
          );
          conditions.push({
            kind: SELECTION_MAIL_CONDITION,
            key: { clubId, matchId, memberId: p.id, selection },
          });
        }
      }
      await deps.push.notifyMany(tx, pushes);
      await deps.mailer.sendMany(mails, { db, conditions });
      const sent = mails.length;
      if (sent) deps.jobs.notify('mail');
      log.info({ matchId, mails: sent }, 'sélection publiée');
    },

    async memberConvoked(tx, clubId, memberId, matchIds) {
      const now = deps.clock.now();
      const infos: MatchInfo[] = [];
      for (const matchId of matchIds) {
        const m = await repo.matchInfo(tx, clubId, matchId);
        if (!m || m.cancelled || startedAt(m, now)) continue;
        // A match whose creation burst is pending: its own mail will include the member.
        if ((await repo.pending(tx, clubId, matchId))?.kind === 'CREATED') continue;
        infos.push(m);
      }
      if (!infos.length) return;
      infos.sort((a, b) => a.dateDebut.localeCompare(b.dateDebut));
      const player = (await repo.convokedPlayers(tx, clubId, infos[0]!.id)).find(
        (p) => p.id === memberId,
      );
      if (!player || !isActiveStatus(player.statut)) return;
      const first = infos[0]!;
      const db = transactionExecutor(tx);
      // Before an account exists, the invitation is its only mail: the digest reaches the player
      // and their parents who have activated theirs.
      const recipients = [
        { to: player as Recipient, child: null as { prenom: string; nom: string } | null },
        ...player.guardians.map((g) => ({
          to: g,
          child: { prenom: player.prenom, nom: player.nom },
        })),
      ].filter(reachable);
      let sent = 0;
      for (const r of recipients) {
        await deps.push.notify(tx, {
          clubId,
          timezone: first.timezone,
          memberIds: [r.to.id],
          kind: 'convocations',
          message: {
            titre: `${infos.length} match(s) à venir`,
            corps: `${r.child ? `${r.child.prenom} est convoqué(e)` : 'Vous êtes convoqué(e)'} : indiquez les disponibilités.`,
            url: matchesPage(first),
          },
        });
        if (!wantsNotification(r.to, 'convocations', 'email')) continue;
        await deps.mailer.send(
          digestMail({
            to: r.to,
            child: r.child,
            clubNom: first.clubNom,
            matches: infos.map(mailInfo),
            page: `${base}${matchesPage(first)}`,
            links: linksFor(clubId, r.to),
          }),
          { db },
        );
        sent++;
      }
      log.info({ memberId, matches: infos.length, mails: sent }, 'convocations groupées');
    },

    /** Creates the queues (before any request: a job sent to a missing queue is dropped). */
    async createQueues() {
      for (const name of QUEUES) await ensureQueue(boss, name);
    },

    /** Starts the workers. */
    work() {
      deps.jobs.work<MatchJob>(MATCH_NOTIFICATION_QUEUE, sendNotification, { timeoutMs: 60_000 });
      deps.jobs.work<DeadlineJob>(MATCH_REMINDER_QUEUE, sendReminder, { timeoutMs: 60_000 });
      deps.jobs.work<DeadlineJob>(MATCH_SUMMARY_QUEUE, sendSummary, { timeoutMs: 60_000 });
    },
  };
}

async function ensureQueue(boss: PgBoss, name: string) {
  const settings: PgBoss.Queue = { name, retryLimit: 5, retryDelay: 30, retryBackoff: true };
  if (await boss.getQueue(name)) return;
  try {
    await boss.createQueue(name, settings);
  } catch (err) {
    if (!(await boss.getQueue(name))) throw err;
  }
}
