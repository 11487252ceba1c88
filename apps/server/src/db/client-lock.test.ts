import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataDir, lockOwner, processStartTime } from './client.ts';

/**
 * The embedded database's lock (docs/decisions/0103-rules-found-by-probing.md): a pid alone does
 * not name a process — after a kill -9, the pid may already be another process's, and a restart
 * must not be refused for it. The lock records the owner's start time next to its pid.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'verrou-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const dataDir = () => path.join(root, `pglite-${++n}`);
// A live process that is not this one: the parent (vitest's main process).
const alive = process.ppid;

describe.runIf(process.platform === 'linux')('[defects] the embedded database lock', () => {
  it('reads a process’s start time from /proc (field 22)', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(alive)).toMatch(/^\d+$/);
    expect(processStartTime(2 ** 22 + 12345)).toBeNull();
  });

  it('a live pid with another start time is a stale lock: taken over, not refused', async () => {
    const dir = dataDir();
    const stale = Number(processStartTime(alive)) + 1;
    fs.writeFileSync(`${dir}.lock`, `${alive} ${stale}`);
    // the backup script does not take that process for the server either (it would signal it)
    expect(lockOwner(dir)).toBeNull();
    const lock = await lockDataDir(dir, 0);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(
      `${process.pid} ${processStartTime(process.pid)}`,
    );
    lock.markStopping();
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(
      `${process.pid} ${processStartTime(process.pid)} arret`,
    );
    lock.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    // the same when the other process was stopping
    fs.writeFileSync(`${dir}.lock`, `1 ${Number(processStartTime(1) ?? 0) + 1} arret`);
    (await lockDataDir(dir, 0)).release();
  });

  it('the live owner (same pid, same start time) still refuses, as does a lock with a pid alone', async () => {
    const dir = dataDir();
    fs.writeFileSync(`${dir}.lock`, `${alive} ${processStartTime(alive)}`);
    expect(lockOwner(dir)).toBe(alive);
    await expect(lockDataDir(dir, 0)).rejects.toThrow(DatabaseLockedError);
    await expect(lockDataDir(dir, 0)).rejects.toThrow('déjà ouverte par un autre processus');
    // A lock written before start times were recorded: the pid alone decides, as before.
    fs.writeFileSync(`${dir}.lock`, String(alive));
    await expect(lockDataDir(dir, 0)).rejects.toThrow(DatabaseLockedError);
    // A dead pid's lock is taken over.
    fs.writeFileSync(`${dir}.lock`, `${2 ** 22 + 12345} 42`);
    (await lockDataDir(dir, 0)).release();
  });
});
