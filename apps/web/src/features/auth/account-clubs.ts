import type { TAccountClub } from '@club/contract';

/**
 * The clubs of the signed-in account (docs/decisions/0112), as the login and the club switch
 * answer them: kept in local storage for the header's club switcher (cleared with the rest at
 * logout). Only kept when there are several.
 */
const KEY = 'club.comptes';

export function storeAccountClubs(clubs: readonly TAccountClub[] | undefined): void {
  try {
    if (clubs && clubs.length > 1) localStorage.setItem(KEY, JSON.stringify(clubs));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: no switcher */
  }
}

export function storedAccountClubs(): TAccountClub[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? (value as TAccountClub[]) : [];
  } catch {
    return [];
  }
}
