import { describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import { ENTRY_PATHS } from './entry-calls.ts';

describe('the calls of the public pages', () => {
  it('use the paths the contract declares (GET, no parameter)', () => {
    const declared = {
      homeStats: api.publicSite.homeStats,
      sportStats: api.publicSite.sportStats,
      site: api.publicSite.site,
      currentMember: api.dashboard.infos,
      dashboardHome: api.dashboard.home,
    };
    for (const [name, endpoint] of Object.entries(declared)) {
      expect(endpoint.method).toBe('GET');
      expect(ENTRY_PATHS[name as keyof typeof ENTRY_PATHS]).toBe(endpoint.path);
    }
  });
});
