import {
  FEE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  computeFees,
  feeFamilies,
  formatEuros,
  frenchDate,
  seasonFirstYear,
  seasonOf,
  seasonParam,
  type TExemptionWrite,
  type TFeeListQuery,
  type TFeeRow,
  type TFeeSeasonQuery,
  type TPaymentWrite,
  type TReminderWrite,
  type TTariffsWrite,
  type FeeDue,
} from '@club/contract';
import { assertOwnClub, found, memberRef, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubSeasonContext, clubTimeZone } from '../../db/club-settings.ts';
import { clubToday } from '../../lib/club-time.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { writeCsv } from '../members/index.ts';
import { feeReminderMail } from './fees.mails.ts';
import { assertMayGetOwnOrChildReceipt } from './fees.policy.ts';
import { receiptPdf } from './fees.receipt.ts';
import * as repo from './fees.repository.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export interface FeesDeps {
  db: DbOrTx;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Membership fees (docs/decisions/0135-membership-fees.md). The dues are computed when read, from
 * the season's tariffs, each member's category in that season (their birth year and the club's
 * `moisDebutSaison`), the families of the guardian links and the exemptions (contract
 * fee-rules.ts `computeFees`); payments are stored. The route applies FEE_PERMISSIONS (403); here
 * the tenant (404), then whose receipt (fees.policy.ts).
 */
