import { frenchTime } from '@club/contract';

/*
 * Event dates are the club's wall clock ('YYYY-MM-DDTHH:mm:ss', spec §5): they are read as text,
 * never through the browser's time zone, so that a member abroad sees the club's times.
 */

const parts = (value: string) => ({ day: value.slice(0, 10), time: frenchTime(value) });

const dayFormatter = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortFormatter = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'mardi 12 mars' for '2030-03-12'. */
export function formatDay(day: string): string {
  return dayFormatter.format(asUtc(day));
}

/** '18h00 – 20h00' on one day; '19/04 09h00 – 21/04 18h00' across days. */
export function formatTimeRange(dateDebut: string, dateFin: string): string {
  const start = parts(dateDebut);
  const end = parts(dateFin);
  if (start.day === end.day) return `${start.time} – ${end.time}`;
  const short = (day: string) => shortFormatter.format(asUtc(day));
  return `${short(start.day)} ${start.time} – ${short(end.day)} ${end.time}`;
}
