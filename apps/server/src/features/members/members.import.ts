import {
  IMPORT_FIELDS,
  MEMBER_CSV_HEADERS,
  MEMBER_FIELD_MESSAGES,
  MEMBER_IMPORT_LIMITS,
  MEMBER_IMPORT_MESSAGES as M,
  ROLE_LABELS,
  ZMemberCreateSchema,
  ZMemberUpdateSchema,
  formatTeamHats,
  frenchDate,
  importFieldOf,
  isMinor,
  normalizeClubRole,
  normalizeRole,
  normalizeTeamRole,
  normalizeText,
  parentEmailsOf,
  parseCellClubRole,
  parseCellDate,
  parseCellTeamRole,
  principalRole,
  splitTeamAndRole,
  cellDateMessage,
  parseCellGender,
  parseCellRole,
  splitTeamNames,
  type ClubRole,
  type TTeamHat,
  type TeamRole,
  type TImportError,
  type TImportField,
  type TImportOutcome,
  type TImportReport,
  type TMemberExportQuery,
  type TMemberField,
  type ZMemberExportQuerySchema,
} from '@club/contract';
import type { z } from 'zod';
import { assertOwnClub, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubSeasonContext } from '../../db/club-settings.ts';
import type { members } from '../../db/schema.ts';
import { auditMany, type AuditEntry } from '../../lib/audit.ts';
import { HttpError, conflict } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { parseCsv, writeCsv, type CsvRow } from './members.csv.ts';
import { MEMBER_COLUMNS, SCALAR_MEMBER_FIELDS, sameMemberValue } from './members.fields.ts';
import { resolveHats } from './members.hats.ts';
import { assertMayChange, assertMayCreateFromImportRow } from './members.policy.ts';
import { membersRepository as repo, type MemberRow } from './members.repository.ts';
import { seasonFilters, toMemberJson } from './members.service.ts';

/**
 * The season's members file (docs/decisions/0070-member-import-export.md).
 *
 * Export: the club list (its filters) through the member answer of the members feature, one row
 * per member, for French spreadsheets.
 *
 * Import: every row is checked first, with the members feature's own rules — the contract's
 * create and update schemas (the same messages as the member form), the field and role rules of
 * members.policy.ts (only a DIRIGEANT grants a leader role, a RESPONSABLE does not touch a
 * DIRIGEANT, nobody changes their own role), the last DIRIGEANT, the e-mail unique across the
 * application. A simulation stops there and answers the report. A real import with any error
 * answers 422 and writes nothing; otherwise it writes every row in one savepoint of the request's
 * transaction (all or nothing), and queues the new members' invitations in it: they leave after
 * the commit. A member is never deleted; a member's teams are only ever added to.
 */

type CreateInput = z.output<typeof ZMemberCreateSchema>;
type UpdateInput = z.output<typeof ZMemberUpdateSchema>;
type MemberValues = Partial<typeof members.$inferInsert>;
type ExportQuery = z.output<typeof ZMemberExportQuerySchema>;

export interface MemberImportDeps {
  db: DbOrTx;
  /**
   * Queues, in the import's transaction, what follows its commit: the convocations of the members
   * whose teams or role changed and the new members' invitations (members.import-jobs.ts).
   */
  queueFollowUp: (
    tx: DbOrTx,
    clubId: number,
    work: { invite: readonly number[]; convoke: readonly number[] },
  ) => Promise<void>;
}

/** A guardian named on a row by e-mail: a member of the club, or a new member of the file. */
type ParentRef = { email: string; id?: number };

interface PlannedCreate {
  kind: 'create';
  line: number;
  input: CreateInput;
  teamIds: number[];
  /** The teams with their roles, when the row gives hats (« Rôle club », « Équipes (rôle) »). */
  hats?: { roleClub: ClubRole | null; teams: TTeamHat[] };
  parents: ParentRef[];
}
interface PlannedUpdate {
  kind: 'update';
  line: number;
  row: MemberRow;
  values: MemberValues;
  changed: TMemberField[];
  /** The member's teams after the import with their roles, when they change (added to, never removed). */
  teams?: TTeamHat[];
  /** The club role, when it changes. */
  roleClub?: { from: ClubRole | null; to: ClubRole | null };
  /** Guardians added by the file (never removed). */
  parents?: ParentRef[];
}
type Plan = PlannedCreate | PlannedUpdate | { kind: 'unchanged'; line: number; row: MemberRow };

