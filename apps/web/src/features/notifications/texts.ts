import { NOTIFICATION_MESSAGES } from '@club/contract';

/**
 * The notification screens' French texts (decision 0026); the server's messages come from the
 * contract.
 */
export const NOTIFICATION_TEXTS = {
  unsubscribeTitle: 'Notifications par e-mail',
  unsubscribeIntro:
    'Vous recevez un e-mail à chaque convocation à un match, un rappel quand vous n’avez pas répondu et, pour les entraîneurs, le récapitulatif des réponses.',
  unsubscribeButton: 'Ne plus recevoir ces e-mails',
  unsubscribed: NOTIFICATION_MESSAGES.unsubscribed,
  unsubscribeFailed: 'Le désabonnement a échoué. Réessayez.',
  invalidLink: NOTIFICATION_MESSAGES.invalidLink,
  alwaysSent:
    'Les e-mails d’invitation et de réinitialisation du mot de passe restent toujours envoyés.',
  sectionTitle: 'Notifications',
  checkbox: 'Recevoir les e-mails de convocation et de rappel',
  saved: NOTIFICATION_MESSAGES.preferencesSaved,
  loadFailed: 'Impossible de charger vos préférences de notification.',
  kindsCaption: 'Ce que vous recevez, par type et par canal',
  kindColumn: 'Type',
  deviceTitle: 'Notifications sur cet appareil',
  deviceOn: 'Les notifications sont activées sur cet appareil.',
  deviceOff:
    'Recevez convocations, rappels et annonces sur ce téléphone ou cet ordinateur, même application fermée.',
  deviceEnable: 'Activer sur cet appareil',
  deviceDisable: 'Désactiver sur cet appareil',
  deviceUnsupported:
    'Ce navigateur ne permet pas les notifications. Sur iPhone, ajoutez d’abord l’application à l’écran d’accueil.',
  deviceDenied:
    'Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.',
  deviceFailed: 'Les notifications n’ont pas pu être activées sur cet appareil.',
  saveFailed: 'L’enregistrement des préférences a échoué.',
} as const;
