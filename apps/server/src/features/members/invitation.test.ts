import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema.ts';
import { createClub, createMember } from '../../db/factories.ts';
import { buildTestApp, signIn, type TestContext } from '../../test/helper.ts';

// SMTP unreachable: nothing listens on port 1.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('[members] invitation when the mail cannot be sent', () => {
  it('the member is still created (pending), and a resend answers 503 in French', async () => {
    const club = await createClub(ctx.app.db);
    const boss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' }),
    );
    const res = await boss.post('/api/membres', {
      nom: 'Sans',
      prenom: 'Courrier',
      dateDeNaissance: '2000-01-01',
      genre: 'Femme',
      email: 'sans.courrier@example.org',
      numeroTelephone: '0600000000',
      role: 'JOUEUR',
      clubId: club.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitationEnAttente).toBe(true);
    const [row] = await ctx.app.db.select().from(members).where(eq(members.id, res.json().id));
    expect(row).toBeDefined();
    const resend = await boss.post(`/api/membres/${res.json().id}/invitation`);
    expect(resend.statusCode).toBe(503);
    expect(resend.json().message).toMatch(/e-mail/);
  });
});
