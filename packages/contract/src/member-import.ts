import { z } from 'zod';
import {
  GENDERS,
  ROLES,
  ROLE_LABELS,
  type ClubRole,
  type Gender,
  type Role,
  type TeamRole,
} from './enums.ts';
import { normalizeText } from './text.ts';

/**
 * The members file of the season's start (export and import, CSV for French spreadsheet
 * software): its columns and French headers, the headers an import recognises, how cell values
 * are read, the limits and the import's report. The server reads and writes the files; the
 * screens show the report. docs/decisions/0070-member-import-export.md explains the choices.
 */

/** Upload limits: one file of at most 2 MiB and 5,000 member rows. */
export const MEMBER_IMPORT_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxRows: 5000,
  /** Teams listed in one cell. */
  maxTeamsPerRow: 20,
} as const;

/** The fields a file's column may fill; `categorie` is recognised and ignored (it is computed). */
export const IMPORT_FIELDS = [
  'nom',
  'prenom',
  'dateDeNaissance',
  'genre',
  'email',
  'numeroTelephone',
  'numeroLicence',
  'role',
  /** Hats (docs/decisions/0110): the club role, each team's role, a child's guardians. */
  'roleClub',
  'statut',
  'equipes',
  'parents',
  'categorie',
  'numero',
  'poste',
  'taille',
  'poids',
] as const;
export type TImportField = (typeof IMPORT_FIELDS)[number];

/** The export's columns, in order, with their French headers (the import reads them back). */
export const MEMBER_CSV_HEADERS: Record<TImportField, string> = {
  nom: 'Nom',
  prenom: 'Prénom',
  dateDeNaissance: 'Date de naissance',
  genre: 'Genre',
  email: 'E-mail',
  numeroTelephone: 'Téléphone',
  numeroLicence: 'N° licence',
  role: 'Rôle',
  roleClub: 'Rôle club',
  statut: 'Statut',
  equipes: 'Équipes (rôle)',
  parents: 'Parents',
  categorie: 'Catégorie',
  numero: 'Numéro',
  poste: 'Poste',
  taille: 'Taille (cm)',
  poids: 'Poids (kg)',
};

