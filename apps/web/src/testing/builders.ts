import type {
  TClub,
  TConvocation,
  TCurrentMember,
  TDashboardEvent,
  TDashboardMember,
  TEvent,
  TMatch,
  TAccountData,
  TExportedMember,
  TMember,
  TSessionInfo,
  TTeam,
} from '@club/contract';

/**
 * Test data typed with the contract's types: a builder gives a complete, valid object and the test
 * overrides only what it is about. Ids are fixed so that a test reads as the data it states.
 */

/** A player of team 3 ('Seniors') in club 1. */
export function aMember(overrides: Partial<TMember> = {}): TMember {
  return {
    id: 10,
    nom: 'Durand',
    prenom: 'Léo',
    dateDeNaissance: '2006-03-04',
    genre: 'Homme',
    email: 'leo@example.org',
    numeroTelephone: '0600000000',
    numeroLicence: null,
    role: 'JOUEUR',
    statut: 'Actif',
    nomEquipe: 'Seniors',
    avatarUrl: null,
    taille: null,
    poids: null,
    numero: null,
    poste: null,
    idClub: 1,
    idEquipe: 3,
    equipes: [{ id: 3, nom: 'Seniors' }],
    categorie: 'Senior',
    ...overrides,
  };
}

/** Team 3 ('Seniors') of club 1, with both spellings of its category. */
export function aTeam(overrides: Partial<TTeam> = {}): TTeam {
  const category = overrides.category ?? overrides.categorie ?? 'Senior';
  return {
    id: 3,
    nom: 'Seniors',
    division: 'Régional 1',
    idClub: 1,
    presentParDefaut: false,
    ...overrides,
    category,
    categorie: category,
  };
}

/**
 * The signed-in member (GET /api/dashboard/infos): by default the DIRIGEANT of club 2 'FC Été'.
 * `equipes` defaults to the primary team alone (idEquipe / nomEquipe), as the server answers.
 */
export function aCurrentMember(overrides: Partial<TCurrentMember> = {}): TCurrentMember {
  const member = {
    id: 1,
    idClub: 2,
    idEquipe: null,
    role: 'DIRIGEANT',
    email: 'a@b.fr',
    nom: 'Dupont',
    prenom: 'Jeanne',
    nomClub: 'FC Été',
    nomEquipe: null,
    statut: 'Actif',
    equipes: [],
    ...overrides,
  } satisfies Omit<TCurrentMember, 'equipes'>;
  const primary =
    member.idEquipe != null && member.nomEquipe != null
      ? [{ id: member.idEquipe, nom: member.nomEquipe }]
      : [];
  return { ...member, equipes: overrides.equipes ?? primary };
}

/** The answer of a login (POST /auth/connexion/login): the DIRIGEANT of aCurrentMember(). */
export function aSessionInfo(overrides: Partial<TSessionInfo> = {}): TSessionInfo {
  return {
    id: 1,
    idClub: 2,
    idEquipe: null,
    role: 'DIRIGEANT',
    email: 'a@b.fr',
    nomEquipe: null,
    nomClub: 'FC Été',
    statut: 'Actif',
    ...overrides,
  };
}

/** What GET /api/compte/donnees answers for a member without children (the export file). */
export function anAccountExport(overrides: Partial<TExportedMember['profil']> = {}): TAccountData {
  const at = '2026-11-26T10:00:00.000Z';
  const channels = { email: true, push: true };
  return {
    application: 'Club Manager',
    exporteLe: at,
    moi: {
      profil: {
        id: 1,
        nom: 'Dupont',
        prenom: 'Jeanne',
        dateDeNaissance: '1990-01-01',
        genre: 'Femme',
        email: 'a@b.fr',
        numeroTelephone: null,
        numeroLicence: null,
        role: 'DIRIGEANT',
        roleClub: 'DIRIGEANT',
        statut: 'Actif',
        taille: null,
        poids: null,
        numero: null,
        poste: null,
        avatarUrl: null,
        partageCoordonnees: false,
        creeLe: at,
        modifieLe: at,
        activeLe: at,
        motDePasseChangeLe: null,
        ...overrides,
      },
      club: { id: 2, nom: 'FC Été' },
      equipes: [],
      parents: [],
      enfants: [],
      convocations: [],
      presences: [],
      sessions: [],
      abonnementsCalendrier: [],
      appareilsNotifications: [],
      covoiturage: { conduites: [], places: [] },
      messages: { conversations: [], ecrits: [] },
      preferencesNotifications: {
        emails: true,
        canaux: {
          convocations: channels,
          rappels: channels,
          annonces: channels,
          messages: channels,
          annulations: channels,
          changements: channels,
          matchs: channels,
        },
      },
      paiements: [],
      journal: [],
    },
    enfants: [],
  };
}

