// Preloaded into a server by bench/week/run.ts --memory (node --import): on SIGWINCH it writes
// where the process's memory is — process.memoryUsage(), V8's heap spaces, the resident size of
// each kind of mapping (/proc/self/smaps) — as one JSON line to $MEMORY_PROBE_OUT, once as it is
// and once after two full garbage collections. Bench tooling only; never loaded by `npm start`.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const mb = (n) => Math.round((n / 1048576) * 10) / 10;

function mappings() {
  // Resident kB per mapping kind: the executable and its libraries, anonymous memory (V8's
  // heap, WebAssembly, malloc), other files.
  const out = {};
  let name = '';
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const file = head[1] || '[anon]';
      name = file.startsWith('/')
        ? file.includes('.node') || file.includes('.so')
          ? 'libraries'
          : file.endsWith('/node')
            ? 'node binary'
            : 'files'
        : file;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[name] = (out[name] ?? 0) + Number(rss[1]);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
}

function snapshot() {
  const u = process.memoryUsage();
  return {
    rss: mb(u.rss),
    heapTotal: mb(u.heapTotal),
    heapUsed: mb(u.heapUsed),
    external: mb(u.external),
    arrayBuffers: mb(u.arrayBuffers),
    spaces: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((s) => [
          s.space_name,
          { committed: mb(s.physical_space_size), used: mb(s.space_used_size) },
        ]),
    ),
    mappingsMb: mappings(),
  };
}

process.on('SIGWINCH', () => {
  const before = snapshot();
  gc();
  gc();
  const after = snapshot();
  // With MEMORY_PROBE_SNAPSHOT=DIR, a heap snapshot too (what the live heap holds).
  const dir = process.env.MEMORY_PROBE_SNAPSHOT;
  const snapshot_ = dir ? v8.writeHeapSnapshot(`${dir}/server-${process.pid}.heapsnapshot`) : null;
  fs.appendFileSync(
    process.env.MEMORY_PROBE_OUT,
    JSON.stringify({ pid: process.pid, before, afterGc: after, snapshot: snapshot_ }) + '\n',
  );
});
