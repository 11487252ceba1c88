import { normalizeText } from './text.ts';

/**
 * Display rule of spec §3: 'act' → Actif, 'bles' → Blessé, 'susp' → Suspendu
 * (accent- and case-insensitive), otherwise the raw text, or 'Inconnu' when empty; and 'malad' →
 * Malade, the status this app adds (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
 */
export function displayMemberStatus(status: string | null | undefined): string {
  const n = normalizeText(status);
  if (n.includes('ACT')) return 'Actif';
  if (n.includes('BLES')) return 'Blessé';
  if (n.includes('SUSP')) return 'Suspendu';
  if (n.includes('MALAD')) return 'Malade';
  const raw = (status ?? '').trim();
  return raw === '' ? 'Inconnu' : raw;
}

/** A player counts as active when the normalised status, parentheses removed, equals ACTIF (spec §4). */
export function isActiveStatus(status: string | null | undefined): boolean {
  return normalizeText(status).replace(/[()]/g, '').trim() === 'ACTIF';
}

/**
 * A player kept off the pitch by their status (Blessé, Malade, Suspendu or any status that is not
 * ACTIF): not asked for an answer, not counted « sans réponse », not selectable
 * (docs/decisions/0108-injured-and-suspended-players-on-match-day.md). An unknown status (no
 * member loaded) is not one.
 */
export function isSidelinedStatus(status: string | null | undefined): boolean {
  return status != null && !isActiveStatus(status);
}

/** The status as an attribute: 'est blessé(e)', 'est suspendu(e)', 'est malade'; else its label. */
function sidelinedPhrase(status: string): string {
  const label = displayMemberStatus(status);
  if (label === 'Blessé') return 'est blessé(e)';
  if (label === 'Suspendu') return 'est suspendu(e)';
  if (label === 'Malade') return 'est malade';
  return `a le statut « ${label} »`;
}

/** « Lucas Martin est blessé(e) : il (elle) ne peut pas être sélectionné(e). » (any non-ACTIF status). */
export function sidelinedSelectionMessage(prenom: string, nom: string, status: string): string {
  return `${prenom} ${nom} ${sidelinedPhrase(status)} : il (elle) ne peut pas être sélectionné(e) ni remplaçant(e).`;
}
