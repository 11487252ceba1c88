import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Contact messages are not tenant data: they belong to the site's editor. */
export const contactRepository = {
  async exists(db: DbOrTx, token: string): Promise<boolean> {
    const rows = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.token, token))
      .limit(1);
    return rows.length > 0;
  },

  /** Inserts unless the token is already stored; returns the new row's id, or null. */
  async insertOnce(db: DbOrTx, message: NewContactMessage): Promise<number | null> {
    const rows = await db
      .insert(contactMessages)
      .values(message)
      .onConflictDoNothing({ target: contactMessages.token })
      .returning({ id: contactMessages.id });
    return rows[0]?.id ?? null;
  },

  async markMailed(db: DbOrTx, id: number): Promise<void> {
    await db
      .update(contactMessages)
      .set({ mailedAt: new Date() })
      .where(eq(contactMessages.id, id));
  },
};