/** A header as compared: without accents, case, spaces or punctuation ('Né(e) le' → 'neele'). */
export function headerKey(header: string): string {
  return normalizeText(header)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The headers each field answers to, compared by headerKey: the export's own, the federations'
 * extracts and what people type in a spreadsheet.
 */
const HEADER_SYNONYMS: Record<TImportField, readonly string[]> = {
  nom: ['Nom', 'Nom de famille', 'Nom de naissance', "Nom d'usage", 'Last name', 'Lastname'],
  prenom: ['Prénom', 'Prénoms', 'First name', 'Firstname'],
  dateDeNaissance: [
    'Date de naissance',
    'Né(e) le',
    'Né le',
    'Née le',
    'Naissance',
    'Date naissance',
    'Date de naiss.',
    'DDN',
    'Birth date',
    'Birthdate',
  ],
  genre: ['Genre', 'Sexe', 'Civilité', 'Gender', 'Sex'],
  email: [
    'E-mail',
    'Email',
    'Courriel',
    'Mail',
    'Adresse e-mail',
    'Adresse mail',
    'Adresse électronique',
    'Adresse courriel',
  ],
  numeroTelephone: [
    'Téléphone',
    'Tél',
    'Tel.',
    'Mobile',
    'Portable',
    'Téléphone portable',
    'Téléphone mobile',
    'N° de téléphone',
    'Numéro de téléphone',
    'Phone',
  ],
  numeroLicence: [
    'N° licence',
    'Licence',
    'N° de licence',
    'Numéro de licence',
    'Numéro licence',
    'No licence',
    'Num licence',
    'License',
  ],
  role: ['Rôle', 'Fonction', 'Qualité', 'Role'],
  statut: ['Statut', 'État'],
  roleClub: ['Rôle club', 'Rôle au club', 'Rôle dans le club'],
  equipes: ['Équipes (rôle)', 'Équipe (rôle)', 'Équipes', 'Équipe', 'Équipe(s)', 'Team', 'Teams'],
  parents: [
    'Parents',
    'Parent',
    'E-mail des parents',
    'E-mail parent',
    'Responsables légaux',
    'Responsable légal',
  ],
  categorie: ['Catégorie', 'Catégorie d’âge', "Catégorie d'âge", 'Cat.'],
  numero: ['Numéro', 'N°', 'Numéro de maillot', 'Maillot', 'Dossard'],
  poste: ['Poste', 'Position'],
  taille: ['Taille (cm)', 'Taille'],
  poids: ['Poids (kg)', 'Poids'],
};

const FIELD_BY_KEY = new Map<string, TImportField>(
  IMPORT_FIELDS.flatMap((f) => HEADER_SYNONYMS[f].map((h) => [headerKey(h), f] as const)),
);

/** The field a file's header names, or null (the column is then ignored). */
export function importFieldOf(header: string): TImportField | null {
  return FIELD_BY_KEY.get(headerKey(header)) ?? null;
}

/**
 * Formula injection (OWASP "CSV injection"): a cell a spreadsheet would run as a formula starts
 * with = + - @, a tab or a carriage return. The export writes such a value behind an apostrophe
 * (shown as text by Excel and LibreOffice); the import takes the apostrophe off again, so that an
 * exported file imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
export function unneutralizeFormula(value: string): string {
  const text = SPREADSHEET_TEXT.exec(value);
  if (text) return text[1]!;
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * A phone number for a spreadsheet: Excel and LibreOffice read 0612345678 as the number 612345678
 * (the leading 0 lost) and +33612345678 as a formula. The export writes a phone made only of
 * digits, spaces, dots, hyphens, parentheses and a leading + as the text formula ="0612345678",
 * which both display as the text 0612345678 (an apostrophe would stay visible in a CSV). Its
 * characters cannot close the quoted string, so user data never becomes a formula; any other
 * value is neutralised as above. The import reads ="…" back as its text.
 */
const PHONE_CHARACTERS = /^\+?[0-9][0-9 .()-]*$/;
const SPREADSHEET_TEXT = /^="(\+?[0-9][0-9 .()-]*)"$/;
export function phoneForSpreadsheet(value: string): string {
  return PHONE_CHARACTERS.test(value) ? `="${value}"` : neutralizeFormula(value);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isRealDate = (y: number, m: number, d: number) =>
  y >= 1900 &&
  y <= 2999 &&
  m >= 1 &&
  m <= 12 &&
  d >= 1 &&
  d <= new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * A date cell: jj/mm/aaaa (also with - or . and one-digit day or month), or ISO aaaa-mm-jj, either
 * possibly followed by a time (spreadsheets add 00:00). Returns 'aaaa-mm-jj', or null when the cell
 * is not a date.
 */
export function parseCellDate(value: string): string | null {
  const v = value.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(v);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
  }
  m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      v,
    );
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
  }
  return null;
}

/**
 * The message of a date cell parseCellDate refused: a well-formed date of the calendar's years that
 * does not exist (31/02/2014, 2014-02-30, 13/13/2014) says so; anything else names the format.
 */
export function cellDateMessage(value: string): string {
  const v = value.trim();
  const fr = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T]|$)/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]|$)/.exec(v);
  const year = Number(fr?.[3] ?? iso?.[1] ?? NaN);
  return year >= 1900 && year <= 2999 && parseCellDate(v) === null
    ? MEMBER_IMPORT_MESSAGES.dateNonexistent(v)
    : MEMBER_IMPORT_MESSAGES.dateInvalid;
}

/** 'aaaa-mm-jj' → 'jj/mm/aaaa' (the export's dates); '' for anything else. */
export function frenchDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const GENDER_WORDS: Record<string, Gender> = {
  H: 'Homme',
  M: 'Homme',
  HOMME: 'Homme',
  MASCULIN: 'Homme',
  MASC: 'Homme',
  GARCON: 'Homme',
  MONSIEUR: 'Homme',
  'M.': 'Homme',
  F: 'Femme',
  FEMME: 'Femme',
  FEMININ: 'Femme',
  FEM: 'Femme',
  FILLE: 'Femme',
  MADAME: 'Femme',
  MME: 'Femme',
  MLLE: 'Femme',
  AUTRE: 'Autre',
  X: 'Autre',
};

/** A gender cell ('F', 'Masculin', 'Mme'…) → a stored gender, or null when not recognised. */
export function parseCellGender(value: string): Gender | null {
  const v = normalizeText(value);
  const known = GENDER_WORDS[v] ?? GENDER_WORDS[v.replace(/\.$/, '')];
  if (known) return known;
  return (GENDERS as readonly string[]).includes(value.trim()) ? (value.trim() as Gender) : null;
}

