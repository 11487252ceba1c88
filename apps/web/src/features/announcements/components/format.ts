const dateTime = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** '12 mars à 18:05' (the reader's clock: a publication is an instant, not a club wall time). */
export function publishedAt(iso: string): string {
  return dateTime.format(new Date(iso));
}
