import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dumpDatabase, writeDumpFile } from './logical.ts';

/** Files through which `npm run backup` asks the running server for a dump of its embedded database. */
export const BACKUP_REQUEST = 'sauvegarde.demande';
export const BACKUP_RESULT = 'sauvegarde.resultat';

/**
 * SIGUSR2: the running server dumps its embedded database (PGlite is single-process, so the backup
 * command cannot open it) to the file named in DATA_DIR/sauvegarde.demande, then writes
 * DATA_DIR/sauvegarde.resultat ({ ok, rows } or { ok: false, error }).
 */
export function handleBackupSignal(app: FastifyInstance, dataDir: string): void {
  let running = false;
  process.on('SIGUSR2', () => {
    if (running) return;
    running = true;
    void (async () => {
      const result = path.join(dataDir, BACKUP_RESULT);
      try {
        const { file } = JSON.parse(
          fs.readFileSync(path.join(dataDir, BACKUP_REQUEST), 'utf8'),
        ) as { file: string };
        const dump = await dumpDatabase(app.database);
        writeDumpFile(file, dump);
        const rows = dump.tables.reduce((n, t) => n + t.rows.length, 0);
        app.log.info({ file, rows }, 'sauvegarde de la base embarquée écrite');
        fs.writeFileSync(result, JSON.stringify({ ok: true, rows }));
      } catch (err) {
        app.log.error({ err }, 'sauvegarde impossible');
        fs.writeFileSync(result, JSON.stringify({ ok: false, error: String(err) }));
      } finally {
        running = false;
      }
    })();
  });
}
