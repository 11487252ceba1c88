import { useJson } from '../../../lib/use-json.ts';
import { getSiteInfo } from '../api/site-info.ts';

export const useSiteInfo = () => useJson(() => getSiteInfo(), 'site');
