import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { clubs } from '../../db/schema.ts';
import { DEFAULT_TEST_PASSWORD, createClub, createMember } from '../../db/factories.ts';
import { signIn } from '../../test/helper.ts';
import { multipartFile } from '../../test/http-utils.ts';
import { dirigeantOnly, everyMember, type GridRow } from '../../test/policy-grid.ts';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

/** ARCHITECTURE §6 for the club (CLUB_PERMISSIONS): every member reads, the DIRIGEANT writes. */
export const gridRows: GridRow[] = [
  {
    route: 'GET /api/clubs/:id',
    name: 'club: read its information',
    request: (w) => ({ method: 'GET', url: `/api/clubs/${w.club.id}` }),
    expect: everyMember(200),
  },
  {
    route: 'PUT /api/clubs/:id',
    name: 'club: update its information',
    request: (w) => ({
      method: 'PUT',
      url: `/api/clubs/${w.club.id}`,
      body: { nom: w.club.nom, ville: 'Nantes', description: `Mise à jour ${w.seq()}` },
    }),
    expect: dirigeantOnly(200),
  },
  {
    route: 'GET /api/clubs/:id/logo',
    name: 'club: read the logo',
    request: async (w) => {
      await w.app.db
        .update(clubs)
        .set({ logo: await png(), logoMime: 'image/png', logoUpdatedAt: new Date() })
        .where(eq(clubs.id, w.club.id));
      return { method: 'GET', url: `/api/clubs/${w.club.id}/logo` };
    },
    expect: everyMember(200),
  },
  {
    route: 'POST /api/clubs/:id/logo',
    name: 'club: upload the logo',
    request: async (w) => {
      const { payload, headers } = multipartFile(await png());
      return { method: 'POST', url: `/api/clubs/${w.club.id}/logo`, body: payload, headers };
    },
    expect: dirigeantOnly(200),
  },
  {
    route: 'DELETE /api/clubs/:id',
    name: 'club: delete it (the DIRIGEANT deletes a club of their own, not the grid’s)',
    request: async (w, p) => {
      const body = { motDePasse: DEFAULT_TEST_PASSWORD };
      if (p !== 'DIRIGEANT') return { method: 'DELETE', url: `/api/clubs/${w.club.id}`, body };
      const club = await createClub(w.app.db, { nom: `Club jetable ${w.seq()} ${Date.now()}` });
      const boss = await createMember(w.app.db, club.id, { role: 'DIRIGEANT' });
      return {
        method: 'DELETE',
        url: `/api/clubs/${club.id}`,
        body,
        client: await signIn(w.app, boss),
      };
    },
    expect: dirigeantOnly(200),
  },
];
