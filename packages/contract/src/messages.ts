/**
 * Every French message of spec §5 and §8, verbatim (typographic apostrophes kept where the spec has them).
 * Both the web app and the server import these; messages.test.ts pins them to the spec.
 */
export const LOGIN_MESSAGES = {
  emailRequired: 'Il faut entrer un email.',
  emailInvalid: "L'email est incorrect.",
  passwordRequired: 'Il faut entrer un mot de passe.',
  passwordRule:
    'Le mot de passe doit contenir au moins 12 caractères, avec 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
  submitting: 'Connexion...',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez plus tard.',
  cooldown: (seconds: number) => `Trop de tentatives. Réessayez dans ${seconds}s.`,
  badCredentials: 'Email ou mot de passe incorrect.',
  networkOrServer: 'Erreur réseau ou serveur.',
  unknownRole: 'Rôle non autorisé.',
  redirectError: 'Erreur de redirection : rôle, club ou équipe manquant.',
} as const;

export const REGISTRATION_MESSAGES = {
  allRequired: 'Veuillez remplir tous les champs du formulaire.',
  emailRequired: 'L’email est requis.',
  emailInvalid: 'Email invalide (format attendu : {email}).',
  fixEmail: 'Veuillez corriger l’email.',
  passwordRule:
    'Le mot de passe doit contenir au moins 12 caractères, 1 majuscule, 1 minuscule, 1 chiffre, 1 caractère spécial.',
  fixPassword: 'Veuillez corriger le mot de passe.',
  emailTaken: 'Impossible de créer un compte avec cette adresse.',
  /** The e-mail of an account: it signs in and creates another club (docs/decisions/0112). */
  accountExists: 'Un compte existe déjà avec cet e-mail : connectez-vous pour créer un autre club.',
  clubTaken: 'Ce nom de club est déjà utilisé.',
  fixConflicts: 'Veuillez corriger les erreurs (email ou club déjà utilisé).',
  conflict: 'Conflit de données.',
  invalid: 'Données invalides. Merci de corriger le formulaire.',
  generic: "Une erreur s'est produite lors de l'inscription.",
  success: 'Inscription réussie !',
} as const;

export const CONTACT_MESSAGES = {
  nomRequired: 'Le nom est requis.',
  prenomRequired: 'Le prénom est requis.',
  sujetRequired: 'Le sujet est requis.',
  messageRequired: 'Le message est requis.',
  emailInvalid: "L'email est invalide.",
  /** docs/architecture.md §11: self-hosted captcha instead of reCAPTCHA. */
  captchaRequired: 'Veuillez valider le captcha.',
  honeypot: 'La soumission a été bloquée (détection anti-bot).',
  submitting: 'Envoi en cours...',
  serverError: (status: number) => `Erreur serveur : ${status}`,
  network: 'Erreur réseau : impossible de contacter le serveur.',
  other: (message: string) => `Erreur : ${message}`,
  unexpected: 'Une erreur inattendue est survenue.',
  success: '✅ Message envoyé avec succès !',
} as const;

export const PASSWORD_RESET_MESSAGES = {
  mismatch: '❌ Les deux mots de passe ne correspondent pas.',
  failure: '❌ Erreur lors de la réinitialisation du mot de passe.',
  success: '✅ Mot de passe mis à jour avec succès !',
} as const;

export const SETTINGS_MESSAGES = {
  currentPasswordRequired: 'Veuillez saisir votre mot de passe actuel.',
  newPasswordRule:
    'Le nouveau mot de passe doit avoir au moins 12 caractères, dont 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
  confirmationMismatch: 'La confirmation ne correspond pas.',
  passwordUpdateFailed: 'Échec de la mise à jour du mot de passe.',
  emailUnavailable: 'Email non disponible pour la mise à jour.',
  clubLoadFailed: 'Impossible de charger les infos du club.',
  saveFailed: '❌ Erreur lors de l’enregistrement',
  clubIdMissing: '❌ ID du club non disponible.',
  deleteFailed: '❌ Échec de la suppression du club.',
  confirmDeletionFirst: '❌ Confirme d’abord la suppression (case + taper SUPPRIMER).',
  saved: '✅ Modifications enregistrées !',
  passwordUpdated: '✅ Mot de passe mis à jour.',
  clubDeleted: 'Club supprimé définitivement.',
  onlyManagerEdit: 'Seul le dirigeant peut modifier le club.',
  onlyManagerDelete: 'Seul le dirigeant peut supprimer le club.',
  managerOnlyZone: 'Modification réservée au dirigeant',
} as const;

export const MEMBERS_MESSAGES = {
  noClubId: 'Aucun id de club trouvé. Veuillez vous reconnecter.',
  loadFailed: 'Erreur lors du chargement des membres.',
  saveFailed: "Erreur lors de l'enregistrement du membre.",
  deleteFailed: 'Erreur lors de la suppression du membre.',
  searchFailed: 'Erreur lors de la recherche.',
  confirmDelete: 'Voulez-vous vraiment supprimer ce membre ?',
} as const;