/** Club 2 'FC Été' (GET /api/clubs/{id}), without logo. */
export function aClub(overrides: Partial<TClub> = {}): TClub {
  return {
    id: 2,
    nom: 'FC Été',
    description: null,
    pays: 'France',
    ville: 'Nantes',
    adresse: null,
    numeroTelephone: null,
    sportNom: 'Football',
    logoUrl: null,
    moisDebutSaison: 7,
    ageMinimumMessagerie: 0,
    conservationMessagesSaisons: 2,
    ...overrides,
  };
}

/** Event 100: a training of team 3 on 12 March 2030, 18:00–20:00 (club-local wall clock). */
export function anEvent(overrides: Partial<TDashboardEvent> = {}): TDashboardEvent {
  return {
    id: 100,
    nom: 'Entraînement',
    type: 'ENTRAINEMENT',
    dateDebut: '2030-03-12T18:00:00',
    dateFin: '2030-03-12T20:00:00',
    lieux: 'Gymnase Nord',
    equipesIds: [3],
    equipe: null,
    adversaire: null,
    domicile: null,
    ...overrides,
  };
}

/**
 * Event 100 as the events calls answer it (GET /api/evenements/club/{clubId}): the same training
 * of team 3 in club 2, with its team named and no match.
 */
export function aClubEvent(overrides: Partial<TEvent> = {}): TEvent {
  const { equipe: _equipe, ...event } = anEvent();
  return {
    ...event,
    clubId: 2,
    adversaireNom: null,
    adversaire: null,
    domicile: null,
    rendezVous: null,
    lieuRendezVous: null,
    equipes: [{ id: 3, nom: 'Seniors', categorie: 'Senior', division: 'Régional 1' }],
    match: null,
    serie: null,
    ...overrides,
  };
}

/** Member 10 as the dashboard's cards show it: Léo Durand, JOUEUR, Actif, no avatar. */
export function aDashboardMember(overrides: Partial<TDashboardMember> = {}): TDashboardMember {
  return {
    id: 10,
    nom: 'Durand',
    prenom: 'Léo',
    role: 'JOUEUR',
    statut: 'Actif',
    avatarUrl: null,
    ...overrides,
  };
}

/**
 * Match 100 of club 2: Seniors (team 3, home) against an external opponent, finished, no score,
 * on 14 January 2027 at 15:00 (club wall clock).
 */
export function aMatch(overrides: Partial<TMatch> = {}): TMatch {
  return {
    id: 100,
    evenementId: 500,
    nom: 'Seniors – AS Voisine',
    dateDebut: '2027-01-14T15:00:00',
    dateFin: '2027-01-14T17:00:00',
    statut: 'TERMINE',
    lieux: 'Stade municipal',
    equipeDomicile: { id: 3, nom: 'Seniors' },
    equipeExterieur: { id: null, nom: 'AS Voisine' },
    scoreDomicile: null,
    scoreExterieur: null,
    annule: false,
    version: 'v1',
    dateLimiteReponse: null,
    domicile: true,
    adversaire: 'AS Voisine',
    rendezVous: null,
    lieuRendezVous: null,
    selectionPublieeLe: null,
    reponses: null,
    ...overrides,
  };
}

/** The convocation row of player 10 (Léo Durand), not answered yet, answerable by the caller. */
export function aConvocation(
  overrides: Partial<Omit<TConvocation, 'joueur'>> & {
    joueur?: Partial<TConvocation['joueur']>;
  } = {},
): TConvocation {
  const { joueur, ...rest } = overrides;
  return {
    statutPresence: null,
    justificationAbsence: null,
    modifiable: true,
    reponduLe: null,
    selection: null,
    ...rest,
    joueur: { id: 10, nom: 'Durand', prenom: 'Léo', ...joueur },
  };
}
