import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes the embedded database's callers take turns with the event loop (decision 0098).
 *
 * PGlite runs each statement synchronously on the server's own thread, and its lock passes to the
 * next waiter in a microtask: under load, every waiting request's transaction ran back to back in
 * one macrotask, without a socket being read or a timer fired in between. With 50 CSV exports at
 * once the event loop stalled for 500–800 ms at a time (p90 of its delay 525 ms), requests that
 * had arrived meanwhile were not even parsed, and a few waited 6–10 s (bench/README.md, « 50
 * exports at once on PGlite »).
 *
 * Here every top-level call (`query`, `exec`, `transaction`) waits in one first-come, first-served
 * queue and starts in a macrotask of its own (`setImmediate`), after the calls before it have
 * finished: between two calls the event loop reads sockets and runs timers. A transaction's own
 * statements (drizzle's `tx`) are not queued again: the transaction holds its turn to the end, as
 * PGlite's own lock already made it do. Calls made while a transaction is open wait for it, as
 * they did before (PGlite's lock), so nothing that worked can now deadlock.
 */
export function takeTurns(client: PGlite): void {
  let tail: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const queued = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    function (...args: A): Promise<R> {
      const run = tail.then(nextTurn).then(() => call(...args));
      tail = run.catch(() => undefined);
      return run;
    };
  client.query = queued(client.query.bind(client)) as PGlite['query'];
  client.exec = queued(client.exec.bind(client)) as PGlite['exec'];
  client.transaction = queued(client.transaction.bind(client)) as PGlite['transaction'];
}
