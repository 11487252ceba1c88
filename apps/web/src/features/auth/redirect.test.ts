import { describe, expect, it } from 'vitest';
import { homeFor, safeRedirect } from './redirect.ts';

describe('after login: back to the deep link, same site only', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeRedirect('/FC%20Nord/U15/matche')).toBe('/FC%20Nord/U15/matche');
    expect(safeRedirect('/FC%20Nord/membres?role=JOUEUR#liste')).toBe(
      '/FC%20Nord/membres?role=JOUEUR#liste',
    );
  });

  it('refuses anything that could leave the site, and the login page itself', () => {
    for (const bad of [
      'https://evil.example/FC',
      '//evil.example/FC',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\tevil',
      'FC/dashboard',
      '',
      '/connexion',
      '/connexion?redirect=/x',
      '/',
      `/${'a'.repeat(2_001)}`,
      null,
      undefined,
      42,
      { pathname: '/x' },
    ])
      expect(safeRedirect(bad), String(bad)).toBeNull();
  });

  it('the role’s home stays the default', () => {
    expect(homeFor({ role: 'DIRIGEANT', nomClub: 'FC Nord', nomEquipe: null })).toEqual({
      path: '/FC%20Nord/dashboard',
    });
  });
});
