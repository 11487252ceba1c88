import type { EventType } from '@club/contract';

/*
 * TEMPORARY local shapes of the events contract (packages/contract/src/events.ts, branch `events`),
 * to be replaced by the contract's types as soon as it lands on main.
 */

/** An event as GET /api/evenements/club/{clubId} answers it (spec §3). */
export interface TCalendarEvent {
  id: number;
  nom: string;
  type: EventType | string;
  /** Club-local wall clock, 'YYYY-MM-DDThh:mm:ss'. */
  dateDebut: string;
  dateFin: string;
  lieux: string;
  /** [] = every team. For a MATCH [base] or [base, opposing team]. */
  equipesIds: number[];
  clubId?: number;
  /** MATCH: the opponent typed by name when it is not a team of the platform. */
  adversaireNom?: string | null;
}

/** POST /api/evenements and PUT /api/evenements/{id} (spec §7). */
export interface TCalendarEventWrite {
  nom: string;
  lieux: string;
  dateDebut: string;
  dateFin: string;
  type: EventType;
  equipesIds: number[];
  clubId: number;
  adversaireNom?: string | null;
}
