// The Node flags the production server runs with (decision 0042), shared by `npm start`, the
// benches, the e2e server and the systemd unit of docs/operations.md.
//
// --max-semi-space-size=4: V8's young generation grows to 2 × 16 MB by default and stays there,
// about 22 MB of resident memory for a server whose requests allocate little each. 4 MB keeps
// scavenges short and the process under its resident-memory target (decision 0042).
// --liftoff-only: the embedded PostgreSQL (PGlite) is WebAssembly; V8 compiles it twice (baseline
// Liftoff, then optimised TurboFan code for hot functions), and the second copy costs 60–130 MB of
// resident memory for queries 15–40 % faster. Without PGlite (DATABASE_URL) no WebAssembly runs and
// the flag changes nothing.
// --heap-growing-percent=25: after a major collection the old generation may grow by 25 % of what
// survived before the next one, instead of up to 4 × (V8's default for a small heap). The live heap
// is about 50 MB; after a week of use the old space held 65–141 MB, mostly garbage waiting for its
// collection, which decided whether the process ended under its resident-memory target (decision
// 0093, bench/README.md « A week, mixed »).
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=4',
  '--liftoff-only',
  '--heap-growing-percent=25',
];
