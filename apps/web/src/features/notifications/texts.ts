/** The notification screens' own French texts (issue 13). */
export const NOTIFICATION_TEXTS = {
  unsubscribeTitle: 'Notifications par e-mail',
  unsubscribeIntro:
    'Vous recevez un e-mail à chaque convocation à un match, un rappel quand vous n’avez pas répondu et, pour les entraîneurs, le récapitulatif des réponses.',
  unsubscribeButton: 'Ne plus recevoir ces e-mails',
  unsubscribed: 'C’est fait : vous ne recevrez plus les e-mails de convocation et de rappel.',
  unsubscribeFailed: 'Le désabonnement a échoué. Réessayez.',
  invalidLink: "Ce lien n'est pas valide.",
  alwaysSent:
    'Les e-mails d’invitation et de réinitialisation du mot de passe restent toujours envoyés.',
  sectionTitle: 'Notifications',
  checkbox: 'Recevoir les e-mails de convocation et de rappel',
  saved: 'Préférences de notification enregistrées.',
  loadFailed: 'Impossible de charger vos préférences de notification.',
  saveFailed: 'L’enregistrement des préférences a échoué.',
} as const;
