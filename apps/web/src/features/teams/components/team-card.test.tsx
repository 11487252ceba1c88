import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TTeamSummary } from '@club/contract';
import { aTeam } from '../../../testing/builders.ts';
import { TeamCard } from './team-card.tsx';

afterEach(cleanup);

const team = aTeam({ id: 7, nom: 'Seniors A' });
const summary: TTeamSummary = {
  idEquipe: 7,
  joueurs: 14,
  entraineurs: ['Zoé Bernard', 'Léa Durand'],
  prochainEvenement: {
    id: 3,
    nom: 'Match',
    type: 'MATCH',
    dateDebut: '2026-03-15T15:00:00',
    adversaire: 'Olympique Est',
  },
  dernierResultat: {
    idMatch: 2,
    dateDebut: '2026-03-08T15:00:00',
    adversaire: 'FC Nord',
    scoreEquipe: 0,
    scoreAdversaire: 2,
    resultat: 'D',
  },
};

const show = (s?: TTeamSummary | null) =>
  render(
    <ul>
      <TeamCard team={team} summary={s} onEdit={() => {}} onDelete={() => {}} />
    </ul>,
  );

/** The definition that follows a term, as text. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!;

describe('[teams] team card', () => {
  it('shows players, coaches, the next event and the last result in words', () => {
    show(summary);
    expect(fact('Joueurs').textContent).toBe('14');
    expect(fact('Entraîneurs').textContent).toBe('Zoé Bernard, Léa Durand');
    expect(fact('Prochain').textContent).toContain(
      'Match : Seniors A – Olympique Est, le 15/03 à 15h00',
    );
    const last = fact('Dernier résultat') as HTMLElement;
    // Not colour only: the result is written out.
    expect(within(last).getByText('Défaite')).toBeTruthy();
    expect(last.textContent).toContain('0 – 2 contre FC Nord');
  });

  it('a non-match event shows its name; nothing planned or played says so', () => {
    show({
      ...summary,
      entraineurs: [],
      prochainEvenement: {
        ...summary.prochainEvenement!,
        type: 'REUNION',
        nom: 'AG',
        adversaire: null,
      },
      dernierResultat: null,
    });
    expect(fact('Entraîneurs').textContent).toBe('Aucun');
    expect(fact('Prochain').textContent).toContain('Réunion : AG, le 15/03 à 15h00');
    expect(fact('Dernier résultat').textContent).toBe('Aucun match joué');
    cleanup();
    show({ ...summary, prochainEvenement: null });
    expect(fact('Prochain').textContent).toBe('Aucun événement prévu');
    cleanup();
    // A name that already says its type is not prefixed with it again.
    show({
      ...summary,
      prochainEvenement: {
        ...summary.prochainEvenement!,
        type: 'ENTRAINEMENT',
        nom: 'Entraînement Féminines',
        adversaire: null,
      },
    });
    expect(fact('Prochain').textContent).toContain('Entraînement Féminines, le 15/03 à 15h00');
    expect(fact('Prochain').textContent).not.toContain('Entraînement : Entraînement');
  });

  it('hides players and coaches the reader may not see; a skeleton while the facts load', () => {
    show({ ...summary, joueurs: null, entraineurs: null });
    expect(screen.queryByText('Joueurs')).toBeNull();
    expect(screen.queryByText('Entraîneurs')).toBeNull();
    cleanup();
    show(undefined);
    expect(screen.getByRole('status').textContent).toContain(
      "Chargement du résumé de l'équipe Seniors A...",
    );
    expect(screen.queryByText('Prochain')).toBeNull();
  });
});

describe('links to the team', () => {
  it('with the club, a leader reaches the team’s matches, members and dashboard', () => {
    render(
      <MemoryRouter>
        <ul>
          <TeamCard
            team={team}
            summary={null}
            clubName="FC Été"
            onEdit={() => {}}
            onDelete={() => {}}
          />
        </ul>
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: "Pages de l'équipe Seniors A" });
    expect(within(nav).getByRole('link', { name: 'Matches' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/Seniors%20A/matche',
    );
    expect(within(nav).getByRole('link', { name: 'Membres équipe' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/Seniors%20A/membres',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard équipe' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/Seniors%20A/dashboard',
    );
  });
});
