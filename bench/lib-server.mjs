// Kept for bench/lighthouse.mjs and bench/bundle-size.mjs: the production server on a throwaway
// embedded database (the shared code lives in bench/lib/server.mjs).
import { pgliteDatabase, startServer as start } from './lib/server.mjs';

export { freePort, repoRoot } from './lib/server.mjs';

export async function startServer(env = {}) {
  const database = pgliteDatabase();
  const server = await start({ env: { ...database.env, ...env } });
  return {
    base: server.base,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
