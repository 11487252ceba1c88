/** Calendar breakpoints of spec §9 (640 px and 1024 px). */
export const CALENDAR_BREAKPOINTS = { small: 640, medium: 1024 } as const;
