// The Node flags the production server runs with (decision 0042), shared by `npm start`, the
// benches and the systemd unit of docs/operations.md.
//
// --max-semi-space-size=4: V8's young generation grows to 2 × 16 MB by default and stays there,
// about 22 MB of resident memory for a server whose requests allocate little each. 4 MB keeps
// scavenges short and the process under the memory target of issue 14.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
