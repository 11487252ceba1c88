import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import {
  CLUB_MESSAGES,
  COOKIE_REFRESH_TOKEN,
  LOGO_LIMITS,
  PRIVACY_MESSAGES,
  REGISTRATION_MESSAGES,
  SETTINGS_MESSAGES,
  api,
  urlOf,
  type TClubUpdate,
} from '@club/contract';
import * as schema from '../../db/schema.ts';
import { auditLog, clubs, members, oneTimeTokens } from '../../db/schema.ts';
import {
  DEFAULT_TEST_PASSWORD,
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import {
  buildTestApp,
  signIn,
  TestClient,
  type TestContext,
  typedAnswer,
} from '../../test/helper.ts';
import { freshIp } from '../../test/http-utils.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ REGISTRATIONS_PER_IP: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

async function world() {
  const db = ctx.app.db;
  const club = await createClub(db, {
    nom: `Club Réglages ${Date.now()} ${Math.random()}`,
    description: 'Un club',
  });
  const team = await createTeam(db, club.id);
  const boss = await createMember(db, club.id, { role: 'DIRIGEANT' });
  const leader = await createMember(db, club.id, { role: 'RESPONSABLE' });
  const player = await createMember(db, club.id, { role: 'JOUEUR', teamId: team.id });
  return {
    club,
    team,
    boss,
    leader,
    player,
    asBoss: await signIn(ctx.app, boss),
    asLeader: await signIn(ctx.app, leader),
    asPlayer: await signIn(ctx.app, player),
  };
}

const image = (
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  noise = false,
) => {
  const base = noise
    ? sharp(
        Buffer.from(Array.from({ length: width * height * 3 }, () => (Math.random() * 256) | 0)),
        {
          raw: { width, height, channels: 3 },
        },
      )
    : sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } });
  return base[format]().toBuffer();
};

/** The logo's upload, as the browser's FormData sends it (field « file » unless given). */
function upload(
  client: TestClient,
  id: number,
  bytes: Buffer,
  {
    field = 'file',
    filename = 'logo.png',
    type = 'image/png',
  }: { field?: string; filename?: string; type?: string } = {},
) {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return client.send(api.clubs.setLogo, { params: { id }, body });
}
const getClub = (client: TestClient, id: number) => client.send(api.clubs.get, { params: { id } });
const update = (client: TestClient, id: number, body: TClubUpdate) =>
  client.send(api.clubs.update, { params: { id }, body });
const remove = (client: TestClient, id: number, motDePasse: string) =>
  client.send(api.clubs.remove, { params: { id }, body: { motDePasse } });
/** The logo at the address an answer gave (`logoUrl`), read through the declaration. */
const logoAt = (client: TestClient, logoUrl: string, headers?: Record<string, string>) => {
  const url = new URL(logoUrl, 'http://localhost');
  const id = Number(/\/(\d+)\/logo$/.exec(url.pathname)?.[1]);
  const v = url.searchParams.get('v') ?? undefined;
  // The address is the declaration's, so that reading it through the declaration reads it.
  expect(urlOf(api.clubs.logo, { params: { id }, query: { v } })).toBe(logoUrl);
  return client.call(api.clubs.logo, { params: { id }, query: { v } }, { headers });
};

