import { describe, expect, it } from 'vitest';
import {
  currentTeamOf,
  homePath,
  isOwnTeam,
  isReachableTeam,
  reachableTeamsOf,
  teamSwitchPath,
  teamsOf,
} from './member-teams.ts';

const member = {
  idEquipe: 3,
  nomEquipe: 'U17',
  equipes: [
    { id: 3, nom: 'U17' },
    { id: 4, nom: 'Seniors B' },
  ],
};

describe('[web] current team', () => {
  it('is the team the route names when it is one of the member’s, else the primary team', () => {
    expect(currentTeamOf(member, 'Seniors B')).toEqual({ id: 4, nom: 'Seniors B' });
    expect(currentTeamOf(member, 'U15')).toEqual({ id: 3, nom: 'U17' });
    expect(currentTeamOf(member, undefined)).toEqual({ id: 3, nom: 'U17' });
    expect(currentTeamOf({ idEquipe: null, nomEquipe: null, equipes: [] }, 'U17')).toBeNull();
  });

  it('own teams are every listed team; without the list, the primary team alone', () => {
    expect(isOwnTeam(member, 'Seniors B')).toBe(true);
    expect(isOwnTeam(member, 'U15')).toBe(false);
    expect(teamsOf({ idEquipe: 3, nomEquipe: 'U17' })).toEqual([{ id: 3, nom: 'U17' }]);
  });

  it('switching keeps the page of a team route and encodes the name', () => {
    expect(teamSwitchPath('/FC%20%C3%89t%C3%A9/U17/matche', true, 'FC Été', 'Seniors B')).toBe(
      '/FC%20%C3%89t%C3%A9/Seniors%20B/matche',
    );
    expect(teamSwitchPath('/Club/U17/calendrier/x', true, 'Club', 'Équipe/2')).toBe(
      '/Club/%C3%89quipe%2F2/calendrier/x',
    );
    expect(teamSwitchPath('/FC%20%C3%89t%C3%A9/profil', false, 'FC Été', 'U17')).toBe(
      '/FC%20%C3%89t%C3%A9/U17/dashboard',
    );
  });

  it('a parent reaches their own teams, then each child’s, once, with the children who play there', () => {
    const parent = {
      idEquipe: 3,
      nomEquipe: 'U17',
      equipes: [{ id: 3, nom: 'U17' }],
      enfants: [
        { id: 21, prenom: 'Emma', nom: 'Nicolas', equipes: [{ id: 5, nom: 'U15' }] },
        {
          id: 22,
          prenom: 'Hugo',
          nom: 'Nicolas',
          equipes: [
            { id: 3, nom: 'U17' },
            { id: 5, nom: 'U15' },
          ],
        },
      ],
    };
    expect(reachableTeamsOf(parent)).toEqual([
      { id: 3, nom: 'U17', enfants: ['Hugo'] },
      { id: 5, nom: 'U15', enfants: ['Emma', 'Hugo'] },
    ]);
    expect(isReachableTeam(parent, 'U15')).toBe(true);
    expect(isOwnTeam(parent, 'U15')).toBe(false);
    expect(isReachableTeam(parent, 'Seniors')).toBe(false);
    expect(currentTeamOf(parent, 'U15')).toEqual({ id: 5, nom: 'U15' });
    expect(currentTeamOf(parent, 'Seniors')).toEqual({ id: 3, nom: 'U17' });
    // Without a team of their own, the first child's team.
    expect(
      currentTeamOf({ ...parent, idEquipe: null, nomEquipe: null, equipes: [] }, undefined),
    ).toEqual({
      id: 5,
      nom: 'U15',
    });
  });

  it('home: a leader’s or team-less member’s club dashboard, else the primary team’s', () => {
    expect(homePath({ role: 'DIRIGEANT', nomClub: 'FC Été', nomEquipe: 'U17' })).toBe(
      '/FC%20%C3%89t%C3%A9/dashboard',
    );
    expect(homePath({ role: 'PARENT', nomClub: 'FC Été', nomEquipe: null })).toBe(
      '/FC%20%C3%89t%C3%A9/dashboard',
    );
    expect(homePath({ role: 'JOUEUR', nomClub: 'FC Été', nomEquipe: 'Seniors B' })).toBe(
      '/FC%20%C3%89t%C3%A9/Seniors%20B/dashboard',
    );
  });
});
