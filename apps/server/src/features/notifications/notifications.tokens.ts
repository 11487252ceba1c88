import { hmac, safeEqual } from '../../lib/tokens.ts';

/**
 * Signed tokens of the e-mail links (decision note "convocation notifications"): a base64url JSON
 * payload and its HMAC-SHA256 under a key derived from the application's signing key for this one
 * purpose (`app.secretFor`). Nothing is stored; a token names exactly one club and one match and
 * one player (answer links) or one member (unsubscribe). They carry no expiry: an answer link is
 * refused once its match has started, which the server checks against the match itself.
 */

export interface AnswerClaims {
  clubId: number;
  matchId: number;
  playerId: number;
}
export interface UnsubscribeClaims {
  clubId: number;
  memberId: number;
}
/** An announcement mail's « Lire l’annonce » link (docs/decisions/0139-coach-home-and-phone-week.md). */
export interface AnnouncementReadClaims {
  clubId: number;
  announcementId: number;
  memberId: number;
}

const MAX_TOKEN = 2048;

function signPayload(key: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(key, body)}`;
}

function verifyPayload(key: string, token: string): Record<string, unknown> | null {
  if (token.length > MAX_TOKEN) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [body, signature] = parts as [string, string];
  if (!safeEqual(signature, hmac(key, body))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function createLinkTokens(secretFor: (purpose: string) => string) {
  const answerKey = secretFor('convocation-answer-link');
  const unsubscribeKey = secretFor('notification-unsubscribe-link');
  const readKey = secretFor('announcement-read-link');
  return {
    answer(claims: AnswerClaims): string {
      return signPayload(answerKey, {
        k: 'a',
        c: claims.clubId,
        m: claims.matchId,
        p: claims.playerId,
      });
    },
    verifyAnswer(token: string): AnswerClaims | null {
      const v = verifyPayload(answerKey, token);
      if (!v || v.k !== 'a' || !isId(v.c) || !isId(v.m) || !isId(v.p)) return null;
      return { clubId: v.c, matchId: v.m, playerId: v.p };
    },
    unsubscribe(claims: UnsubscribeClaims): string {
      return signPayload(unsubscribeKey, { k: 'u', c: claims.clubId, m: claims.memberId });
    },
    verifyUnsubscribe(token: string): UnsubscribeClaims | null {
      const v = verifyPayload(unsubscribeKey, token);
      if (!v || v.k !== 'u' || !isId(v.c) || !isId(v.m)) return null;
      return { clubId: v.c, memberId: v.m };
    },
    announcementRead(claims: AnnouncementReadClaims): string {
      return signPayload(readKey, {
        k: 'r',
        c: claims.clubId,
        a: claims.announcementId,
        m: claims.memberId,
      });
    },
    verifyAnnouncementRead(token: string): AnnouncementReadClaims | null {
      const v = verifyPayload(readKey, token);
      if (!v || v.k !== 'r' || !isId(v.c) || !isId(v.a) || !isId(v.m)) return null;
      return { clubId: v.c, announcementId: v.a, memberId: v.m };
    },
  };
}
export type LinkTokens = ReturnType<typeof createLinkTokens>;
