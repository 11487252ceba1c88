import { formatEuros } from '@club/contract';
import { escapeHtml, type Mail } from '../../plugins/mailer.ts';

/**
 * The fee reminder (docs/decisions/0135-membership-fees.md): one per family, naming each member
 * with a balance and what is left for each; sent to each adult of the family apart, so that no
 * adult reads another's address. Plain text and HTML, every value escaped.
 */
export function feeReminderMail(opts: {
  to: { email: string; prenom: string };
  clubNom: string;
  saison: string;
  membres: { prenom: string; nom: string; reste: number }[];
  reste: number;
  dateLimite: string | null;
  pageUrl: string;
}): Mail {
  const title = `Cotisation ${opts.saison} : il reste ${formatEuros(opts.reste)} à régler`;
  const lines = [
    `Bonjour ${opts.to.prenom},`,
    `Le club ${opts.clubNom} vous remercie de votre inscription pour la saison ${opts.saison}. Sauf erreur de notre part, il reste à régler :`,
  ];
  const items = opts.membres.map((m) => `${m.prenom} ${m.nom} : ${formatEuros(m.reste)}`);
  const after = [
    `Total restant : ${formatEuros(opts.reste)}.`,
    ...(opts.dateLimite
      ? [`La date limite de paiement est le ${opts.dateLimite.split('-').reverse().join('/')}.`]
      : []),
    'Vous pouvez régler auprès d’un responsable du club (chèque, espèces, virement, Pass’Sport, coupons sport). Si vous avez déjà payé, merci de ne pas tenir compte de ce message.',
  ];
  const text = `${lines.join('\n\n')}\n\n${items.map((i) => `- ${i}`).join('\n')}\n\n${after.join('\n\n')}\n\nVoir le détail : ${opts.pageUrl}\n`;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>
${after.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(opts.pageUrl)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">Voir le détail dans l’application</a></p>
</body></html>`;
  return { to: opts.to.email, subject: `${title} (${opts.clubNom})`, text, html };
}
