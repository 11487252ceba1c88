import { CALENDAR_BREAKPOINTS } from './constants.ts';

/**
 * The three views of spec §2 (calendar page), by their FullCalendar names; a phone's week is a
 * list (docs/decisions/0139-coach-home-and-phone-week.md).
 */
export type CalendarViewName = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';

/** Spec §2 / §9: under 640 px the day view, under 1024 px the week view, otherwise the month. */
export function viewForWidth(width: number): CalendarViewName {
  if (width < CALENDAR_BREAKPOINTS.small) return 'timeGridDay';
  if (width < CALENDAR_BREAKPOINTS.medium) return 'timeGridWeek';
  return 'dayGridMonth';
}

/**
 * The view buttons of the toolbar: only day and week under 640 px (spec §2), the week there as a
 * list of its events: seven time-grid columns left 35 px per event at 375 px
 * (docs/decisions/0139-coach-home-and-phone-week.md).
 */
export function toolbarViewsForWidth(width: number): CalendarViewName[] {
  return width < CALENDAR_BREAKPOINTS.small
    ? ['timeGridDay', 'listWeek']
    : ['dayGridMonth', 'timeGridWeek', 'timeGridDay'];
}
