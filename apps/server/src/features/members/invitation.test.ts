import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { api } from '@club/contract';
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
  it('the member is still created (pending); the invitation and its resend wait in the mail queue for a retry', async () => {
    const club = await createClub(ctx.app.db);
    const boss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' }),
    );
    const res = await boss.send(api.members.create, {
      body: {
        nom: 'Sans',
        prenom: 'Courrier',
        dateDeNaissance: '2000-01-01',
        genre: 'Femme',
        email: 'sans.courrier@example.org',
        numeroTelephone: '0600000000',
        role: 'JOUEUR',
        clubId: club.id,
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.invitationEnAttente).toBe(true);
    const [row] = await ctx.app.db.select().from(members).where(eq(members.id, res.body.id));
    expect(row).toBeDefined();
    const resend = await boss.send(api.members.resendInvitation, { params: { id: res.body.id } });
    expect(resend.status, resend.text).toBe(200);
    // Both mails failed their first attempt (nothing listens) and are kept for a retry, not lost.
    const deadline = Date.now() + 10_000;
    let stats = await ctx.app.mailQueue.stats();
    while (stats.retrying < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      stats = await ctx.app.mailQueue.stats();
    }
    expect(stats.retrying).toBe(2);
    expect(stats.failed).toBe(0);
  });
});
