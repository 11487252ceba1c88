import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as a reader's tools extract it, for tests: pdf.js (pdfjs-dist, Mozilla's PDF
 * reader), so that no system package (poppler's pdftotext) is needed on the machines that run the
 * suite (docs/decisions/0136-payment-receipts-pdf.md), in a child process (pdf-text-child.mjs:
 * its polyfills must not reach the shared test worker). One string per page, lines joined by '\n'.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const script = fileURLToPath(new URL('./pdf-text-child.mjs', import.meta.url));
  const out = await new Promise<string>((resolve, reject) => {
    const child = execFile(process.execPath, [script], { maxBuffer: 10_000_000 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin!.end(Buffer.from(bytes));
  });
  return JSON.parse(out) as string[];
}

/**
 * The characters a PDF's fonts map their glyphs to (their ToUnicode tables): what any extractor
 * gives back. pdf.js and pdftotext give every kind of space as U+0020; this proves that the narrow no-break
 * space (U+202F) and the no-break space (U+00A0) of formatEuros are in the file as such (the
 * characters an extractor copies, or a reader pastes).
 */
export function pdfMappedCharacters(bytes: Buffer): Set<number> {
  const text = bytes.toString('latin1');
  const found = new Set<number>();
  const start = /stream\r?\n/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const from = m.index + m[0].length;
    const to = text.indexOf('endstream', from);
    let body: string;
    try {
      body = inflateSync(bytes.subarray(from, to)).toString('latin1');
    } catch {
      continue;
    }
    if (!body.includes('begincmap')) continue;
    // bfrange arrays `<00> <ff> [<0031> <00a0> …]` and bfchar lines `<0003> <202f>`
    for (const list of body.matchAll(/\[([^\]]*)\]/g))
      for (const code of list[1]!.matchAll(/<([0-9a-f]{4})>/gi)) found.add(parseInt(code[1]!, 16));
    for (const line of body.matchAll(/^<[0-9a-f]+>\s+<([0-9a-f]{4})>$/gim))
      found.add(parseInt(line[1]!, 16));
  }
  return found;
}
