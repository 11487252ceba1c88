/** Just enough MIME parsing for the tests: subject and the decoded text/html parts. */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  const body = rest.join('\n\n');
  const parts = body.split(/\r?\n--[^\r\n]+/);
  let text = '';
  let html = '';
  for (const part of parts.length > 1 ? parts : [`${head}\n\n${body}`]) {
    const [ph = '', ...pb] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = pb.join('\n\n');
    const decoded = /content-transfer-encoding:\s*quoted-printable/i.test(ph)
      ? decodeQp(content)
      : /content-transfer-encoding:\s*base64/i.test(ph)
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : content;
    if (/content-type:\s*text\/plain/i.test(ph)) text = decoded;
    else if (/content-type:\s*text\/html/i.test(ph)) html = decoded;
  }
  return { subject, text, html };
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQp(data.replace(/_/g, ' ')),
  );
}
