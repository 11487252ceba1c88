import { STORAGE_KEYS } from '@club/contract';

/** Random unique id generated once and kept in local storage; it survives logout (spec §3). */
export function deviceFingerprint(): string {
  try {
    let id = localStorage.getItem(STORAGE_KEYS.deviceFingerprint);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(STORAGE_KEYS.deviceFingerprint, id);
    }
    return id;
  } catch {
    return 'indisponible';
  }
}

/**
 * The fingerprint this device already holds, without making one: a session refresh with a new
 * fingerprint can only fail, and would write one back after a club's deletion has removed it.
 */
export function storedDeviceFingerprint(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.deviceFingerprint);
  } catch {
    return 'indisponible';
  }
}

/** Logout: clear local storage except the device fingerprint (spec §4). */
export function clearLocalStorageKeepingFingerprint(): void {
  try {
    const fp = localStorage.getItem(STORAGE_KEYS.deviceFingerprint);
    const theme = localStorage.getItem(STORAGE_KEYS.theme);
    localStorage.clear();
    if (fp) localStorage.setItem(STORAGE_KEYS.deviceFingerprint, fp);
    // The theme is a device preference, not account data.
    if (theme) localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    /* storage unavailable */
  }
}
