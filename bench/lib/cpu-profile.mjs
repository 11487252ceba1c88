// Reads a V8 .cpuprofile (node --cpu-prof) and gives its top functions by self time, as Markdown.
import fs from 'node:fs';
import path from 'node:path';

export function profileSummary(file, top = 12) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const d = dt[i] ?? 0;
    total += d;
    self.set(id, (self.get(id) ?? 0) + d);
  });
  const byFrame = new Map();
  for (const [id, t] of self) {
    const { callFrame: f } = byId.get(id);
    const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonyme)'} ${where}`.trim();
    byFrame.set(key, (byFrame.get(key) ?? 0) + t);
  }
  const rows = [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, t]) => `| \`${k}\` | ${((100 * t) / total).toFixed(1)} % |`);
  return ['| fonction | temps propre |', '|---|---:|', ...rows].join('\n');
}