export const TEAMS_MESSAGES = {
  empty: 'Aucune équipe trouvée pour ce club.',
  confirmDelete: 'Voulez-vous vraiment supprimer cette équipe ?',
} as const;

export const TEAM_MEMBERS_MESSAGES = {
  loadFailed: "Erreur lors du chargement des membres de l'équipe.",
  editFailed: 'Erreur lors de la modification.',
  searchFailed: 'Erreur recherche.',
} as const;

export const PROFILE_MESSAGES = {
  loadFailed: 'Impossible de charger votre profil.',
  saveFailed: '❌ Erreur lors de la sauvegarde.',
  success: '✅ Profil mis à jour avec succès !',
} as const;

export const DASHBOARD_MESSAGES = {
  unknownRole: 'Rôle inconnu ou non autorisé.',
  selectTeam: 'Sélectionnez une équipe.',
  noEventToday: 'Aucun événement pour aujourd’hui.',
  noMember: 'Aucun membre trouvé',
} as const;

export const EVENT_MESSAGES = {
  matchNeedsTeam: 'Pour un match, sélectionne au moins une équipe.',
  confirmDelete: 'Supprimer cet événement ?',
  chooseBaseTeamFirst: "Choisir d'abord l'équipe (base)",
} as const;

export const MATCH_MESSAGES = {
  teamRequired: "Sélection d'équipe requise",
  teamMissing: 'Équipe non définie (equipeId manquant)',
  loadFailed: 'Erreur de chargement',
  loadFailedPrefix: (message: string) => `Impossible de charger — ${message}`,
  loading: 'Chargement des matches…',
  empty: 'Aucun match correspondant.',
  scoreFailed: 'Erreur lors de la mise à jour du score',
  convocationsLoadFailed: 'Erreur lors du chargement des convocations',
  saveFailed: "Erreur lors de l'enregistrement",
  justificationRequired: (prenom: string, nom: string) =>
    `Justificatif obligatoire pour ${prenom} ${nom}.`,
  notConvoked: "Vous n'êtes pas convoqué(e) pour ce match.",
  notActive: "Votre statut n'est pas ACTIF. Vous ne pouvez pas répondre aux convocations.",
} as const;

/**
 * The Web Push told to a team's families during a match (docs/decisions/0140-push-on-match-events.md):
 * not in the spec (NOT_FROM_SPEC). `score` is the line « Seniors 2 – 1 FC Voisin ».
 */
export const MATCH_PUSH_MESSAGES = {
  /** « But ! Seniors 2 – 1 FC Voisin » */
  goalTitle: (action: string, score: string) => `${action} ! ${score}`,
  /** « Alice, 23e minute » */
  goalBody: (prenom: string, minute: string) => `${prenom}, ${minute} minute`,
  finalScoreTitle: 'Score final',
} as const;

/** Server-side generic answers (docs/architecture.md §10). */
export const SERVER_MESSAGES = {
  badRequest: 'Requête invalide.',
  validation: 'Données invalides. Merci de corriger le formulaire.',
  malformedJson: 'Le corps de la requête n’est pas un JSON valide.',
  malformedMultipart: 'Fichier envoyé incomplet ou mal formé. Réessayez l’envoi.',
  unauthenticated: 'Authentification requise.',
  sessionExpired: 'Session expirée. Veuillez vous reconnecter.',
  forbidden: 'Action non autorisée.',
  csrf: 'Jeton anti-falsification invalide ou manquant.',
  notFound: 'Ressource introuvable.',
  routeNotFound: 'Adresse introuvable.',
  conflict: 'Conflit de données.',
  payloadTooLarge: 'Requête trop volumineuse.',
  headersTooLarge: 'En-têtes de la requête trop volumineux.',
  requestTimeout: 'La requête a pris trop de temps. Réessayez.',
  unsupportedMediaType: 'Type de contenu non pris en charge.',
  tooManyRequests: 'Trop de requêtes. Réessayez plus tard.',
  unavailable: 'Service momentanément indisponible. Réessayez dans un instant.',
  shuttingDown: 'Le serveur redémarre. Réessayez dans un instant.',
  internal: 'Erreur interne du serveur. Réessayez plus tard.',
  required: 'Ce champ est requis.',
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  tooShort: (min: number) => `Ce champ doit contenir au moins ${min} caractères.`,
  invalidValue: 'Valeur invalide.',
  controlCharacters: 'Ce champ contient des caractères non autorisés.',
  unknownField: 'Champ non autorisé.',
  invalidDate: 'Date invalide (format attendu : AAAA-MM-JJ).',
  idempotencyKeyInvalid:
    'En-tête Idempotency-Key invalide : de 1 à 255 caractères imprimables sans espace.',
  idempotencyKeyReused: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
  idempotencyInProgress:
    'Une requête avec la même clé d’idempotence est en cours de traitement. Réessayez dans un instant.',
} as const;