describe('[club] information', () => {
  it('every member reads it; another club’s id answers 404', async () => {
    const w = await world();
    const res = await getClub(w.asPlayer, w.club.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: w.club.id,
      nom: w.club.nom,
      description: 'Un club',
      pays: 'France',
      ville: 'Nantes',
      adresse: null,
      numeroTelephone: null,
      sportNom: 'Football',
      logoUrl: null,
      moisDebutSaison: 7,
      ageMinimumMessagerie: 0,
      conservationMessagesSaisons: 2,
    });
    const other = await world();
    expect((await getClub(w.asBoss, other.club.id)).status).toBe(404);
    expect((await update(w.asBoss, other.club.id, { nom: 'Pris' })).status).toBe(404);
  });

  it('only the DIRIGEANT updates it, with the spec’s refusal message for others', async () => {
    const w = await world();
    const body = {
      nom: `  ${w.club.nom} bis `,
      description: 'Club de quartier',
      pays: 'France',
      ville: 'Rezé',
      adresse: '1 rue du Stade',
      numeroTelephone: '02 40 00 00 00',
    };
    for (const client of [w.asLeader, w.asPlayer]) {
      const refused = await update(client, w.club.id, body);
      expect(refused.status).toBe(403);
      expect(refused.error.message).toBe(SETTINGS_MESSAGES.onlyManagerEdit);
    }
    const res = await update(w.asBoss, w.club.id, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, nom: `${w.club.nom} bis` });
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.clubId, w.club.id));
    expect(audit).toMatchObject({ entity: 'club', action: 'update', actorMemberId: w.boss.id });
  });

  it('bad input answers 400 in French; a name already taken answers 409', async () => {
    const w = await world();
    const other = await world();
    const bad = await update(w.asBoss, w.club.id, { nom: 'A', numeroTelephone: 'pas un numéro' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error.errors ?? {})).toEqual(
      expect.arrayContaining(['nom', 'numeroTelephone']),
    );
    // An unknown field is no body the declaration allows: sent by hand.
    const extra = await w.asBoss.raw({
      method: 'PUT',
      url: urlOf(api.clubs.update, { params: { id: w.club.id }, body: { nom: 'Club X' } }),
      payload: { nom: 'Club X', clubId: 9 },
    });
    expect(extra.statusCode).toBe(400);
    const taken = await update(w.asBoss, w.club.id, { nom: other.club.nom.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.error).toEqual({
      message: CLUB_MESSAGES.nameTaken,
      errors: { nom: CLUB_MESSAGES.nameTaken },
    });
  });
});

