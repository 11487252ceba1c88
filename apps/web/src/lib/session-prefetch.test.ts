import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, urlOf } from '@club/contract';

async function freshModule() {
  vi.resetModules();
  return import('./session-prefetch.ts');
}

describe('session-prefetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends GET /api/dashboard/infos once with the cookies and hands the member to one caller', async () => {
    const member = { id: 7, nomClub: 'AS Démo Nantes' };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(member), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { prefetchCurrentMember, takePrefetchedMember } = await freshModule();
    prefetchCurrentMember();
    prefetchCurrentMember();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      urlOf(api.dashboard.infos),
      expect.objectContaining({ credentials: 'include' }),
    );
    await expect(takePrefetchedMember()).resolves.toEqual(member);
    expect(takePrefetchedMember()).toBeNull();
  });

  it('gives null on a 401 or a network failure, so the HTTP client (silent refresh) takes over', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    let mod = await freshModule();
    mod.prefetchCurrentMember();
    await expect(mod.takePrefetchedMember()).resolves.toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network'))),
    );
    mod = await freshModule();
    mod.prefetchCurrentMember();
    await expect(mod.takePrefetchedMember()).resolves.toBeNull();
  });

  it('an arrived member is there at once for the first render (app shell), once; nothing before it arrives or when it is null', async () => {
    const member = { id: 7, nomClub: 'AS Démo Nantes' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(member), { status: 200 })),
    );
    let mod = await freshModule();
    const arrived = mod.prefetchCurrentMember();
    expect(mod.takeArrivedMember()).toBeUndefined();
    await expect(arrived).resolves.toEqual(member);
    expect(mod.takeArrivedMember()).toEqual(member);
    expect(mod.takeArrivedMember()).toBeUndefined();
    expect(mod.takePrefetchedMember()).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    mod = await freshModule();
    await mod.prefetchCurrentMember();
    expect(mod.takeArrivedMember()).toBeUndefined();
    await expect(mod.takePrefetchedMember()).resolves.toBeNull();
  });

  it('sends GET /api/dashboard/accueil once and hands the home to one caller; null on a 401', async () => {
    const home = { aRepondre: [] };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(home), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let mod = await freshModule();
    mod.prefetchDashboardHome();
    mod.prefetchDashboardHome();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      urlOf(api.dashboard.home),
      expect.objectContaining({ credentials: 'include' }),
    );
    await expect(mod.takePrefetchedDashboardHome()).resolves.toEqual(home);
    expect(mod.takePrefetchedDashboardHome()).toBeNull();

    // Arrived before the first render: there at once, once.
    mod = await freshModule();
    const arrived = mod.prefetchDashboardHome();
    expect(mod.takeArrivedDashboardHome()).toBeUndefined();
    await arrived;
    expect(mod.takeArrivedDashboardHome()).toEqual(home);
    expect(mod.takeArrivedDashboardHome()).toBeUndefined();
    expect(mod.takePrefetchedDashboardHome()).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    mod = await freshModule();
    mod.prefetchDashboardHome();
    await expect(mod.takePrefetchedDashboardHome()).resolves.toBeNull();
  });
});
