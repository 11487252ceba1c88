// The live stream (`api.live.stream`, docs/architecture.md) read as a browser's EventSource
// would, for the benches that time a delivery: bench/live (messages) and bench/live-match (a
// match's actions).
import http from 'node:http';
import { api } from './contract.mjs';

/**
 * Opens the stream of a signed-in session (`cookie` as the server set it). Resolves, once the
 * server's `connecte` event has arrived, to `{ close }`; then calls `onEvent(name, data, at)` for
 * every other event: its name, its data parsed from JSON, and `performance.now()` on arrival.
 */
export function openLiveStream(base, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      base + api.live.stream.path,
      { headers: { accept: 'text/event-stream', cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`flux refusé (${res.statusCode})`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            if (name === 'connecte') {
              if (!opened) resolve({ close: () => req.destroy() });
              opened = true;
              continue;
            }
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) onEvent(name, JSON.parse(data), performance.now());
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}
