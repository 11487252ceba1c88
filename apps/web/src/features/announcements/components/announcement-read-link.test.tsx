import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { announcementsReadByLink, authCsrf } from '@club/contract/generated/endpoint-paths';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { ANNOUNCEMENT_TEXTS } from '../texts.ts';
import { AnnouncementReadLink } from './announcement-read-link.tsx';

afterEach(cleanup);

const posts = (calls: { url: string; init: RequestInit }[]) =>
  calls
    .filter((c) => !c.url.startsWith(authCsrf))
    .map((c) => ({ url: c.url, method: c.init.method ?? 'GET', body: c.init.body }));

describe('[announcements] the link of an announcement e-mail', () => {
  it('records the reading on opening (one POST, never a GET) and shows the announcement', async () => {
    const calls = stubFetch((url) =>
      url.startsWith(authCsrf)
        ? json(200, {})
        : json(200, {
            titre: 'Réunion des parents',
            contenu: 'Samedi 10h, voir https://exemple.fr/plan',
            clubNom: 'AS Test',
            auteur: 'Carla Coach',
          }),
    );
    renderAt('/annonce/lecture', 'annonce/lecture', <AnnouncementReadLink jeton="j1" />);
    expect(await screen.findByText(ANNOUNCEMENT_TEXTS.readLinkRecorded)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Réunion des parents');
    expect(screen.getByText(/Par Carla Coach/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://exemple.fr/plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ANNOUNCEMENT_TEXTS.readLinkOpenApp })).toHaveAttribute(
      'href',
      '/AS%20Test/annonces',
    );
    expect(posts(calls)).toEqual([
      { url: announcementsReadByLink, method: 'POST', body: JSON.stringify({ jeton: 'j1' }) },
    ]);
  });

  it('a refused link says so; a link without token asks nothing', async () => {
    stubFetch((url) =>
      url.startsWith(authCsrf)
        ? json(200, {})
        : json(404, { message: "Ce lien n'est pas valide." }),
    );
    renderAt('/annonce/lecture', 'annonce/lecture', <AnnouncementReadLink jeton="faux" />);
    expect(await screen.findByText("Ce lien n'est pas valide.")).toBeInTheDocument();
    expect(screen.queryByText(ANNOUNCEMENT_TEXTS.readLinkRecorded)).toBeNull();
    cleanup();

    const calls = stubFetch(() => json(200, {}));
    renderAt('/annonce/lecture', 'annonce/lecture', <AnnouncementReadLink jeton="" />);
    expect(screen.getByText(ANNOUNCEMENT_TEXTS.readLinkInvalid)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });
});
