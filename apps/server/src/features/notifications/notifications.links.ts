import { api, urlOf, UNSUBSCRIBE_PAGE_PATH } from '@club/contract';
import type { Links } from './notifications.mails.ts';
import type { LinkTokens } from './notifications.tokens.ts';

export type { Links };

/** The unsubscribe links of a member's notification mails (web page and one-click address). */
export function unsubscribeLinks(publicUrl: string, tokens: LinkTokens) {
  const base = publicUrl.replace(/\/+$/, '');
  return (clubId: number, memberId: number): Links => {
    const token = tokens.unsubscribe({ clubId, memberId });
    const jeton = encodeURIComponent(token);
    return {
      unsubscribePage: `${base}${UNSUBSCRIBE_PAGE_PATH}?jeton=${jeton}`,
      unsubscribeApi: base + urlOf(api.notifications.unsubscribe, { query: { jeton: token } }),
    };
  };
}
