import path from 'node:path';
import { buildApp } from './app.ts';
import { handleBackupSignal } from './backup/on-signal.ts';
import { ConfigError, loadConfig } from './config.ts';
import { gracefulShutdown } from './plugins/shutdown.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const app = await buildApp({ config });

  // Graceful shutdown (plugins/shutdown.ts, decision 0008).
  const shutdown = gracefulShutdown(app, {
    drainMs: config.SHUTDOWN_DRAIN_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // `npm run backup` of the embedded database while the server runs (backup/on-signal.ts).
  if (app.database.kind === 'pglite') handleBackupSignal(app, path.resolve(config.DATA_DIR));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error('Démarrage impossible :', err instanceof Error ? err.message : err);
  process.exit(1);
});
