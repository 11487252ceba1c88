import { normalizeText } from './text.ts';

/**
 * Display rule of spec §3: 'act' → Actif, 'bles' → Blessé, 'susp' → Suspendu
 * (accent- and case-insensitive), otherwise the raw text, or 'Inconnu' when empty.
 */
export function displayMemberStatus(status: string | null | undefined): string {
  const n = normalizeText(status);
  if (n.includes('ACT')) return 'Actif';
  if (n.includes('BLES')) return 'Blessé';
  if (n.includes('SUSP')) return 'Suspendu';
  const raw = (status ?? '').trim();
  return raw === '' ? 'Inconnu' : raw;
}

/** A player counts as active when the normalised status, parentheses removed, equals ACTIF (spec §4). */
export function isActiveStatus(status: string | null | undefined): boolean {
  return normalizeText(status).replace(/[()]/g, '').trim() === 'ACTIF';
}
