import { describe, expect, it } from 'vitest';
import { api } from './index.ts';
import { callResult, urlOf } from './client.ts';

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
