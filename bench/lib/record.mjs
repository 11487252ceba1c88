// Where a bench run's figures go (bench/README.md, « Recording a run »): appended to
// bench/results/<date>.md, the run's UTC date; the file is created with its heading and listed in
// bench/results/README.md on the date's first run. bench/README.md keeps the method and the latest
// figures only, so it never grows with the runs.
import fs from 'node:fs';
import path from 'node:path';

/** Appends `text` (a run's Markdown, starting with its `## <time> UTC — …` heading); returns the file. */
export function recordRun(repoRoot, date, text, summary = 'runs of `npm run bench`') {
  const results = path.join(repoRoot, 'bench/results');
  const file = path.join(results, `${date}.md`);
  if (!fs.existsSync(file)) {
    fs.writeFileSync(
      file,
      `# Benchmark runs of ${date}\n\nThe run log of this date: the figures as each run printed them, then the ` +
        `reading written after it. The method and the latest figures are in ` +
        `[bench/README.md](../README.md). Times are UTC.\n`,
    );
  }
  fs.appendFileSync(file, `\n${text.trim()}\n`);
  const index = path.join(results, 'README.md');
  const listed = fs.readFileSync(index, 'utf8');
  if (!listed.includes(`[${date}](${date}.md)`)) {
    fs.writeFileSync(index, `${listed.trimEnd()}\n| [${date}](${date}.md) | ${summary} |\n`);
  }
  return file;
}
