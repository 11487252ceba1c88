import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENDPOINT_ROUTES } from '../generated/endpoint-routes.ts';
import { api } from './index.ts';
import { callResult, createClient, urlOf, type TransportRequest } from './client.ts';
import type { EndpointAnswer, RouteTableOf, SpecOf } from './endpoint.ts';

describe('the typed result of a call (tests, end-to-end, bench)', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };

  it('gives the success answer as `body` and refuses to read it as an error', () => {
    const res = callResult(api.teams.get, {
      status: 200,
      headers: json,
      text: '{"id":3,"nom":"Seniors"}',
    });
    expect(res.body.nom).toBe('Seniors');
    expect(() => res.error).toThrow('GET /api/equipes/:id → 200 (une erreur attendue)');
  });

  it('gives the French error body as `error` and refuses to read it as a success', () => {
    const res = callResult(api.teams.get, {
      status: 404,
      headers: json,
      text: '{"message":"Équipe introuvable."}',
    });
    expect(res.error).toEqual({ message: 'Équipe introuvable.' });
    expect(() => res.body).toThrow('GET /api/equipes/:id → 404 (2xx attendu) : {"message"');
  });

  it('reads a file answer as its text and an empty answer as undefined', () => {
    const csv = callResult(api.members.export, {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      text: 'Nom;Prénom',
    });
    expect(csv.body).toBe('Nom;Prénom');
    expect(callResult(api.auth.logout, { status: 204, headers: {}, text: '' }).body).toBe(
      undefined,
    );
  });

  it('builds the URL of a call from its declaration', () => {
    expect(urlOf(api.clubs.logo, { params: { id: 7 }, query: { v: 'abc' } })).toBe(
      '/api/clubs/7/logo?v=abc',
    );
    expect(urlOf(api.members.listTeam, { params: { clubId: 1, nomEquipe: 'Seniors A' } })).toBe(
      '/api/membres/1/equipe/Seniors%20A',
    );
  });
});

describe('the client built from the route table (the web’s production build, decision 0145)', () => {
  it('makes the same call as from the declarations, typed from them', async () => {
    const seen: TransportRequest[] = [];
    const client = createClient<typeof api>(ENDPOINT_ROUTES, async (req) => {
      seen.push(req);
      return [];
    });
    const answer = await client.members.listClub({ params: { clubId: 4 }, query: { page: 0 } });
    expect(seen.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/api/membres/club/4', query: { page: 0 } },
    ]);
    expectTypeOf(answer).toEqualTypeOf<EndpointAnswer<typeof api.members.listClub>>();
  });

  it('is a table of the declarations’ routes, which the declarations are too', () => {
    expectTypeOf(api).toExtend<RouteTableOf<typeof api>>();
    expectTypeOf<SpecOf<typeof ENDPOINT_ROUTES.matches.score>>().toEqualTypeOf<
      typeof api.matches.score
    >();
    expectTypeOf(ENDPOINT_ROUTES.matches.score.method).toEqualTypeOf<'PUT'>();
  });
});
