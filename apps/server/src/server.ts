import { SERVER_MESSAGES } from '@club/contract';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

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

  // Graceful shutdown: requests already received finish; requests that arrive while draining
  // get a 503 (and /api/health turns 503 so that a load balancer stops sending traffic); after
  // SHUTDOWN_DRAIN_MS the listener closes, in-flight requests end, and the process exits 0.
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    // Sent pre-serialised: the route's own response schema (if any) does not describe this answer.
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ message: SERVER_MESSAGES.shuttingDown }));
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.database.announceShutdown?.();
    app.log.info({ signal }, 'arrêt demandé : fin des requêtes en cours');
    const timer = setTimeout(() => {
      app.log.error('arrêt forcé après le délai de grâce');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    setTimeout(
      () => {
        app.close().then(
          () => process.exit(0),
          (err) => {
            app.log.error({ err }, 'erreur pendant l’arrêt');
            process.exit(1);
          },
        );
      },
      Math.min(config.SHUTDOWN_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS / 2),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error('Démarrage impossible :', err instanceof Error ? err.message : err);
  process.exit(1);
});