const ROLE_WORDS = new Map<string, Role>([
  ...ROLES.map((r) => [r, r] as const),
  ...ROLES.map((r) => [normalizeText(ROLE_LABELS[r]), r] as const),
  ['JOUEUSE', 'JOUEUR'],
  ['ENTRAINEUSE', 'ENTRAINEUR'],
  ['COACH', 'ENTRAINEUR'],
  ['DIRIGEANTE', 'DIRIGEANT'],
  ['PRESIDENT', 'DIRIGEANT'],
  ['PRESIDENTE', 'DIRIGEANT'],
  ['PARENTS', 'PARENT'],
]);

/** A role cell, in French words ('Entraîneuse', 'joueur') or as a code ('ENTRAINEUR') → a role. */
export function parseCellRole(value: string): Role | null {
  return ROLE_WORDS.get(normalizeText(value)) ?? null;
}

/** A « Rôle club » cell: Dirigeant, Responsable (any case, or a code) or Aucun; undefined if not one. */
export function parseCellClubRole(value: string): ClubRole | null | undefined {
  const v = normalizeText(value);
  if (v === '' || v === 'AUCUN' || v === 'NON' || v === '-') return null;
  const role = parseCellRole(value);
  return role === 'DIRIGEANT' || role === 'RESPONSABLE' ? role : undefined;
}

/** A team's role in an « Équipes (rôle) » cell: Entraîneur, Joueur, Parent or Aucun; undefined if not one. */
export function parseCellTeamRole(value: string): TeamRole | null | undefined {
  const v = normalizeText(value);
  if (v === 'AUCUN' || v === '-') return null;
  const role = parseCellRole(value);
  return role === 'ENTRAINEUR' || role === 'JOUEUR' || role === 'PARENT' ? role : undefined;
}

/**
 * One team of an « Équipes (rôle) » cell: « U11 (Entraîneur) » → { name: 'U11', role: 'Entraîneur' };
 * a name without a role in brackets has `role` undefined. A team named with brackets (« U13 (A) »)
 * is recognised by the caller, who first looks the whole piece up.
 */
export function splitTeamAndRole(piece: string): { name: string; role?: string } {
  const m = /^(.*\S)\s*\(([^()]*)\)$/.exec(piece.trim());
  return m ? { name: m[1]!, role: m[2]!.trim() } : { name: piece.trim() };
}

/** The export's « Équipes (rôle) » cell: « U11 (Entraîneur), Vétérans (Joueur) »; a team without a team role by its name. */
export function formatTeamHats(teams: readonly { nom: string; role?: string | null }[]): string {
  return teams
    .map((t) => {
      const role = t.role ? ROLE_LABELS[t.role as Role] : undefined;
      return role ? `${t.nom} (${role})` : t.nom;
    })
    .join(', ');
}

