// Loaded into a server with `--import` by bench/embedded-queue/run.mjs: its event loop's delay
// (perf_hooks.monitorEventLoopDelay, 5 ms resolution) and its garbage collections, written every
// second as JSON to EVENT_LOOP_PROBE_OUT (decision 0098).
import fs, { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const out = process.env.EVENT_LOOP_PROBE_OUT;
if (out) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  const write = () =>
    writeFileSync(
      out,
      JSON.stringify({
        p50: ms(delay.percentile(50)),
        p90: ms(delay.percentile(90)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        gc: { ...gc, totalMs: Math.round(gc.totalMs) },
      }),
    );
  // Measured from when the runner creates `<out>.reset` (after the start-up's migrations): a file
  // rather than a signal, the server's signals being taken (SIGUSR2 is the backup's).
  setInterval(() => {
    if (fs.existsSync(`${out}.reset`)) {
      fs.rmSync(`${out}.reset`, { force: true });
      delay.reset();
      Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0 });
    }
  }, 100).unref();
  setInterval(write, 1000).unref();
}
