import type { Mail } from '../../plugins/mailer.ts';
import { escapeHtml } from '../../plugins/mailer.ts';

/** French e-mail templates of the account features: plain text and HTML, every value escaped. */
function layout(
  title: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="font-size:12px;color:#555">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${body}
${button}
<p style="font-size:12px;color:#555">Cet e-mail a été envoyé automatiquement, merci de ne pas y répondre.</p>
</body></html>`;
}

export function passwordResetMail(to: { email: string; prenom: string }, link: string): Mail {
  const title = 'Réinitialisation de votre mot de passe';
  const lines = [
    `Bonjour ${to.prenom},`,
    'Vous avez demandé à réinitialiser le mot de passe de votre compte.',
    'Ce lien est valable 60 minutes et ne peut servir qu’une seule fois. Une nouvelle demande annule ce lien.',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  ];
  return {
    to: to.email,
    subject: title,
    text: `${lines[0]}\n\n${lines[1]}\nChoisissez un nouveau mot de passe en ouvrant ce lien :\n${link}\n\n${lines[2]}\n${lines[3]}\n`,
    html: layout(title, lines, { href: link, label: 'Choisir un nouveau mot de passe' }),
  };
}

export function passwordChangedMail(to: { email: string; prenom: string }): Mail {
  const title = 'Votre mot de passe a été modifié';
  const lines = [
    `Bonjour ${to.prenom},`,
    'Le mot de passe de votre compte vient d’être modifié et toutes vos autres sessions ont été fermées.',
    'Si vous n’êtes pas à l’origine de ce changement, utilisez sans attendre « Mot de passe oublié » sur la page de connexion et prévenez votre club.',
  ];
  return {
    to: to.email,
    subject: title,
    text: `${lines.join('\n\n')}\n`,
    html: layout(title, lines),
  };
}

export function invitationMail(
  to: { email: string; prenom: string },
  clubNom: string,
  link: string,
): Mail {
  const title = `Invitation à rejoindre ${clubNom}`;
  const lines = [
    `Bonjour ${to.prenom},`,
    `Le club ${clubNom} vous a inscrit(e) sur son espace de gestion.`,
    'Pour activer votre compte, choisissez votre mot de passe en ouvrant le lien ci-dessous. Il est valable 7 jours et ne peut servir qu’une seule fois.',
    'Si vous ne connaissez pas ce club, ignorez cet e-mail.',
  ];
  return {
    to: to.email,
    subject: title,
    text: `${lines[0]}\n\n${lines[1]}\n${lines[2]}\n${link}\n\n${lines[3]}\n`,
    html: layout(title, lines, { href: link, label: 'Activer mon compte' }),
  };
}