/** The e-mail addresses of a « Parents » cell (« Marc Petit <marc@exemple.fr> » as well). */
export function parentEmailsOf(value: string): string[] {
  return [
    ...new Set((value.match(/[^\s<>,;|()"']+@[^\s<>,;|()"']+/g) ?? []).map((e) => e.toLowerCase())),
  ];
}

/** The names of a teams cell: the whole cell when it is one team's name, else split on , ; | /. */
export function splitTeamNames(value: string): string[] {
  return value
    .split(/[,;|/\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const IMPORT_OUTCOMES = ['NOUVEAU', 'MIS_A_JOUR', 'INCHANGE', 'ERREUR'] as const;
export type TImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_OUTCOME_LABELS: Record<TImportOutcome, string> = {
  NOUVEAU: 'Nouveau',
  MIS_A_JOUR: 'Mis à jour',
  INCHANGE: 'Inchangé',
  ERREUR: 'Erreur',
};

/** One refused cell or row: `ligne` counts the header as line 1 (as a spreadsheet numbers rows). */
export const ZImportErrorSchema = z.object({
  ligne: z.number(),
  /** The header of the column as written in the file ('' when the whole row or file is at fault). */
  colonne: z.string(),
  message: z.string(),
});
export type TImportError = z.infer<typeof ZImportErrorSchema>;

export const ZImportReportSchema = z.object({
  /** Member rows read (the header not counted). */
  lignes: z.number(),
  crees: z.number(),
  misAJour: z.number(),
  inchanges: z.number(),
  erreurs: z.array(ZImportErrorSchema),
  /** true when nothing was written (a simulation, or a refused import). */
  simulation: z.boolean(),
  /** The file's columns, each with the member field it fills (null: ignored). */
  colonnes: z.array(z.object({ entete: z.string(), champ: z.enum(IMPORT_FIELDS).nullable() })),
  /** Each row's outcome and cells, for the preview (simulations only). */
  apercu: z
    .array(
      z.object({
        ligne: z.number(),
        resultat: z.enum(IMPORT_OUTCOMES),
        /** The row's cells, in the order of `colonnes`. */
        valeurs: z.array(z.string()),
        /** Headers of the columns whose value changes the member (an update). */
        modifications: z.array(z.string()),
      }),
    )
    .optional(),
  /** A refused import (422): what to do, in French. */
  message: z.string().optional(),
});
export type TImportReport = z.infer<typeof ZImportReportSchema>;

/** POST …/import?simulation=true|false (absent = a real import). */
export const ZImportQuerySchema = z.object({
  simulation: z
    .enum(['true', 'false'], { error: 'Valeur attendue : true ou false.' })
    .optional()
    .transform((v) => v === 'true'),
});

/** What the import and the export answer in French. */
export const MEMBER_IMPORT_MESSAGES = {
  fileMissing: 'Aucun fichier reçu : choisissez un fichier CSV (champ « fichier »).',
  fileType:
    'Le fichier doit être au format CSV (colonnes séparées par des points-virgules, des virgules ou des tabulations). Dans votre tableur : Enregistrer sous › CSV.',
  spreadsheet:
    'Ce fichier est un classeur Excel ou OpenDocument : enregistrez-le au format CSV depuis votre tableur, puis importez le fichier CSV.',
  tooLarge: 'Le fichier ne doit pas dépasser 2 Mo.',
  tooManyRows: `Le fichier ne doit pas dépasser ${MEMBER_IMPORT_LIMITS.maxRows.toLocaleString('fr-FR')} lignes de membres.`,
  empty: 'Le fichier ne contient aucune ligne de membre sous la ligne des en-têtes.',
  encoding:
    'Encodage du fichier non reconnu : enregistrez-le au format « CSV UTF-8 » depuis votre tableur.',
  malformed: 'Ligne illisible : un guillemet n’est pas refermé.',
  missingColumn: (header: string) => `Colonne obligatoire absente : « ${header} ».`,
  missingKey: 'Il faut une colonne « E-mail » ou « N° licence » pour reconnaître les membres.',
  duplicateColumn: (header: string) =>
    `La colonne « ${header} » apparaît deux fois : gardez-en une seule.`,
  required: 'Ce champ est obligatoire pour un nouveau membre.',
  emailRequired: 'L’e-mail est obligatoire pour un nouveau membre (il reçoit son invitation).',
  dateInvalid: 'Date invalide (format attendu : jj/mm/aaaa).',
  dateNonexistent: (date: string) => `Cette date n’existe pas (${date}).`,
  genreInvalid: 'Genre invalide (Homme, Femme ou Autre ; H ou F).',
  roleInvalid: 'Rôle invalide (Joueur, Entraîneur, Parent, Responsable ou Dirigeant).',
  roleClubInvalid: 'Rôle club invalide (Dirigeant, Responsable ou Aucun).',
  teamRoleInvalid: (team: string, role: string) =>
    `Rôle invalide pour l’équipe « ${team} » : « ${role} » (Entraîneur ou Joueur).`,
  parentUnknown: (email: string) =>
    `Parent introuvable : aucun membre du club ni aucune ligne du fichier n’a l’e-mail « ${email} ».`,
  parentMissing: 'Indiquez l’e-mail de chaque parent (par exemple marc.petit@exemple.fr).',
  /** A child without e-mail (decision 0111): the guardians receive the child's mails. */
  childWithoutEmail:
    'Sans e-mail, un enfant doit avoir au moins un parent : indiquez son e-mail, ou l’e-mail d’un parent dans la colonne « Parents ».',
  teamUnknown: (name: string) => `Équipe inconnue dans ce club : « ${name} ».`,
  duplicateRow: (line: number) => `Ce membre figure déjà à la ligne ${line} du fichier.`,
  emailOfOther: (line: number | null) =>
    line
      ? `Cette adresse e-mail est celle du membre de la ligne ${line}.`
      : 'Cette adresse e-mail est déjà celle d’un autre membre du club.',
  refused: (n: number) =>
    `Import refusé : ${n} erreur${n > 1 ? 's' : ''} dans le fichier. Rien n’a été enregistré ; corrigez le fichier puis recommencez.`,
} as const;
