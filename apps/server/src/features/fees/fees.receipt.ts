import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { PAYMENT_METHOD_LABELS, formatEuros, frenchDate, type TPayment } from '@club/contract';

/**
 * The « Attestation de paiement » (docs/decisions/0136-payment-receipts-pdf.md): an A4 PDF written
 * by pdfkit, its text in DejaVu Sans embedded as a subset with its Unicode map, so that a text
 * extractor (pdftotext, pdf.js) reads back exactly what formatEuros wrote — the narrow no-break
 * space of « 1 500,00 € » included, which the PDF standard fonts (WinAnsi) cannot encode.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** The two faces, read on the first receipt (TrueType: pdfkit subsets it in ~0.1 s, a WOFF 4 s). */
const dejaVu = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

export interface ReceiptData {
  club: { nom: string; adresse: string | null; ville: string | null };
  saison: string;
  membre: { nom: string; prenom: string; dateNaissance: string | null };
  categorie: string | null;
  tarif: string | null;
  du: number;
  reduction: number;
  /** Counted payments only (cancelled ones are not receipts). */
  paiements: TPayment[];
  paye: number;
  reste: number;
  /** The leader who signs: the one who recorded the latest payment. */
  signataire: { nom: string; prenom: string } | null;
  /** 'YYYY-MM-DD', the club's today. */
  date: string;
}

const methodLine = (p: TPayment) => {
  const parts = [PAYMENT_METHOD_LABELS[p.moyen]];
  if (p.reference) parts.push(p.moyen === 'PASS_SPORT' ? `code ${p.reference}` : p.reference);
  if (p.echeances.length)
    parts.push(
      `${p.echeances.length} chèque${p.echeances.length > 1 ? 's' : ''} : ${p.echeances
        .map((e) => `${formatEuros(e.montant)} le ${frenchDate(e.date)}`)
        .join(', ')}`,
    );
  return parts.join(' — ');
};

export function receiptPdf(d: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Attestation de paiement — ${d.membre.prenom} ${d.membre.nom} — saison ${d.saison}`,
      Author: d.club.nom,
      Creator: 'Club Manager',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', dejaVu().regular);
  doc.registerFont('bold', dejaVu().bold);

  const member = `${d.membre.prenom} ${d.membre.nom}`;
  doc.font('bold').fontSize(14).text(d.club.nom);
  doc.font('regular').fontSize(10);
  for (const line of [d.club.adresse, d.club.ville]) if (line) doc.text(line);
  doc.moveDown(2);
  doc.font('bold').fontSize(20).text('Attestation de paiement', { align: 'center' });
  doc.font('regular').fontSize(12).text(`Saison ${d.saison}`, { align: 'center' });
  doc.moveDown(2);

  const signer = d.signataire ? `${d.signataire.prenom} ${d.signataire.nom}` : null;
  doc
    .fontSize(11)
    .text(
      `${signer ? `Je soussigné(e), ${signer}, pour le club ${d.club.nom}, atteste` : `Le club ${d.club.nom} atteste`} ` +
        `que ${member}${d.membre.dateNaissance ? `, né(e) le ${frenchDate(d.membre.dateNaissance)},` : ''} ` +
        `a réglé la somme de ${formatEuros(d.paye)} au titre de sa cotisation pour la saison ${d.saison}.`,
      { align: 'left', lineGap: 3 },
    );
  doc.moveDown();
  const dueDetail = [d.tarif, d.categorie].filter(Boolean).join(', ');
  doc.text(`Cotisation due : ${formatEuros(d.du)}${dueDetail ? ` (${dueDetail})` : ''}`);
  if (d.reduction > 0) doc.text(`dont réduction famille : ${formatEuros(d.reduction)}`);
  doc.moveDown();
  doc.font('bold').text('Paiements');
  doc.font('regular');
  for (const p of d.paiements) {
    doc.text(`${frenchDate(p.date)} — ${formatEuros(p.montant)} — ${methodLine(p)}`, {
      indent: 12,
      lineGap: 2,
    });
  }
  doc.moveDown();
  doc.font('bold').text(`Total payé : ${formatEuros(d.paye)}`);
  doc
    .font('regular')
    .text(
      d.reste > 0 ? `Reste à payer : ${formatEuros(d.reste)}` : 'Cotisation réglée intégralement.',
    );
  doc.moveDown(2);
  doc.text(`Fait${d.club.ville ? ` à ${d.club.ville}` : ''}, le ${frenchDate(d.date)}.`);
  if (signer) {
    doc.moveDown();
    doc.text(signer);
    doc.text(`Pour le club ${d.club.nom}`);
  }
  doc.end();
  return done;
}
