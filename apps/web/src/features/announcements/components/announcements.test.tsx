import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, buildPath, type TAnnouncement } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { AnnouncementText } from './announcement-text.tsx';
import { AnnouncementForm } from './announcement-form.tsx';
import { AnnouncementsWidget } from './announcements-widget.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const announcement = (over: Partial<TAnnouncement> = {}): TAnnouncement => ({
  id: 1,
  titre: 'Terrain fermé',
  contenu: 'Rendez-vous au gymnase.',
  auteur: { id: 9, nom: 'Coach', prenom: 'Carla' },
  equipes: [{ id: 3, nom: 'Seniors' }],
  datePublication: '2026-03-12T17:05:00.000Z',
  lu: false,
  destinataire: true,
  lecture: null,
  gerable: false,
  ...over,
});

describe('[announcements] text', () => {
  it('stays text: markup is shown, never interpreted; only http(s) addresses become links', () => {
    const { container } = renderAt(
      '/t',
      't',
      <AnnouncementText
        text={
          '<img src=x onerror="alert(1)"> <script>alert(2)</script> javascript:alert(3)\n' +
          'Plan : https://exemple.fr/plan?a=1&b=2. Et (https://fr.wikipedia.org/wiki/Rugby_(sport)).'
        }
      />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://exemple.fr/plan?a=1&b=2',
      'https://fr.wikipedia.org/wiki/Rugby_(sport)',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(a).toHaveAttribute('target', '_blank');
    }
  });
});

describe('[announcements] dashboard section', () => {
  it('lists unread first with a count; opening one shows it and marks it read', async () => {
    let list = [
      announcement(),
      announcement({ id: 2, titre: 'Déjà lue', lu: true, contenu: 'Ancienne.' }),
    ];
    const calls = stubFetch((url, init) => {
      if (url.startsWith(api.auth.csrf.path)) return json(200, {});
      if (url === buildPath(api.announcements.markRead.path, { id: 1 }) && init.method === 'POST') {
        list = list.map((a) => (a.id === 1 ? { ...a, lu: true } : a));
        return json(200, list[0]);
      }
      return json(200, list);
    });
    renderAt('/c/dashboard', 'c/dashboard', <AnnouncementsWidget nomClub="FC Été" />);
    const section = await screen.findByRole('region', { name: /Annonces/ });
    expect(await within(section).findByText('1 non lue')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Toutes les annonces' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/annonces',
    );
    const title = within(section).getByRole('button', { name: /Terrain fermé/ });
    expect(title).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByText('Rendez-vous au gymnase.')).toBeNull();
    await userEvent.click(title);
    expect(title).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByText('Rendez-vous au gymnase.')).toBeVisible();
    await waitFor(() => expect(within(section).queryByText('1 non lue')).toBeNull());
    expect(calls.filter((c) => c.init.method === 'POST').map((c) => c.url)).toEqual([
      buildPath(api.announcements.markRead.path, { id: 1 }),
    ]);
  });

  it('shows nothing when the member has no announcement', async () => {
    const calls = stubFetch(() => json(200, []));
    renderAt('/c/dashboard', 'c/dashboard', <AnnouncementsWidget nomClub="C" />);
    await waitFor(() => expect(calls.length).toBe(1));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('the author sees “Lu par N/M”', async () => {
    stubFetch(() =>
      json(200, [
        announcement({
          lu: true,
          destinataire: false,
          gerable: true,
          lecture: { lus: 1, destinataires: 4 },
        }),
      ]),
    );
    renderAt('/c/dashboard', 'c/dashboard', <AnnouncementsWidget nomClub="C" />);
    expect(await screen.findByText('Lu par 1/4')).toBeInTheDocument();
  });
});

describe('[announcements] form', () => {
  const teams = [
    { id: 3, nom: 'Seniors' },
    { id: 4, nom: 'U17' },
  ];

  it('a leader writes to the whole club by default, or to chosen teams', async () => {
    const calls = stubFetch((url) =>
      url.startsWith(api.auth.csrf.path) ? json(200, {}) : json(201, announcement()),
    );
    renderAt('/a', 'a', <AnnouncementForm teams={teams} mayWriteToClub />);
    await userEvent.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Le titre est obligatoire.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Titre *'), 'AG');
    await userEvent.type(screen.getByLabelText('Message *'), 'Vendredi.');
    await userEvent.click(screen.getByRole('radio', { name: 'Des équipes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Choisissez au moins une équipe.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'U17' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === api.announcements.create.path).map((c) => c.init.body),
      ).toEqual(['{"titre":"AG","contenu":"Vendredi.","equipesIds":[4]}']),
    );
  });

  it('a coach has no “whole club” choice; a single team is ticked already', async () => {
    const calls = stubFetch((url) =>
      url.startsWith(api.auth.csrf.path) ? json(200, {}) : json(201, announcement()),
    );
    renderAt('/a', 'a', <AnnouncementForm teams={[teams[0]!]} mayWriteToClub={false} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Seniors' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Titre *'), 'Ce soir');
    await userEvent.type(screen.getByLabelText('Message *'), 'Gymnase.');
    await userEvent.click(screen.getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === api.announcements.create.path).map((c) => c.init.body),
      ).toEqual(['{"titre":"Ce soir","contenu":"Gymnase.","equipesIds":[3]}']),
    );
  });
});
