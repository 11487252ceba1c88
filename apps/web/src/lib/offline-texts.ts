/** What the app says about the network and the writes kept on the device (decision 0102). */
export const OFFLINE_TEXTS = {
  offline:
    'Vous êtes hors ligne. L’application affiche les dernières données reçues ; les présences et les scores que vous saisissez seront envoyés au retour du réseau.',
  waiting: (n: number) =>
    n > 1
      ? `${n} saisies en attente d’envoi sur cet appareil.`
      : '1 saisie en attente d’envoi sur cet appareil.',
  sending: 'Envoi des saisies faites hors ligne…',
  refused: (label: string) => `Non envoyé : ${label}.`,
  refusedConflict:
    'Quelqu’un a modifié ces données entre-temps : votre saisie n’a pas été appliquée. Vérifiez et saisissez de nouveau si besoin.',
  dismiss: 'Ignorer',
  sent: (n: number) =>
    n > 1
      ? `${n} saisies faites hors ligne ont été envoyées.`
      : 'La saisie faite hors ligne a été envoyée.',
  /** A screen whose answer this device never kept (components/ui/loading.tsx). */
  noCopy:
    'Hors ligne : cet écran n’a pas de copie sur cet appareil. Il s’affichera au retour du réseau.',
} as const;