/** The field of a member input a column fills (equipes is the input's equipesIds). */
const INPUT_FIELD: Partial<Record<string, TImportField>> = {
  equipesIds: 'equipes',
  parentsIds: 'parents',
};
const inputFieldToImport = (key: string): TImportField | null =>
  INPUT_FIELD[key] ??
  ((IMPORT_FIELDS as readonly string[]).includes(key) ? (key as TImportField) : null);

const licenceKey = (v: string) => v.replace(/\s+/g, '').toUpperCase();
/** A member without e-mail nor licence (a child, decision 0111) is recognised by name and birth date. */
const identityKey = (nom: string, prenom: string, date: string) =>
  `${normalizeText(nom)}|${normalizeText(prenom)}|${date}`;
const rowValue = (row: MemberRow, f: (typeof SCALAR_MEMBER_FIELDS)[number]) =>
  row[MEMBER_COLUMNS[f] as keyof MemberRow];

/** One row of the export, from the member answer (the members feature's JSON mapping). */
function exportCells(
  m: ReturnType<typeof toMemberJson>,
  emailOf: (id: number) => string,
): Record<TImportField, string> {
  const role = normalizeRole(m.role);
  const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));
  return {
    nom: m.nom,
    prenom: m.prenom,
    dateDeNaissance: frenchDate(m.dateDeNaissance),
    genre: text(m.genre),
    email: text(m.email),
    numeroTelephone: text(m.numeroTelephone),
    numeroLicence: text(m.numeroLicence),
    role: role ? ROLE_LABELS[role] : m.role,
    roleClub: m.roleClub ? ROLE_LABELS[m.roleClub] : '',
    statut: text(m.statut),
    equipes: formatTeamHats(m.equipes),
    parents: (m.parentsIds ?? []).map(emailOf).join(', '),
    categorie: text(m.categorie),
    numero: text(m.numero),
    poste: text(m.poste),
    taille: text(m.taille),
    poids: text(m.poids),
  };
}