export function createFeesService({ db, clock, mailer, publicUrl }: FeesDeps) {
  /** The season asked (first year) or the club's current one, with the club's today. */
  async function season(clubId: number, saison: string | undefined) {
    const ctx = await clubSeasonContext(db, clubId, clock.now());
    const first = saison
      ? seasonFirstYear(saison)
      : Number(seasonOf(ctx.today, ctx.startMonth).debut.slice(0, 4));
    const s = seasonOf(`${first}-${pad(ctx.startMonth)}-01`, ctx.startMonth);
    return {
      first,
      startMonth: ctx.startMonth,
      today: ctx.today,
      json: { libelle: seasonParam(first), debut: s.debut, fin: s.fin },
    };
  }

  /**
   * Every fee row of the season (or those of `onlyIds`' families: a family's discount needs its
   * other members), with the payments.
   */
  async function feeRows(
    clubId: number,
    first: number,
    startMonth: number,
    today: string,
    onlyIds?: number[],
  ) {
    const settings = await repo.seasonSettings(db, clubId, first);
    const links = await repo.guardianLinks(db, clubId);
    let ids: number[] | undefined;
    if (onlyIds) {
      // the families of those members, from the links alone
      const fam = feeFamilies(
        onlyIds.map((id) => ({ id, nom: '' })),
        links,
      );
      ids = [...new Set(onlyIds.flatMap((id) => fam.get(id)?.membreIds ?? [id]))];
    }
    const members = await repo.feeMembers(db, clubId, first, ids);
    const memberIds = members.map((m) => m.id);
    const paymentRows = await repo.seasonPayments(
      db,
      clubId,
      first,
      onlyIds ? memberIds : undefined,
    );
    const dues = computeFees(
      members,
      links,
      paymentRows.map((p) => ({
        membreId: p.memberId ?? 0,
        montant: p.montant,
        annule: p.cancelledAt !== null,
      })),
      { ...settings, premiereAnnee: first, moisDebut: startMonth },
      today,
    );
    const byMember = new Map(members.map((m) => [m.id, m]));
    const paymentsOf = new Map<number, typeof paymentRows>();
    for (const p of paymentRows)
      if (p.memberId !== null)
        paymentsOf.set(p.memberId, [...(paymentsOf.get(p.memberId) ?? []), p]);
    const rows = dues
      // the season's members: those who owe something, are exempted or paid something
      .filter(
        (d) =>
          d.tarif !== null ||
          d.exoneration ||
          paymentsOf.has(d.membreId) ||
          byMember.get(d.membreId)!.licencie,
      )
      .map((d) => toRow(d, byMember.get(d.membreId)!, paymentsOf.get(d.membreId) ?? []));
    return { settings, rows, members, dues, links, paymentRows };
  }

  function toRow(d: FeeDue, m: repo.FeeMemberRow, ps: repo.PaymentRow[]): TFeeRow {
    return {
      membre: memberRef({ id: m.id, nom: m.nom, prenom: m.prenom }),
      categorie: d.categorie,
      tarif: d.tarif,
      montantTarif: d.montantTarif,
      reduction: d.reduction,
      exoneration: d.exoneration,
      du: d.du,
      paye: d.paye,
      reste: d.reste,
      statut: d.statut,
      famille: { id: d.famille.id, nom: d.famille.nom },
      paiements: ps.map(repo.paymentJson),
    };
  }

  const totals = (rows: TFeeRow[]) => ({
    du: rows.reduce((n, r) => n + r.du, 0),
    paye: rows.reduce((n, r) => n + r.paye, 0),
    reste: rows.reduce((n, r) => n + r.reste, 0),
  });

  /** A member of the actor's club (404 otherwise). */
  async function clubMember(actor: Actor, memberId: number) {
    return found(await repo.clubMember(db, actor.clubId, memberId));
  }

  async function oneRow(
    actor: Actor,
    memberId: number,
    first: number,
    startMonth: number,
    today: string,
  ) {
    const { rows } = await feeRows(actor.clubId, first, startMonth, today, [memberId]);
    return rows.find((r) => r.membre.id === memberId);
  }

  return {
    /** GET /api/clubs/{id}/tarifs?saison= */
    async tariffs(actor: Actor, clubId: number, q: TFeeSeasonQuery) {
      assertOwnClub(actor, clubId);
      const s = await season(actor.clubId, q.saison);
      const settings = await repo.seasonSettings(db, actor.clubId, s.first);
      return { saison: s.json, ...settings };
    },

    /** PUT /api/clubs/{id}/tarifs?saison= */
    async setTariffs(actor: Actor, clubId: number, q: TFeeSeasonQuery, body: TTariffsWrite) {
      assertOwnClub(actor, clubId);
      const s = await season(actor.clubId, q.saison);
      const settings = {
        tarifs: body.tarifs.map((t) => ({ ...t, categories: [...t.categories] })),
        reductionFamille: body.reductionFamille,
        dateLimite: body.dateLimite ?? null,
      };
      await repo.replaceSeasonSettings(db, actor.clubId, s.first, settings);
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'update',
        entity: 'fee_tariffs',
        entityId: s.first,
        details: { tarifs: settings.tarifs.length, reductionFamille: settings.reductionFamille },
      });
      return { saison: s.json, ...settings };
    },

    /** GET /api/cotisations?saison=&statut= */
    async list(actor: Actor, q: TFeeListQuery) {
      const s = await season(actor.clubId, q.saison);
      const { settings, rows } = await feeRows(actor.clubId, s.first, s.startMonth, s.today);
      return {
        saison: s.json,
        dateLimite: settings.dateLimite,
        totaux: totals(rows),
        cotisations: q.statut ? rows.filter((r) => r.statut === q.statut) : rows,
      };
    },

    /** GET /api/cotisations/moi?saison=: the reader and their children, nobody else. */
    async own(actor: Actor, q: TFeeSeasonQuery) {
      const s = await season(actor.clubId, q.saison);
      const own = [actor.id, ...actor.childIds];
      const { settings, rows } = await feeRows(actor.clubId, s.first, s.startMonth, s.today, own);
      const mine = rows.filter((r) => own.includes(r.membre.id));
      return {
        saison: s.json,
        dateLimite: settings.dateLimite,
        cotisations: mine,
        reste: mine.reduce((n, r) => n + Math.max(0, r.reste), 0),
      };
    },

    /** POST /api/cotisations/{membreId}/paiements */
    async record(actor: Actor, memberId: number, body: TPaymentWrite) {
      const member = await clubMember(actor, memberId);
      const s = await season(actor.clubId, body.saison);
      if (body.moyen === 'PASS_SPORT' && body.reference) {
        if (await repo.passSportCodeTaken(db, actor.clubId, body.reference))
          throw conflict(FEE_MESSAGES.passSportTaken, { reference: FEE_MESSAGES.passSportTaken });
      }
      const row = await repo.insertPayment(db, {
        clubId: actor.clubId,
        memberId,
        memberNom: member.nom,
        memberPrenom: member.prenom,
        season: s.first,
        montant: body.montant,
        moyen: body.moyen,
        date: body.date,
        reference: body.reference ?? null,
        echeances: body.echeances ?? [],
        recordedBy: actor.id,
        recordedByNom: actor.nom,
        recordedByPrenom: actor.prenom,
      });
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'payment',
        entityId: row.id,
        details: { membre: memberId, montant: body.montant, moyen: body.moyen },
      });
      return repo.paymentJson(row);
    },

    /** PUT /api/cotisations/{membreId}/exoneration */
    async exempt(actor: Actor, memberId: number, body: TExemptionWrite) {
      await clubMember(actor, memberId);
      const s = await season(actor.clubId, body.saison);
      await repo.setExemption(
        db,
        actor.clubId,
        s.first,
        memberId,
        body.exonere ? { motif: body.motif ?? null, by: actor.id } : null,
      );
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: body.exonere ? 'create' : 'delete',
        entity: 'fee_exemption',
        entityId: memberId,
        details: { saison: s.first },
      });
      return found(await oneRow(actor, memberId, s.first, s.startMonth, s.today));
    },

    /** DELETE /api/paiements/{id}: marked cancelled (who, when), never deleted. */
    async cancel(actor: Actor, paymentId: number) {
      const payment = found(await repo.paymentForUpdate(db, actor.clubId, paymentId));
      if (payment.cancelledAt) throw conflict(FEE_MESSAGES.alreadyCancelled);
      const row = await repo.markCancelled(db, actor.clubId, paymentId, actor, clock.now());
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'cancel',
        entity: 'payment',
        entityId: paymentId,
        details: { montant: payment.montant, moyen: payment.moyen },
      });
      return repo.paymentJson(row);
    },

    /** GET /api/cotisations/{membreId}/attestation.pdf?saison= */
    async receipt(actor: Actor, memberId: number, q: TFeeSeasonQuery) {
      const member = await clubMember(actor, memberId);
      assertMayGetOwnOrChildReceipt(actor, memberId);
      const s = await season(actor.clubId, q.saison);
      const row = await oneRow(actor, memberId, s.first, s.startMonth, s.today);
      const counted = (row?.paiements ?? []).filter((p) => p.annule === null);
      if (!row || !counted.length) throw notFound(FEE_MESSAGES.noPayment);
      const last = [...counted]
        .sort((a, b) => a.enregistreLe.localeCompare(b.enregistreLe))
        .at(-1)!;
      const club = await repo.clubIdentity(db, actor.clubId);
      const pdf = await receiptPdf({
        club,
        saison: s.json.libelle,
        membre: member,
        categorie: row.categorie,
        tarif: row.tarif,
        du: row.du,
        reduction: row.reduction,
        paiements: counted,
        paye: row.paye,
        reste: row.reste,
        signataire: last.enregistrePar,
        date: s.today,
      });
      return { pdf, fileName: `attestation-paiement-${memberId}-${s.json.libelle}.pdf` };
    },

    /**
     * POST /api/cotisations/relances: one mail per family whose balance is above zero, naming
     * each member with a balance; to each guardian of the family (apart), else to the members
     * themselves. A simulation sends nothing and answers the same list.
     */
    async remind(actor: Actor, body: TReminderWrite) {
      const s = await season(actor.clubId, body.saison);
      const { settings, rows, members, links } = await feeRows(
        actor.clubId,
        s.first,
        s.startMonth,
        s.today,
      );
      const byId = new Map(members.map((m) => [m.id, m]));
      const guardianIds = new Set(links.map(([parent]) => parent));
      const families = new Map<number, TFeeRow[]>();
      for (const r of rows) families.set(r.famille.id, [...(families.get(r.famille.id) ?? []), r]);
      const familles = [];
      let sansAdresse = 0;
      const mails = [];
      const club = await repo.clubIdentity(db, actor.clubId);
      const pageUrl = `${publicUrl}/${encodeURIComponent(club.nom)}/profil`;
      const familiesOf = feeFamilies(members, links);
      for (const list of families.values()) {
        const reste = list.reduce((n, r) => n + r.reste, 0);
        if (reste <= 0) continue;
        const owing = list.filter((r) => r.reste > 0);
        // the family's adults: its guardians (any adult linked to a child), else the members
        const family = list[0]!.famille;
        const allIds = familiesOf.get(family.id)?.membreIds ?? list.map((r) => r.membre.id);
        const adults = allIds.filter((id) => guardianIds.has(id));
        const recipients = (adults.length ? adults : owing.map((r) => r.membre.id))
          .map((id) => byId.get(id))
          .filter((m): m is repo.FeeMemberRow => !!m && !m.erased && !!m.email);
        if (!recipients.length) {
          sansAdresse++;
          continue;
        }
        familles.push({
          famille: family,
          destinataires: recipients.map((m) =>
            memberRef({ id: m.id, nom: m.nom, prenom: m.prenom }),
          ),
          membres: owing.map((r) => ({ ...r.membre, reste: r.reste })),
          reste,
        });
        for (const to of recipients)
          mails.push(
            feeReminderMail({
              to: { ...to, email: to.email ?? '' },
              clubNom: club.nom,
              saison: s.json.libelle,
              membres: owing.map((r) => ({ ...r.membre, reste: r.reste })),
              reste,
              dateLimite: settings.dateLimite,
              pageUrl,
            }),
          );
      }
      if (!body.simulation && mails.length) {
        await mailer.sendMany(mails, { db: transactionExecutor(db) });
        await audit(db, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'remind',
          entity: 'fees',
          entityId: s.first,
          details: { familles: familles.length, mails: mails.length },
        });
      }
      return {
        simulation: body.simulation,
        familles,
        sansAdresse,
        envoyes: body.simulation ? 0 : mails.length,
      };
    },

    /** GET /api/cotisations/export?saison=: every payment of the season, cancelled ones marked. */
    async exportCsv(actor: Actor, q: TFeeSeasonQuery) {
      const s = await season(actor.clubId, q.saison);
      const list = await repo.seasonPayments(db, actor.clubId, s.first);
      const timeZone = await clubTimeZone(db, actor.clubId);
      const name = (nom: string | null, prenom: string | null) =>
        nom !== null && prenom !== null ? `${prenom} ${nom}` : '';
      const csv = writeCsv(
        [
          'Date',
          'Saison',
          'Nom',
          'Prénom',
          'Moyen de paiement',
          'Référence',
          'Montant (€)',
          'Échéances',
          'Enregistré par',
          'Annulé le',
          'Annulé par',
        ],
        list.map((p) => {
          const echeances = (p.echeances as { date: string; montant: number }[]) ?? [];
          return [
            frenchDate(p.date),
            s.json.libelle,
            p.memberNom,
            p.memberPrenom,
            PAYMENT_METHOD_LABELS[p.moyen as keyof typeof PAYMENT_METHOD_LABELS] ?? p.moyen,
            p.reference ?? '',
            formatEuros(p.montant, 'tableur'),
            echeances
              .map((e) => `${frenchDate(e.date)} : ${formatEuros(e.montant, 'tableur')}`)
              .join(' ; '),
            name(p.recordedByNom, p.recordedByPrenom),
            p.cancelledAt ? frenchDate(clubToday(timeZone, p.cancelledAt)) : '',
            name(p.cancelledByNom, p.cancelledByPrenom),
          ];
        }),
      );
      return { csv, fileName: `cotisations-${s.json.libelle}.csv` };
    },
  };
}
