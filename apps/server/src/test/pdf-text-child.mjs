// Reads a PDF from standard input and writes its pages' text as JSON (test/pdf-text.ts). pdf.js's
// Node build installs core-js polyfills (JSON.stringify among them) in the process that imports
// it: run apart, they never reach the test worker, whose imports the server's test files share.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)) }).promise;
const pages = [];
for (let i = 1; i <= doc.numPages; i++) {
  const content = await (await doc.getPage(i)).getTextContent();
  let text = '';
  for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
  pages.push(text);
}
await doc.destroy();
process.stdout.write(JSON.stringify(pages));
