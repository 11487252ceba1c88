import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import membersFeature from './members/index.ts';

/**
 * A feature that hands another feature's service to its own declares that dependency: registered
 * without it, the app refuses to start, instead of running with the service missing (the members
 * feature used to look for the match notifier at call time and skip the convocation mail when it
 * was registered first).
 */
describe('features wired by declared dependencies, not by registration order', () => {
  it('the members feature needs the notifications feature registered before it', async () => {
    const app = Fastify({ logger: false });
    await app.register(fp(async () => {}, { name: 'db' }));
    await expect(app.register(membersFeature)).rejects.toThrow(/notifications/);
    await app.close();
  });
});
