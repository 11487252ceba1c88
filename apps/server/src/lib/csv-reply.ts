import type { FastifyReply } from 'fastify';

/**
 * Answers a CSV file, not JSON: its text (UTF-8) with a download name. `fileName` is built by the
 * service from ASCII only (dates, ids), so it needs no encoding in the header.
 */
export function sendCsvFile(reply: FastifyReply, file: { csv: string; fileName: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.csv);
}
