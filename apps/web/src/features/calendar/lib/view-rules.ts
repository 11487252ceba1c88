import { CALENDAR_BREAKPOINTS } from './constants.ts';

/** The three views of spec §2 (calendar page), by their FullCalendar names. */
export type CalendarViewName = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';

/** Spec §2 / §9: under 640 px the day view, under 1024 px the week view, otherwise the month. */
export function viewForWidth(width: number): CalendarViewName {
  if (width < CALENDAR_BREAKPOINTS.small) return 'timeGridDay';
  if (width < CALENDAR_BREAKPOINTS.medium) return 'timeGridWeek';
  return 'dayGridMonth';
}

/** The view buttons of the toolbar: only day and week under 640 px (spec §2). */
export function toolbarViewsForWidth(width: number): CalendarViewName[] {
  return width < CALENDAR_BREAKPOINTS.small
    ? ['timeGridDay', 'timeGridWeek']
    : ['dayGridMonth', 'timeGridWeek', 'timeGridDay'];
}