describe('[club] logo', () => {
  it('the DIRIGEANT uploads; it is re-encoded (WebP, ≤ 512 px) and served with nosniff, an ETag and a cache lifetime', async () => {
    const w = await world();
    const res = await upload(w.asBoss, w.club.id, await image(1200, 800, 'jpeg'), {
      filename: 'logo.jpg',
      type: 'image/jpeg',
    });
    expect(res.status, res.text).toBe(200);
    const logoUrl = res.body.logoUrl!;
    const bareUrl = urlOf(api.clubs.logo, { params: { id: w.club.id } });
    expect(logoUrl).toMatch(new RegExp(`^${bareUrl}\\?v=\\w+$`));
    expect((await getClub(w.asPlayer, w.club.id)).body.logoUrl).toBe(logoUrl);

    const got = await logoAt(w.asPlayer, logoUrl);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // Its versioned address never changes content: a year; the bare address a day.
    expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const bare = await w.asPlayer.call(api.clubs.logo, { params: { id: w.club.id } });
    expect(bare.headers['cache-control']).toBe('private, max-age=86400');
    const etag = got.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });

    const again = await logoAt(w.asPlayer, logoUrl, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // A new upload changes the address and the ETag.
    await new Promise((r) => setTimeout(r, 5));
    const second = await upload(w.asBoss, w.club.id, await image(64, 64, 'png'));
    expect(second.body.logoUrl).not.toBe(logoUrl);
    const fresh = await logoAt(w.asPlayer, second.body.logoUrl!, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect((await sharp(fresh.rawPayload).metadata()).width).toBe(64);
  });

  it('a club without logo answers 404 (the screen then shows none)', async () => {
    const w = await world();
    expect((await w.asPlayer.send(api.clubs.logo, { params: { id: w.club.id } })).status).toBe(404);
  });

  it('others are refused before their file is read', async () => {
    const w = await world();
    for (const client of [w.asLeader, w.asPlayer]) {
      const res = await upload(client, w.club.id, await image(16, 16));
      expect(res.status).toBe(403);
      expect(res.error.message).toBe(SETTINGS_MESSAGES.onlyManagerEdit);
    }
    const [row] = await ctx.app.db.select().from(clubs).where(eq(clubs.id, w.club.id));
    expect(row!.logo).toBeNull();
  });

  describe('hostile uploads', () => {
    let w: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      w = await world();
    });
    const refused = async (bytes: Buffer, status: number, message: string, opts = {}) => {
      const res = await upload(w.asBoss, w.club.id, bytes, opts);
      expect(res.status, res.text).toBe(status);
      expect(res.error.message).toBe(message);
      const [row] = await ctx.app.db.select().from(clubs).where(eq(clubs.id, w.club.id));
      expect(row!.logo).toBeNull();
    };

    it('an SVG with a script', () =>
      refused(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        400,
        CLUB_MESSAGES.logoType,
        { filename: 'logo.svg', type: 'image/svg+xml' },
      ));

    it('an HTML page renamed .png', () =>
      refused(
        Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        400,
        CLUB_MESSAGES.logoType,
        { filename: 'logo.png', type: 'image/png' },
      ));

    it('a file of 2 MiB + 1 byte', async () => {
      const png = await image(8, 8);
      const big = Buffer.concat([png, Buffer.alloc(LOGO_LIMITS.maxBytes + 1 - png.length)]);
      expect(big.length).toBe(2 * 1024 * 1024 + 1);
      await refused(big, 413, CLUB_MESSAGES.logoTooLarge);
    });

    it('a decompression bomb: a small PNG announcing 4097 × 4097 pixels', async () => {
      const bomb = await sharp({
        create: { width: 4097, height: 4097, channels: 3, background: '#000' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(LOGO_LIMITS.maxBytes);
      await refused(bomb, 400, CLUB_MESSAGES.logoTooManyPixels);
    });

    it('a crafted IHDR announcing 100000 × 100000 pixels', async () => {
      const png = Buffer.from(await image(4, 4));
      // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 bytes.
      png.writeUInt32BE(100_000, 16);
      png.writeUInt32BE(100_000, 20);
      png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
      await refused(png, 400, CLUB_MESSAGES.logoTooManyPixels);
    });

    it('a truncated JPEG', async () => {
      const jpeg = await image(300, 300, 'jpeg', true);
      await refused(
        jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        400,
        CLUB_MESSAGES.logoUnreadable,
      );
    });

    it('a part that is not named file, or no file at all', async () => {
      await refused(await image(8, 8), 400, CLUB_MESSAGES.logoMissing, { field: 'logo' });
      // A JSON body is no upload the declaration sends: by hand.
      const res = await w.asBoss.raw({
        method: 'POST',
        url: urlOf(api.clubs.setLogo, { params: { id: w.club.id }, body: new FormData() }),
        payload: { file: 'x' },
      });
      expect(res.statusCode).toBe(415);
    });

    for (const format of ['jpeg', 'png'] as const) {
      it(`a ${format.toUpperCase()} with GPS metadata is re-encoded without any`, async () => {
        const canvas = sharp({
          create: { width: 40, height: 30, channels: 3, background: '#0a0' },
        });
        const withGps = await (format === 'png' ? canvas.png() : canvas.jpeg())
          .withExif({
            IFD0: { Copyright: 'Secret', Artist: 'Someone' },
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '47/1 13/1 0/1',
              GPSLongitudeRef: 'W',
              GPSLongitude: '1/1 33/1 0/1',
            },
          })
          .toBuffer();
        const inMeta = await sharp(withGps).metadata();
        expect(
          inMeta.exif?.includes(Buffer.from('GPS')) || inMeta.exif?.includes(Buffer.from('Secret')),
        ).toBe(true);
        const res = await upload(w.asBoss, w.club.id, withGps, {
          filename: `logo.${format}`,
          type: `image/${format}`,
        });
        expect(res.status, res.text).toBe(200);
        const served = await logoAt(w.asBoss, res.body.logoUrl!);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('Secret'))).toBe(false);
        await ctx.app.db
          .update(clubs)
          .set({ logo: null, logoMime: null, logoUpdatedAt: null })
          .where(eq(clubs.id, w.club.id));
      });
    }
  });
});

/** Standard CRC-32 of PNG chunks. */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** Tables that hold no club's data (the rest must be reached from a club or one of its members). */
const GLOBAL_TABLES = new Set(['sports', 'contact_messages']);

