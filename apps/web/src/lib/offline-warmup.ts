import type { TCurrentMember, TEvent } from '@club/contract';
import { api } from './api.ts';
import { teamsOf } from './member-teams.ts';

/**
 * Loads, through the service worker (which keeps each answer), what a member needs pitch-side
 * for the next two weeks: their home and their teams' dashboards, the calendar's day and week views of those
 * two weeks and the month in view, the attendance of each training and the convocations of each
 * match, the matches and member lists of their teams, the announcements. Requested exactly as
 * the screens request them, so that offline each screen finds its answer. At most every six
 * hours per member on a device, and only once the service worker controls the page.
 */
const EVERY_MS = 6 * 3600_000;
const DAYS = 14;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const plusDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
/** Monday on or before `d` (the calendar's weeks start on Monday, French locale). */
const monday = (d: Date) => plusDays(d, -((d.getDay() + 6) % 7));

/** The calendar's visible ranges ([from, to) as it asks them) over the next two weeks. */
export function calendarRanges(today: Date): { from: string; to: string }[] {
  const ranges: { from: string; to: string }[] = [];
  for (let i = 0; i < DAYS; i++)
    ranges.push({ from: ymd(plusDays(today, i)), to: ymd(plusDays(today, i + 1)) });
  for (let w = 0; w < 3; w++) {
    const start = plusDays(monday(today), 7 * w);
    ranges.push({ from: ymd(start), to: ymd(plusDays(start, 7)) });
  }
  // The month grid: six weeks from the Monday on or before the 1st.
  const first = monday(new Date(today.getFullYear(), today.getMonth(), 1));
  ranges.push({ from: ymd(first), to: ymd(plusDays(first, 42)) });
  return ranges;
}

const storageKey = (memberId: number) => `horsLigne:prechargement:${memberId}`;

export async function warmOfflineData(member: TCurrentMember, now = new Date()): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  try {
    const last = Number(localStorage.getItem(storageKey(member.id)));
    if (last && now.getTime() - last < EVERY_MS) return;
    localStorage.setItem(storageKey(member.id), String(now.getTime()));
  } catch {
    /* no storage: warm every time */
  }
  const clubId = member.idClub;
  const teams = teamsOf(member);
  const settle = (calls: Promise<unknown>[]) => Promise.allSettled(calls);

  await settle([
    api.dashboard.home(),
    api.announcements.list({ query: {} }),
    api.announcements.list({ query: { limite: 20 } }),
    api.teams.listClub({ params: { clubId } }),
    ...teams.flatMap((t) => [
      api.dashboard.events({ params: { id: t.id }, query: { aVenir: 'true' } }),
      api.dashboard.members({ params: { id: t.id } }),
      api.matches.listTeam({ params: { id: t.id }, query: {} }),
      api.members.listTeam({ params: { clubId, nomEquipe: t.nom } }),
    ]),
  ]);
  const ranges = calendarRanges(now);
  const [twoWeeks] = await Promise.allSettled([
    api.events.listClub({
      params: { clubId },
      query: { from: ymd(now), to: ymd(plusDays(now, DAYS)) },
    }),
    ...ranges.map((r) => api.events.listClub({ params: { clubId }, query: r })),
  ]);
  const events: TEvent[] = twoWeeks?.status === 'fulfilled' ? twoWeeks.value : [];
  await settle(
    events.flatMap((e) => [
      ...(e.type.toUpperCase() === 'ENTRAINEMENT'
        ? [api.events.presences({ params: { id: e.id } })]
        : []),
      ...(e.match ? [api.matches.convocations({ params: { id: e.match.id } })] : []),
    ]),
  );
}