export function createMemberImport(deps: MemberImportDeps) {
  const { db } = deps;

  return {
    /** GET /api/membres/club/{clubId}/export: the CSV text and a file name. */
    async export(actor: Actor, clubId: number, q: ExportQuery | TMemberExportQuery) {
      assertOwnClub(actor, clubId);
      const season = await clubSeasonContext(db, actor.clubId);
      const { categorie, sansEquipe, ...filters } = q as ExportQuery;
      const { rows } = await repo.list(db, actor.clubId, {
        ...filters,
        ...seasonFilters({ categorie, sansEquipe }, season),
      });
      // Leaders only (export permission): the projection leaves them every field.
      const reader = { subject: actor, today: season.today };
      // A parent is named by e-mail (the import finds them by it), by name without one.
      const everyone =
        rows.length && Object.keys(q).length ? (await repo.list(db, actor.clubId, {})).rows : rows;
      const byId = new Map(everyone.map((m) => [m.id, m]));
      const emailOf = (id: number) => {
        const p = byId.get(id);
        return p ? (p.email ?? `${p.prenom} ${p.nom}`) : '';
      };
      const cells = rows.map((r) => exportCells(toMemberJson(r, reader, season), emailOf));
      const csv = writeCsv(
        IMPORT_FIELDS.map((f) => MEMBER_CSV_HEADERS[f]),
        cells.map((c) => IMPORT_FIELDS.map((f) => c[f])),
        [IMPORT_FIELDS.indexOf('numeroTelephone')],
      );
      return { csv, fileName: `membres-${season.today}.csv` };
    },

    /** POST /api/membres/club/{clubId}/import?simulation= */
    async run(
      actor: Actor,
      clubId: number,
      bytes: Buffer,
      simulation: boolean,
    ): Promise<{ status: 200 | 422; report: TImportReport }> {
      assertOwnClub(actor, clubId);
      const file = parseCsv(bytes);
      const errors: TImportError[] = [];
      const columns = file.headers.map((entete) => ({ entete, champ: importFieldOf(entete) }));
      const columnOf = new Map<TImportField, number>();
      columns.forEach(({ entete, champ }, i) => {
        if (!champ) return;
        if (columnOf.has(champ))
          errors.push({ ligne: 1, colonne: entete, message: M.duplicateColumn(entete) });
        else columnOf.set(champ, i);
      });
      for (const f of ['nom', 'prenom'] as const)
        if (!columnOf.has(f))
          errors.push({ ligne: 1, colonne: '', message: M.missingColumn(MEMBER_CSV_HEADERS[f]) });
      if (!columnOf.has('email') && !columnOf.has('numeroLicence'))
        errors.push({ ligne: 1, colonne: '', message: M.missingKey });
      const header = (f: TImportField) => {
        const i = columnOf.get(f);
        return i === undefined ? MEMBER_CSV_HEADERS[f] : columns[i]!.entete;
      };
      const lignes = file.rows.length + file.malformedLines.length;
      const base = { lignes, simulation: true, colonnes: columns };
      if (errors.length) {
        const report = { ...base, crees: 0, misAJour: 0, inchanges: 0, erreurs: errors };
        return simulation
          ? { status: 200, report: { ...report, apercu: [] } }
          : { status: 422, report: { ...report, message: M.refused(errors.length) } };
      }

      // A real import plans against locked rows: nobody edits the club's members meanwhile.
      if (!simulation) await repo.lockClubMembers(db, actor.clubId);
      const plans = await plan(actor, file.rows, columnOf, header, errors);
      for (const ligne of file.malformedLines)
        errors.push({ ligne, colonne: '', message: M.malformed });
      const order = new Map(columns.map((c, i) => [c.entete, i]));
      errors.sort(
        (a, b) => a.ligne - b.ligne || (order.get(a.colonne) ?? -1) - (order.get(b.colonne) ?? -1),
      );

      const failed = new Set(errors.map((e) => e.ligne));
      const ok = plans.filter((p) => !failed.has(p.line));
      const counts = {
        crees: ok.filter((p) => p.kind === 'create').length,
        misAJour: ok.filter((p) => p.kind === 'update').length,
        inchanges: ok.filter((p) => p.kind === 'unchanged').length,
      };
      if (simulation) {
        const byLine = new Map(plans.map((p) => [p.line, p]));
        const apercu = file.rows.map((r) => {
          const p = byLine.get(r.line);
          const resultat: TImportOutcome =
            failed.has(r.line) || !p
              ? 'ERREUR'
              : p.kind === 'create'
                ? 'NOUVEAU'
                : p.kind === 'update'
                  ? 'MIS_A_JOUR'
                  : 'INCHANGE';
          const modifications =
            p?.kind === 'update' && !failed.has(r.line)
              ? [...new Set(p.changed.map((f) => header(inputFieldToImport(f) ?? 'equipes')))]
              : [];
          return {
            ligne: r.line,
            resultat,
            valeurs: columns.map((_, i) => r.cells[i] ?? ''),
            modifications,
          };
        });
        return { status: 200, report: { ...base, ...counts, erreurs: errors, apercu } };
      }
      if (errors.length)
        return {
          status: 422,
          report: { ...base, ...counts, erreurs: errors, message: M.refused(errors.length) },
        };

      try {
        await db.transaction((tx) =>
          write(tx, actor, ok, {
            lignes,
            ...counts,
            encoding: file.encoding,
            delimiter: file.delimiter,
          }),
        );
      } catch (err) {
        // Another club took an e-mail between the check and the write: nothing is kept.
        if (isUniqueViolation(err))
          throw conflict(MEMBER_FIELD_MESSAGES.emailTaken, {
            fichier: MEMBER_FIELD_MESSAGES.emailTaken,
          });
        throw err;
      }
      return {
        status: 200,
        report: { ...base, simulation: false, ...counts, erreurs: [] },
      };
    },
  };

  /** Checks every row against the club as it is; errors are pushed, the plan of each row returned. */
  async function plan(
    actor: Actor,
    rows: readonly CsvRow[],
    columnOf: Map<TImportField, number>,
    header: (f: TImportField) => string,
    errors: TImportError[],
  ): Promise<Plan[]> {
    const clubId = actor.clubId;
    const [{ rows: current }, teams, season] = await Promise.all([
      repo.list(db, clubId, {}),
      repo.clubTeams(db, clubId),
      clubSeasonContext(db, clubId),
    ]);
    const today = season.today;
    const byIdentity = new Map<string, MemberRow[]>();
    for (const m of current)
      if (!m.email && m.dateNaissance) {
        const k = identityKey(m.nom, m.prenom, String(m.dateNaissance).slice(0, 10));
        byIdentity.set(k, [...(byIdentity.get(k) ?? []), m]);
      }
    const byEmail = new Map(
      current.flatMap((m) => (m.email ? [[m.email.toLowerCase(), m] as const] : [])),
    );
    const byLicence = new Map<string, MemberRow[]>();
    for (const m of current)
      if (m.numeroLicence) {
        const k = licenceKey(m.numeroLicence);
        byLicence.set(k, [...(byLicence.get(k) ?? []), m]);
      }
    const teamByName = new Map(teams.map((t) => [t.nom.trim().toLowerCase(), t]));
    const cell = (r: CsvRow, f: TImportField) => {
      const i = columnOf.get(f);
      return i === undefined ? '' : (r.cells[i] ?? '');
    };

    // E-mails of the file that no member of this club has: are they another club's?
    const outside = new Set<string>();
    for (const r of rows) {
      const e = cell(r, 'email').toLowerCase();
      if (e && !byEmail.has(e)) outside.add(e);
    }
    const elsewhere = await repo.emailsInUse(db, [...outside]);
    // The new members of the file by e-mail, with their birth date: a child's parent may be one.
    const newInFile = new Map<string, string | null>();
    for (const r of rows) {
      const e = cell(r, 'email').toLowerCase();
      if (e && !byEmail.has(e) && !newInFile.has(e))
        newInFile.set(e, parseCellDate(cell(r, 'dateDeNaissance')));
    }

    const seenMember = new Map<number, number>();
    const seenNewEmail = new Map<string, number>();
    const seenNewLicence = new Map<string, number>();
    const plans: Plan[] = [];
    // The last DIRIGEANT: demotions are refused once none would be left.
    let managers = current.filter((m) => normalizeClubRole(m.roleClub) === 'DIRIGEANT').length;
    const demotions: { line: number }[] = [];

    for (const r of rows) {
      const fail = (f: TImportField | '', message: string) =>
        errors.push({ ligne: r.line, colonne: f ? header(f) : '', message });
      const before = errors.length;
      const email = cell(r, 'email').toLowerCase();
      const licence = cell(r, 'numeroLicence');
      let target = email ? byEmail.get(email) : undefined;
      if (!target && licence) {
        const found = byLicence.get(licenceKey(licence)) ?? [];
        if (found.length > 1) {
          fail(
            'numeroLicence',
            'Plusieurs membres du club ont ce numéro de licence : indiquez l’e-mail.',
          );
          continue;
        }
        target = found[0];
      }
      if (!target && !email && !licence) {
        // Neither e-mail nor licence: a child without e-mail, by name and birth date.
        const date = parseCellDate(cell(r, 'dateDeNaissance'));
        const found = date
          ? (byIdentity.get(identityKey(cell(r, 'nom'), cell(r, 'prenom'), date)) ?? [])
          : [];
        if (found.length === 1) target = found[0];
      }

      // The same member twice in the file
      if (target) {
        const first = seenMember.get(target.id);
        if (first) {
          fail(email ? 'email' : 'numeroLicence', M.duplicateRow(first));
          continue;
        }
        seenMember.set(target.id, r.line);
      } else {
        const first =
          (email && seenNewEmail.get(email)) ||
          (licence && seenNewLicence.get(licenceKey(licence)));
        if (first) {
          fail(email && seenNewEmail.get(email) ? 'email' : 'numeroLicence', M.duplicateRow(first));
          continue;
        }
        if (email) seenNewEmail.set(email, r.line);
        if (licence) seenNewLicence.set(licenceKey(licence), r.line);
      }

      // Teams by name: the whole cell, else each name of a list, each maybe with its role
      // in brackets (« U11 (Entraîneur) », hats)
      let teamIds: number[] | undefined;
      let teamRoles: Map<number, TeamRole | null> | undefined;
      const teamsCell = cell(r, 'equipes');
      if (teamsCell) {
        const whole = teamByName.get(teamsCell.toLowerCase());
        const pieces = whole ? [whole.nom] : splitTeamNames(teamsCell);
        const named: { id: number; role?: TeamRole | null }[] = [];
        for (const piece of pieces) {
          const team = teamByName.get(piece.toLowerCase());
          if (team) {
            named.push({ id: team.id });
            continue;
          }
          const { name, role } = splitTeamAndRole(piece);
          const withRole = role !== undefined ? teamByName.get(name.toLowerCase()) : undefined;
          if (!withRole) {
            fail('equipes', M.teamUnknown(piece));
            break;
          }
          const parsedRole = parseCellTeamRole(role!);
          if (parsedRole === undefined) {
            fail('equipes', M.teamRoleInvalid(withRole.nom, role!));
            break;
          }
          named.push({ id: withRole.id, role: parsedRole });
        }
        if (errors.length === before) {
          if (pieces.length > MEMBER_IMPORT_LIMITS.maxTeamsPerRow)
            fail('equipes', MEMBER_FIELD_MESSAGES.tooManyTeams);
          else {
            teamIds = [...new Set(named.map((t) => t.id))];
            if (named.some((t) => t.role !== undefined))
              teamRoles = new Map(
                named.flatMap((t) => (t.role !== undefined ? [[t.id, t.role] as const] : [])),
              );
          }
        }
      }

      // The club role (« Rôle club »): empty leaves it, « Aucun » removes it
      let clubRoleCell: ClubRole | null | undefined;
      const clubRoleText = cell(r, 'roleClub');
      if (clubRoleText) {
        clubRoleCell = parseCellClubRole(clubRoleText);
        if (clubRoleCell === undefined) fail('roleClub', M.roleClubInvalid);
      }

      // Guardians by e-mail (« Parents »): members of the club or new members of the file
      const parents: ParentRef[] = [];
      const parentsText = cell(r, 'parents');
      if (parentsText) {
        const emails = parentEmailsOf(parentsText);
        if (!emails.length) fail('parents', M.parentMissing);
        for (const e of emails) {
          const known = byEmail.get(e);
          const date = known ? known.dateNaissance : newInFile.get(e);
          if (!known && !newInFile.has(e)) fail('parents', M.parentUnknown(e));
          else if (e === email || (known && target && known.id === target.id))
            fail('parents', MEMBER_FIELD_MESSAGES.parentSelf);
          else if (date && isMinor(String(date), today))
            fail('parents', MEMBER_FIELD_MESSAGES.guardianMinor);
          else parents.push(known ? { email: e, id: known.id } : { email: e });
        }
      }
      const hatsInRow = clubRoleCell !== undefined || teamRoles !== undefined;

      // The member input the members feature validates, from the non-empty cells
      const input: Record<string, unknown> = {};
      for (const f of IMPORT_FIELDS) {
        if (f === 'equipes' || f === 'categorie' || f === 'roleClub' || f === 'parents') continue;
        const v = cell(r, f);
        if (!v) continue;
        input[f] =
          f === 'dateDeNaissance'
            ? (parseCellDate(v) ?? v)
            : f === 'genre'
              ? (parseCellGender(v) ?? v)
              : f === 'role'
                ? (parseCellRole(v) ?? v)
                : v;
      }
      // A new member's hats: the row's, else the spec's single role over the teams (as before).
      const declared = normalizeRole(parseCellRole(cell(r, 'role')) ?? 'JOUEUR') ?? 'JOUEUR';
      const newHats =
        !target && hatsInRow
          ? (() => {
              const roleClub =
                clubRoleCell !== undefined ? clubRoleCell : normalizeClubRole(declared);
              const fallback = normalizeTeamRole(declared) ?? (roleClub ? null : 'JOUEUR');
              return {
                roleClub,
                teams: (teamIds ?? []).map((id) => ({
                  id,
                  role: teamRoles?.has(id) ? teamRoles.get(id)! : fallback,
                })),
              };
            })()
          : undefined;
      const parsed = target
        ? ZMemberUpdateSchema.safeParse(input)
        : ZMemberCreateSchema.safeParse({
            ...input,
            // A new member without a role is a player.
            role: input.role ?? 'JOUEUR',
            ...(newHats ? { roleClub: newHats.roleClub, equipes: newHats.teams } : {}),
            // The contract's rule for a child without e-mail (decision 0111) counts guardians;
            // those of the file have no id yet, so each stands as a placeholder here.
            ...(parents.length ? { parentsIds: parents.map((_, i) => i + 1) } : {}),
            clubId,
          });
      if (!parsed.success) {
        const reported = new Set<string>();
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? '');
          const f = inputFieldToImport(key);
          if (!f || reported.has(f)) continue;
          reported.add(f);
          fail(f, fieldMessage(f, input[f], issue.message, r.cells[columnOf.get(f) ?? -1]));
        }
      }
      if (!target && !email) {
        const date = parseCellDate(cell(r, 'dateDeNaissance'));
        const child = !!date && isMinor(date, today);
        // A child with a parent on the row goes without e-mail (decision 0111).
        if (
          !(child && parents.length) &&
          !errors.slice(before).some((e) => e.colonne === header('email'))
        )
          fail('email', child ? M.childWithoutEmail : M.emailRequired);
      }
      if (!target && email && elsewhere.has(email)) fail('email', MEMBER_FIELD_MESSAGES.emailTaken);
      if (errors.length > before || !parsed.success) continue;

      if (!target) {
        const data = parsed.data as CreateInput;
        const roleClub = newHats ? newHats.roleClub : normalizeClubRole(data.role);
        try {
          assertMayCreateFromImportRow(actor, roleClub);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          fail(clubRoleCell !== undefined ? 'roleClub' : 'role', err.message);
          continue;
        }
        if (roleClub === 'DIRIGEANT') managers++;
        plans.push({
          kind: 'create',
          line: r.line,
          input: data,
          teamIds: teamIds ?? [],
          ...(newHats ? { hats: newHats } : {}),
          parents,
        });
        continue;
      }

      // An existing member: what changes, and whether this leader may change it
      const data = parsed.data as UpdateInput;
      const values: MemberValues = {};
      const changed: TMemberField[] = [];
      for (const f of SCALAR_MEMBER_FIELDS) {
        if (f === 'role') continue; // the hats below
        const next = data[f];
        const same =
          f === 'numeroLicence'
            ? // the licence the member was found by, written another way ('l200' for 'L 200')
              (a: unknown, b: unknown) => licenceKey(String(a ?? '')) === licenceKey(String(b))
            : (sameMemberValue[f] ?? ((a: unknown, b: unknown) => a === b));
        if (next === undefined || next === null || same(rowValue(target, f), next)) continue;
        (values as Record<string, unknown>)[MEMBER_COLUMNS[f]] = next;
        changed.push(f);
      }
      const currentTeams = target.teams.map((t) => t.id);
      const added = (teamIds ?? []).filter((t) => !currentTeams.includes(t));
      const newTeams = added.length ? [...currentTeams, ...added] : undefined;
      if (newTeams) changed.push('equipesIds');
      const currentHats = {
        role: target.role,
        roleClub: normalizeClubRole(target.roleClub),
        teams: target.teams.map((t) => ({ id: t.id, role: t.role })),
      };
      // With hats on the row, they decide (teams are still only added to: a team of the member
      // that the row leaves out keeps its role); else the role cell is the spec's single role
      // (members.hats.ts).
      const rowTeams = hatsInRow
        ? (() => {
            const fallback = normalizeTeamRole(data.role) ?? normalizeTeamRole(target.role) ?? null;
            return [
              ...currentHats.teams.map((t) =>
                teamRoles?.has(t.id) ? { id: t.id, role: teamRoles.get(t.id)! } : t,
              ),
              ...added.map((id) => ({
                id,
                role: teamRoles?.has(id) ? teamRoles.get(id)! : fallback,
              })),
            ];
          })()
        : undefined;
      const hats = rowTeams
        ? resolveHats(
            currentHats,
            { role: data.role, roleClub: clubRoleCell, equipes: rowTeams },
            undefined,
          )
        : resolveHats(currentHats, { role: data.role }, newTeams);
      for (const f of hats.changed) if (!changed.includes(f)) changed.push(f);
      const hatsChanged = !!newTeams || hats.changed.length > 0;
      const newParents = parents.filter(
        (p) => p.id === undefined || !target.parentIds.includes(p.id),
      );
      if (newParents.length) changed.push('parentsIds');
      if (changed.includes('email')) {
        const owner = byEmail.get(String(values.email).toLowerCase());
        if (owner && owner.id !== target.id) {
          fail('email', M.emailOfOther(seenMember.get(owner.id) ?? null));
          continue;
        }
        if (elsewhere.has(String(values.email).toLowerCase())) {
          fail('email', MEMBER_FIELD_MESSAGES.emailTaken);
          continue;
        }
      }
      if (!changed.length) {
        plans.push({ kind: 'unchanged', line: r.line, row: target });
        continue;
      }
      try {
        assertMayChange(
          actor,
          {
            id: target.id,
            role: target.role,
            teamIds: currentTeams,
            roleClub: currentHats.roleClub,
            teamRoles: currentHats.teams,
          },
          changed,
          hats.roleClub !== currentHats.roleClub
            ? { from: currentHats.roleClub, to: hats.roleClub, field: hats.clubRoleField }
            : undefined,
        );
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        const field =
          err.message === MEMBER_FIELD_MESSAGES.ownRoleForbidden
            ? 'role'
            : Object.keys(err.errors ?? {})
                .map(inputFieldToImport)
                .find((f) => f !== null);
        fail(field ?? '', err.message);
        continue;
      }
      const oldClub = currentHats.roleClub;
      if (oldClub === 'DIRIGEANT' && hats.roleClub !== 'DIRIGEANT')
        demotions.push({ line: r.line });
      if (hats.roleClub === 'DIRIGEANT' && oldClub !== 'DIRIGEANT') managers++;
      plans.push({
        kind: 'update',
        line: r.line,
        row: target,
        values,
        changed,
        ...(hatsChanged ? { teams: hats.teams } : {}),
        ...(hats.roleClub !== oldClub ? { roleClub: { from: oldClub, to: hats.roleClub } } : {}),
        ...(newParents.length ? { parents: newParents } : {}),
      });
    }
    for (const d of demotions) {
      if (managers <= 1) {
        errors.push({
          ligne: d.line,
          colonne: header('role'),
          message: MEMBER_FIELD_MESSAGES.lastManager,
        });
        continue;
      }
      managers--;
    }
    return plans;
  }

  /** Writes the planned rows in `tx` (a savepoint of the request's transaction). */
  async function write(
    tx: DbOrTx,
    actor: Actor,
    plans: readonly Plan[],
    summary: { lignes: number; crees: number; misAJour: number; inchanges: number } & {
      encoding: string;
      delimiter: string;
    },
  ) {
    const clubId = actor.clubId;
    const creates = plans.filter((p): p is PlannedCreate => p.kind === 'create');
    const updates = plans.filter((p): p is PlannedUpdate => p.kind === 'update');
    const entries: AuditEntry[] = [];
    // Principal role of a row with hats (hats.ts); the spec's single role otherwise.
    const insertedRole = (c: PlannedCreate) =>
      c.hats
        ? principalRole(
            { roleClub: c.hats.roleClub, equipes: c.hats.teams, hasChildren: false },
            c.input.role,
          )
        : (c.input.role ?? 'JOUEUR');
    const withEmail = creates.filter((c) => c.input.email);
    const idByEmail = await repo.insertMany(
      tx,
      withEmail
        .map((c) => ({
          ...c,
          input: { ...c.input, role: insertedRole(c) },
        }))
        .map(({ input, teamIds }) => ({
          club_id: clubId,
          team_id: teamIds[0] ?? null,
          nom: input.nom,
          prenom: input.prenom,
          date_naissance: input.dateDeNaissance ?? null,
          genre: input.genre ?? null,
          email: input.email,
          telephone: input.numeroTelephone ?? null,
          numero_licence: input.numeroLicence ?? null,
          // The spec's single role: the insert trigger makes a leader role the club role, and
          // every team membership takes a team role (migration 0015).
          role: input.role ?? 'JOUEUR',
          statut: input.statut ?? 'Actif',
          taille: input.taille ?? null,
          poids: input.poids ?? null,
          numero: input.numero ?? null,
          poste: input.poste ?? null,
        })),
    );
    // A child without e-mail (decision 0111): one insert each, the guardians are linked below.
    const idOf = new Map<PlannedCreate, number>();
    for (const c of creates) {
      if (c.input.email) {
        idOf.set(c, idByEmail.get(c.input.email.toLowerCase())!);
        continue;
      }
      const i = c.input;
      idOf.set(
        c,
        await repo.insert(tx, {
          clubId,
          teamId: c.teamIds[0] ?? null,
          nom: i.nom,
          prenom: i.prenom,
          dateNaissance: i.dateDeNaissance ?? null,
          genre: i.genre ?? null,
          email: null,
          telephone: i.numeroTelephone ?? null,
          numeroLicence: i.numeroLicence ?? null,
          role: insertedRole(c),
          statut: i.statut ?? 'Actif',
          taille: i.taille ?? null,
          poids: i.poids ?? null,
          numero: i.numero ?? null,
          poste: i.poste ?? null,
          passwordHash: null,
        }),
      );
    }
    const newIds = creates.map((c) => idOf.get(c)!);
    // The primary team's membership is the insert trigger's; the others are added here, or the
    // row's hats set every team's role.
    await repo.addMemberships(
      tx,
      clubId,
      creates.flatMap((c, i) =>
        c.hats ? [] : c.teamIds.slice(1).map((teamId) => ({ memberId: newIds[i]!, teamId })),
      ),
    );
    for (const [i, c] of creates.entries())
      if (c.hats?.teams.length) await repo.setTeams(tx, clubId, newIds[i]!, c.hats.teams);
    // Guardians by e-mail, the file's new members included; never removed.
    const parentId = (p: ParentRef) => p.id ?? idByEmail.get(p.email);
    const linkParents = async (childId: number, current: readonly number[], refs: ParentRef[]) => {
      const ids = refs.map(parentId).filter((id): id is number => typeof id === 'number');
      if (ids.length)
        await repo.setParents(tx, clubId, childId, [...new Set([...current, ...ids])]);
    };
    for (const [i, c] of creates.entries()) await linkParents(newIds[i]!, [], c.parents);
    for (const u of updates) if (u.parents) await linkParents(u.row.id, u.row.parentIds, u.parents);
    creates.forEach((c, i) =>
      entries.push({
        clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'member',
        entityId: newIds[i]!,
        details: {
          role: insertedRole(c),
          teamIds: c.teamIds,
          ...(c.hats ? { roleClub: c.hats.roleClub, teams: c.hats.teams } : {}),
          ...(c.parents.length ? { parentIds: c.parents.map(parentId) } : {}),
          invitation: !!c.input.email,
          import: true,
        },
      }),
    );
    for (const u of updates) {
      const values = u.roleClub
        ? { ...u.values, clubRole: u.roleClub.to, role: u.roleClub.to ?? 'JOUEUR' }
        : u.values;
      if (Object.keys(values).length) await repo.update(tx, clubId, u.row.id, values);
      if (u.teams) await repo.setTeams(tx, clubId, u.row.id, u.teams);
      entries.push({
        clubId,
        actorMemberId: actor.id,
        action: 'update',
        entity: 'member',
        entityId: u.row.id,
        details: {
          fields: u.changed,
          import: true,
          ...(u.roleClub ? { roleClub: u.roleClub } : {}),
          ...(u.parents ? { parentIds: u.parents.map(parentId) } : {}),
          ...(u.teams
            ? {
                teams: { from: u.row.teams.map((t) => ({ id: t.id, role: t.role })), to: u.teams },
                teamIds: { from: u.row.teams.map((t) => t.id), to: u.teams.map((t) => t.id) },
              }
            : {}),
        },
      });
    }

    // Convocations follow teams and the JOUEUR role, as for a member saved from the form: after
    // the commit, by the queued job (members.import-jobs.ts). No convocation mail per match: a
    // season's file would send each new player one per upcoming match before their invitation.
    const convoke = [
      ...newIds.filter((_, i) => creates[i]!.teamIds.length),
      ...updates.filter((u) => u.teams).map((u) => u.row.id),
    ];

    entries.push({
      clubId,
      actorMemberId: actor.id,
      action: 'import',
      entity: 'member',
      entityId: null,
      details: summary,
    });
    await auditMany(tx, entries);
    // No invitation without an address: the guardians get the child's mails (decision 0111).
    const invite = newIds.filter((_, i) => creates[i]!.input.email);
    await deps.queueFollowUp(tx, clubId, { invite, convoke });
  }
}

/** The French message of a refused cell: required, or the import's wording of a format. */
function fieldMessage(
  f: TImportField,
  value: unknown,
  zodMessage: string,
  cellText: string | undefined,
): string {
  if (f === 'email' && zodMessage === MEMBER_FIELD_MESSAGES.childNeedsGuardian)
    return M.childWithoutEmail;
  if (f === 'roleClub') return M.roleClubInvalid;
  if (f === 'equipes' || f === 'parents') return cellText ? zodMessage : M.required;
  if (value === undefined) return f === 'email' ? M.emailRequired : M.required;
  if (f === 'dateDeNaissance') return cellDateMessage(String(value));
  if (f === 'genre') return M.genreInvalid;
  if (f === 'role') return M.roleInvalid;
  return zodMessage;
}
