import { CONTACT_MESSAGES, type TContactRequest } from '@club/contract';
import { publicSiteEndpoints } from '@club/contract/api/public-site';
import { api } from '../../../lib/api.ts';
import { HttpError, NetworkError } from '../../../lib/http.ts';

/** Where the captcha widget fetches its challenge (it makes the call itself). */
export const CAPTCHA_CHALLENGE_URL = publicSiteEndpoints.captcha.path;

export interface ContactResult {
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
}

/** POST /api/contact (spec §7) and the message rules of spec §8 "Contact". */
export async function sendContact(body: TContactRequest): Promise<ContactResult> {
  try {
    const res = await api.publicSite.contact({ body });
    return { ok: true, message: res?.message || CONTACT_MESSAGES.success, fieldErrors: {} };
  } catch (err) {
    if (err instanceof NetworkError)
      return { ok: false, message: CONTACT_MESSAGES.network, fieldErrors: {} };
    if (err instanceof HttpError)
      return {
        ok: false,
        message: err.serverMessage ?? CONTACT_MESSAGES.serverError(err.status),
        fieldErrors: err.fieldErrors,
      };
    if (err instanceof Error && err.message)
      return { ok: false, message: CONTACT_MESSAGES.other(err.message), fieldErrors: {} };
    return { ok: false, message: CONTACT_MESSAGES.unexpected, fieldErrors: {} };
  }
}

/** The per-submission token (an idempotency key); randomUUID needs a secure context, so a fallback. */
export function newSubmissionToken(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