async function count(table: string, column: string, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const res = await ctx.app.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** For every table of the schema: the columns that tie a row to a club or to a member. */
function clubLinks() {
  const links: { table: string; column: string; to: 'clubs' | 'members' }[] = [];
  const unlinked: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const found: typeof links = [];
    if (config.name === 'clubs') found.push({ table: 'clubs', column: 'id', to: 'clubs' });
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const target = getTableConfig(ref.foreignTable).name;
      if (target === 'clubs' || target === 'members')
        for (const col of ref.columns)
          found.push({ table: config.name, column: col.name, to: target });
    }
    for (const col of config.columns)
      if (col.name === 'club_id' && !found.some((l) => l.column === 'club_id'))
        found.push({ table: config.name, column: 'club_id', to: 'clubs' });
    if (found.length) links.push(...found);
    else unlinked.push(config.name);
  }
  return { links, unlinked };
}

describe('[club] deletion', () => {
  it('every table either holds no club data or is reached from a club or a member', () => {
    const { links, unlinked } = clubLinks();
    expect(unlinked.filter((t) => !GLOBAL_TABLES.has(t))).toEqual([]);
    expect(new Set(links.map((l) => l.table)).size).toBeGreaterThanOrEqual(12);
  });

  it('only the DIRIGEANT deletes, with the spec’s refusal message for others', async () => {
    const w = await world();
    for (const client of [w.asLeader, w.asPlayer]) {
      const res = await remove(client, w.club.id, DEFAULT_TEST_PASSWORD);
      expect(res.status).toBe(403);
      expect(res.error.message).toBe(SETTINGS_MESSAGES.onlyManagerDelete);
    }
    const other = await world();
    expect((await remove(w.asBoss, other.club.id, DEFAULT_TEST_PASSWORD)).status).toBe(404);
    expect(await count('clubs', 'id', [w.club.id, other.club.id])).toBe(2);
  });

  it('asks the DIRIGEANT’s password again: missing or wrong → 400 in French, nothing deleted', async () => {
    const w = await world();
    // No body at all is no request the declaration sends: by hand.
    const missing = typedAnswer(
      api.clubs.remove,
      await w.asBoss.raw({
        method: 'DELETE',
        url: urlOf(api.clubs.remove, { params: { id: w.club.id }, body: { motDePasse: '' } }),
      }),
    );
    expect(missing.status).toBe(400);
    expect(missing.error.message).toMatch(/[éèà]|Veuillez|Saisissez|requête/i);
    const empty = await remove(w.asBoss, w.club.id, '');
    expect(empty.status).toBe(400);
    expect(empty.error.errors).toEqual({ motDePasse: PRIVACY_MESSAGES.passwordRequired });
    const wrong = await remove(w.asBoss, w.club.id, 'Pas-le-bon-mot-2026!');
    expect(wrong.status).toBe(400);
    expect(wrong.error).toEqual({
      message: PRIVACY_MESSAGES.passwordWrong,
      errors: { motDePasse: PRIVACY_MESSAGES.passwordWrong },
    });
    expect(await count('clubs', 'id', [w.club.id])).toBe(1);
    expect((await getClub(w.asBoss, w.club.id)).status).toBe(200);
    const right = await remove(w.asBoss, w.club.id, DEFAULT_TEST_PASSWORD);
    expect(right.status, right.text).toBe(200);
    expect(await count('clubs', 'id', [w.club.id])).toBe(0);
  });

  it('removes every row of the club in every table, ends its members’ sessions, frees its name', async () => {
    const db = ctx.app.db;
    const w = await world();
    const keep = await world();
    // Data of every kind in both clubs.
    for (const c of [w, keep]) {
      const t2 = await createTeam(db, c.club.id);
      const child = await createMember(db, c.club.id, { role: 'JOUEUR', teamId: t2.id });
      const parent = await createMember(db, c.club.id, { role: 'PARENT', teamId: t2.id });
      await setMemberTeams(db, c.club.id, c.player.id, [c.team.id, t2.id]);
      await linkGuardian(db, c.club.id, parent.id, child.id);
      await createEvent(db, c.club.id, { teamIds: [c.team.id] });
      const { match } = await createMatch(db, c.club.id, {
        homeTeamId: c.team.id,
        awayTeamId: t2.id,
      });
      await createConvocation(db, c.club.id, match.id, c.player.id, {
        statutPresence: 'DISPONIBLE',
      });
      await db.insert(oneTimeTokens).values({
        memberId: c.player.id,
        clubId: c.club.id,
        purpose: 'password_reset',
        tokenHash: `h-${c.club.id}-${Math.random()}`,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      await update(c.asBoss, c.club.id, { nom: c.club.nom }); // an audit row
      await upload(c.asBoss, c.club.id, await image(20, 20));
    }
    // The player signs in for real (a refresh token), then the club goes.
    const ip = freshIp();
    const device = new TestClient(ctx.app);
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const login = () =>
      device.raw({
        method: api.auth.login.method,
        url: api.auth.login.path,
        payload: {
          email: w.player.email,
          password: DEFAULT_TEST_PASSWORD,
          deviceFingerprint: 'fp-1',
        },
        remoteAddress: ip,
      });
    expect((await login()).statusCode).toBe(200);
    const refreshToken = device.cookies.get(COOKIE_REFRESH_TOKEN)!;

    const memberIds = (
      await db.select({ id: members.id }).from(members).where(eq(members.clubId, w.club.id))
    ).map((m) => m.id);
    const { links } = clubLinks();
    const before = await Promise.all(
      links.map(async (l) => count(l.table, l.column, l.to === 'clubs' ? [w.club.id] : memberIds)),
    );
    // Every link is exercised by the data above, so that a zero afterwards means something.
    expect(links.filter((_, i) => before[i] === 0).map((l) => `${l.table}.${l.column}`)).toEqual(
      expect.arrayContaining([]),
    );
    expect(before.filter((n) => n > 0).length).toBeGreaterThanOrEqual(12);
    const keptBefore = await Promise.all(
      links.filter((l) => l.to === 'clubs').map((l) => count(l.table, l.column, [keep.club.id])),
    );

    const res = await remove(w.asBoss, w.club.id, DEFAULT_TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SETTINGS_MESSAGES.clubDeleted });

    for (const l of links) {
      const ids = l.to === 'clubs' ? [w.club.id] : memberIds;
      expect(await count(l.table, l.column, ids), `${l.table}.${l.column}`).toBe(0);
    }
    // The other club keeps everything.
    const keptAfter = await Promise.all(
      links.filter((l) => l.to === 'clubs').map((l) => count(l.table, l.column, [keep.club.id])),
    );
    expect(keptAfter).toEqual(keptBefore);
    expect((await getClub(keep.asPlayer, keep.club.id)).status).toBe(200);

    // Its members are out: open sessions, refresh and sign-in all fail.
    for (const client of [w.asBoss, w.asPlayer, w.asLeader])
      expect((await client.send(api.dashboard.infos)).status).toBe(401);
    device.cookies.set(COOKIE_REFRESH_TOKEN, refreshToken);
    expect(
      (await device.send(api.auth.refresh, { body: { deviceFingerprint: 'fp-1' } })).status,
    ).toBe(401);
    expect((await login()).statusCode).toBe(401);

    // The club name and the e-mail are free again.
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const again = typedAnswer(
      api.publicSite.register,
      await new TestClient(ctx.app).raw({
        method: api.publicSite.register.method,
        url: api.publicSite.register.path,
        payload: {
          nom: 'Dupont',
          prenom: 'Jeanne',
          email: w.boss.email,
          password: 'Club-Solide-Passe-1',
          dateNaissance: '1985-04-12',
          nomClub: w.club.nom,
          sportNom: 'Handball',
          genre: 'Femme',
        },
        remoteAddress: freshIp(),
      }),
    );
    expect(again.status, again.text).toBe(201);
    expect(again.body.message).toBe(REGISTRATION_MESSAGES.success);
  });
});
