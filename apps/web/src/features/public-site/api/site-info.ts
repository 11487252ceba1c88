import type { TSiteInfo } from '@club/contract';
import { http } from '../../../lib/http.ts';

/** GET /api/site once per page load: the editor's details and the social links (configuration). */
let cached: Promise<TSiteInfo> | null = null;
export function getSiteInfo(): Promise<TSiteInfo> {
  cached ??= http.get<TSiteInfo>('/api/site').catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}
