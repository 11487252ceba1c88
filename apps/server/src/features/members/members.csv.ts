import chardet from 'chardet';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import {
  CONTROL_CHARACTERS,
  MEMBER_IMPORT_LIMITS,
  MEMBER_IMPORT_MESSAGES as M,
  neutralizeFormula,
  phoneForSpreadsheet,
  unneutralizeFormula,
} from '@club/contract';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Reading and writing the members file (docs/decisions/0070-member-import-export.md): the bytes'
 * encoding is recognised (a BOM; else strict UTF-8; else chardet among the Western single-byte
 * encodings, Windows-1252 by default: what Excel writes on a French Windows), the delimiter is the
 * one of ; , tab that the header line uses most, and csv-parse reads the RFC 4180 quoting. The
 * export is written by csv-stringify for French spreadsheets: UTF-8 with a BOM (so that Excel
 * does not read it as Windows-1252), `;` (the French list separator), CRLF, quotes where needed.
 */

export type CsvEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'windows-1252';
export type CsvDelimiter = ';' | ',' | '\t';

export interface CsvRow {
  /** The file's line the row starts on (the header is line 1). */
  line: number;
  /** Cells, apostrophe of a neutralised formula removed, spaces trimmed. */
  cells: string[];
}

export interface ParsedCsv {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  headers: string[];
  rows: CsvRow[];
  /** Lines where a row could not be read (an unclosed quote swallows the rest of the file). */
  malformedLines: number[];
}

const unsupported = (message: string = M.fileType) => new HttpError(415, message);

/** ZIP (xlsx, ods) and OLE2 (xls) containers: a spreadsheet saved in its own format. */
function isSpreadsheetContainer(bytes: Buffer): boolean {
  const zip = bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
  const ole =
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  return zip || ole;
}

/** Western single-byte encodings chardet may name for a French file. */
const WESTERN = new Set<string>([
  'ISO-8859-1',
  'windows-1252',
  // short French files with few accents are sometimes given these names; their letters differ
  // from Windows-1252 only in rarely used positions
  'ISO-8859-2',
  'ISO-8859-9',
  'windows-1250',
  'windows-1257',
]);

/** The file's text and encoding; 415 for a spreadsheet, a binary file or an unknown encoding. */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  if (isSpreadsheetContainer(bytes)) throw unsupported(M.spreadsheet);
  let text: string;
  let encoding: CsvEncoding;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'UTF-8';
    text = utf8(bytes.subarray(3));
  } else if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    // Excel's "Texte Unicode" (tab-separated UTF-16)
    encoding = 'UTF-16LE';
    text = iconv.decode(bytes.subarray(2), 'utf-16le');
  } else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'UTF-16BE';
    text = iconv.decode(bytes.subarray(2), 'utf-16be');
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      encoding = 'UTF-8';
    } catch {
      // Not UTF-8: a single-byte encoding. chardet ranks its guesses; anything but a Western
      // one means the file is not a French text file.
      const guesses = chardet.analyse(bytes).filter((g) => g.confidence >= 10);
      if (guesses.length && !guesses.some((g) => WESTERN.has(g.name)))
        throw unsupported(M.encoding);
      // Windows-1252 is ISO-8859-1 plus the letters and signs Excel writes in 0x80–0x9F (’ € œ).
      encoding = 'windows-1252';
      text = iconv.decode(bytes, encoding);
    }
  }
  // A binary file read as text: control characters (a text file has tabs and line breaks only).
  if (CONTROL_CHARACTERS.test(text.slice(0, 4096)) || text.includes('\u0000')) throw unsupported();
  return { text, encoding };
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupported(M.encoding);
  }
}

/** The delimiter the header line uses most, outside quotes (; when it has none: one column). */
export function detectDelimiter(text: string): CsvDelimiter {
  const firstLine = text.replace(/^\s+/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  const counts: Record<CsvDelimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts[ch]++;
  }
  const order: CsvDelimiter[] = [';', '\t', ','];
  return order.reduce((best, d) => (counts[d] > counts[best] ? d : best), ';' as CsvDelimiter);
}

/** Reads a members file: its header and rows (at most MEMBER_IMPORT_LIMITS.maxRows, else 413). */
export function parseCsv(bytes: Buffer): ParsedCsv {
  if (bytes.length === 0) throw new HttpError(400, M.empty);
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  // A record csv-parse cannot read (a quote never closed swallows the rest of the file) is
  // skipped and reported on the line after the last record read.
  let lastLine = 0;
  const malformed: number[] = [];
  const records = parse(text, {
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // a spreadsheet's trailing rows of empty cells (";;;;")
    skip_records_with_empty_values: true,
    skip_records_with_error: true,
    on_record: (record, context) => {
      lastLine = context.lines;
      return record;
    },
    on_skip: () => {
      malformed.push(lastLine + 1);
    },
    // one more than allowed is enough to refuse the file
    to: MEMBER_IMPORT_LIMITS.maxRows + 2,
  }) as unknown as { info: { lines: number }; record: string[] }[];
  if (records.length > MEMBER_IMPORT_LIMITS.maxRows + 1) throw new HttpError(413, M.tooManyRows);
  const [header, ...body] = records;
  if (!header) throw new HttpError(400, M.empty);
  const clean = (cell: string) => unneutralizeFormula(cell).trim();
  return {
    encoding,
    delimiter,
    headers: header.record.map(clean),
    rows: body.map(({ info, record }) => ({
      // csv-parse counts the lines read when the record ends; a quoted cell may span several
      line:
        info.lines - record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0),
      cells: record.map(clean),
    })),
    malformedLines: malformed,
  };
}

/**
 * The CSV of a header and rows for French spreadsheets, formulas neutralised (see above); the
 * cells of `phoneColumns` (indexes) are written so that the spreadsheet keeps them as text.
 */
export function writeCsv(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  phoneColumns: readonly number[] = [],
): string {
  const cellOf = (cell: string, i: number) =>
    phoneColumns.includes(i) ? phoneForSpreadsheet(cell) : neutralizeFormula(cell);
  return stringify([headers.map((h) => neutralizeFormula(h)), ...rows.map((r) => r.map(cellOf))], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quoted_match: /[\r\n";]/,
  });
}
