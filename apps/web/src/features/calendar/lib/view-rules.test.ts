import { describe, expect, it } from 'vitest';
import { toolbarViewsForWidth, viewForWidth } from './view-rules.ts';

describe('[calendar] view by window width (spec §2, §9: 640 px and 1024 px)', () => {
  it('under 640 px the day view, under 1024 px the week view, otherwise the month', () => {
    expect(viewForWidth(375)).toBe('timeGridDay');
    expect(viewForWidth(639)).toBe('timeGridDay');
    expect(viewForWidth(640)).toBe('timeGridWeek');
    expect(viewForWidth(800)).toBe('timeGridWeek');
    expect(viewForWidth(1023)).toBe('timeGridWeek');
    expect(viewForWidth(1024)).toBe('dayGridMonth');
    expect(viewForWidth(1280)).toBe('dayGridMonth');
  });

  it('under 640 px the toolbar offers only day and week; month, week and day otherwise', () => {
    expect(toolbarViewsForWidth(375)).toEqual(['timeGridDay', 'listWeek']);
    expect(toolbarViewsForWidth(639)).not.toContain('dayGridMonth');
    expect(toolbarViewsForWidth(640)).toEqual(['dayGridMonth', 'timeGridWeek', 'timeGridDay']);
    expect(toolbarViewsForWidth(1280)).toEqual(['dayGridMonth', 'timeGridWeek', 'timeGridDay']);
  });
});
