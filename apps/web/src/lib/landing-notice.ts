/**
 * A message left for the public home page across the full reload that ends a session (an account
 * deleted): kept in the tab's sessionStorage, shown once by the landing page, then forgotten.
 */
const KEY = 'landingNotice';

export function leaveLandingNotice(text: string): void {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // storage refused (private mode): the page shows no message, as before
  }
}

/** The message left for the landing page, or null (read without removing it: a pure read). */
export function readLandingNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the message once shown. */
export function forgetLandingNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
