import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import FullCalendar, {
  type CalendarRef,
  type DateClickInfo,
  type DatesSetInfo,
  type EventChangeInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventInput,
  type PluginInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import frLocale from '@fullcalendar/react/locales/fr';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import {
  CALENDAR,
  EVENT_PERMISSIONS,
  EVENT_TYPES,
  eventTitle,
  isTeamRole,
  eventColorToken,
  eventEditableBy,
  mayEver,
  holdsClubRole,
  memberSubject,
  teamsWithRole,
  type EventType,
  type PermissionSubject,
  type TCurrentMember,
  type TEventPortee,
  type TEventWrite,
  type TTeam,
  type TEvent,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { teamsOf } from '../../../lib/member-teams.ts';
import { useCalendarTeams, useClubEvents, useSaveEvent, type VisibleRange } from '../api/events.ts';
import { filterEvents } from '../lib/filter.ts';
import { calendarEventTitle, isTrainingDue } from '../lib/event-style.ts';
import { eventTypeClass, eventTypeIcon, eventTypeLabel } from '../../../lib/event-type.ts';
import { toolbarViewsForWidth, viewForWidth } from '../lib/view-rules.ts';
import { CALENDAR_BREAKPOINTS } from '../lib/constants.ts';
import { localToPicker, pickerToLocal } from '../lib/local-date.ts';
import {
  DEFAULT_SCROLL_TIME,
  FIRST_DAY_LOOKAHEAD_DAYS,
  addDays,
  firstDayWithEvents,
  scrollTimeFor,
} from '../lib/scroll-time.ts';
import { FilterPanel } from './filter-panel.tsx';

// The dialogs open on a click or a drop only: their code (the event form, react-hook-form, the
// attendance answers) is fetched then, not with the grid (decision 0036).
const EventDetail = lazy(() =>
  import('./event-detail.tsx').then((m) => ({ default: m.EventDetail })),
);
const EventModal = lazy(() => import('./event-modal.tsx').then((m) => ({ default: m.EventModal })));
const AttendanceModal = lazy(() =>
  import('./attendance-modal.tsx').then((m) => ({ default: m.AttendanceModal })),
);
const SeriesScopeDialog = lazy(() =>
  import('./series-scope-dialog.tsx').then((m) => ({ default: m.SeriesScopeDialog })),
);
import '../calendar.css';

/**
 * FullCalendar's plugins that the month grid does not draw with load when they are needed
 * (docs/decisions/0094-route-javascript-composition.md): the time grid (week and day views) when
 * such a view is shown or the calendar is pointed at or focused, the interaction plugin (a click
 * on a day, dragging and resizing) only for a member who may create or move events.
 */
type Deferred = 'timeGrid' | 'interaction' | 'list';
const deferred: Record<Deferred, { plugin: PluginInput | null; load: () => Promise<unknown> }> = {
  timeGrid: {
    plugin: null,
    load: () => import('@fullcalendar/react/timegrid').then((m) => m.default),
  },
  interaction: {
    plugin: null,
    load: () => import('@fullcalendar/react/interaction').then((m) => m.default),
  },
  // A phone's week (docs/decisions/0139-coach-home-and-phone-week.md).
  list: {
    plugin: null,
    load: () => import('@fullcalendar/react/list').then((m) => m.default),
  },
};
const pending = new Map<Deferred, Promise<void>>();
const pluginListeners = new Set<() => void>();
function loadPlugin(name: Deferred): Promise<void> {
  let p = pending.get(name);
  if (!p) {
    p = deferred[name].load().then(
      (plugin) => {
        deferred[name].plugin = plugin as PluginInput;
        for (const l of pluginListeners) l();
      },
      () => void pending.delete(name),
    );
    pending.set(name, p);
  }
  return p;
}
const subscribePlugins = (l: () => void) => {
  pluginListeners.add(l);
  return () => void pluginListeners.delete(l);
};

/** A week or day view shown before the time grid's code: a loading state that fetches it. */
function TimeGridPending() {
  useEffect(() => void loadPlugin('timeGrid'), []);
  return <Loading />;
}

/**
 * The week and day views' names, with the time grid plugin's options, so that the toolbar shows
 * their buttons as views before the plugin is there; the plugin replaces them once loaded.
 */
const timeGridPlaceholder = {
  name: 'timegrid-pending',
  views: {
    timeGrid: {
      // FullCalendar calls a function component as a content function: the hooks run in an element.
      component: () => <TimeGridPending />,
      usesMinMaxTime: true,
      allDaySlot: true,
      slotDuration: '00:30:00',
      slotEventOverlap: true,
    },
    timeGridDay: { type: 'timeGrid', duration: { days: 1 } },
    timeGridWeek: { type: 'timeGrid', duration: { weeks: 1 } },
  },
} as unknown as PluginInput;

/** A phone's week shown before the list's code: a loading state that fetches it. */
function ListPending() {
  useEffect(() => void loadPlugin('list'), []);
  return <Loading />;
}

/** The list week's name before the list plugin is there (as the time grid's above). */
const listPlaceholder = {
  name: 'list-pending',
  views: {
    list: { component: () => <ListPending />, disallowAmbigTitle: true },
    listWeek: { type: 'list', duration: { weeks: 1 } },
  },
} as unknown as PluginInput;

export const CALENDAR_MESSAGES = {
  loadFailed: 'Impossible de charger les événements.',
  moveFailed: "Le déplacement de l'événement a échoué ; il a été remis à sa place.",
  empty: 'Aucun événement sur cette période.',
  teamsFailed: 'Impossible de charger les équipes du club.',
} as const;

/** Width / height of the calendar under 640 px (day and week views on a phone). */
const NARROW_ASPECT_RATIO = 0.75;

type Editor =
  | { kind: 'create'; start?: Date }
  | { kind: 'edit'; event: TEvent }
  | { kind: 'detail'; event: TEvent }
  | { kind: 'attendance'; event: TEvent }
  | null;

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

const isoDate = (d: Date) => localToPicker(d).slice(0, 10);

/** The calendar page (spec §2): filters, FullCalendar month / week / day, the event modal. */
export function CalendarPage({
  member,
  nomEquipe,
  eventExtra,
}: {
  member: TCurrentMember;
  /** The team of the area (/{nomClub}/{nomEquipe}/calendrier); absent in the club calendar. */
  nomEquipe?: string;
  /** What the app adds to an event's details (the carpooling panel). */
  eventExtra?: (event: TEvent) => ReactNode;
}) {
  // The member's hats (docs/architecture.md §7): a coach writes the events of the teams they coach.
  const subject: PermissionSubject = useMemo(() => memberSubject(member), [member]);
  const isLeader = holdsClubRole(subject);
  const coached = teamsWithRole(subject, 'ENTRAINEUR');
  const mayCreate =
    mayEver(EVENT_PERMISSIONS, subject, 'create') && (isLeader || coached.length > 0);

  const ownTeams = teamsOf(member).map((t) => t.nom);
  const scopeNote =
    isTeamRole(member.role) && ownTeams.length > 0
      ? ownTeams.length === 1
        ? `Équipe ${ownTeams[0]} : ses événements et ceux de tout le club.`
        : `Équipes ${ownTeams.join(', ')} : leurs événements et ceux de tout le club.`
      : null;

  const width = useWindowWidth();
  const timeGridPlugin = useSyncExternalStore(subscribePlugins, () => deferred.timeGrid.plugin);
  const interactionPlugin = useSyncExternalStore(
    subscribePlugins,
    () => deferred.interaction.plugin,
  );
  const listPlugin = useSyncExternalStore(subscribePlugins, () => deferred.list.plugin);
  // A member who may create or move events gets the grid with its interactions from the start
  // (a day cell registers them when it mounts): the grid waits for that plugin. The week and day
  // views show a loading state until the time grid is there, fetched at once on a narrow window.
  if (mayCreate && !interactionPlugin) void loadPlugin('interaction');
  if (viewForWidth(width) !== 'dayGridMonth' && !timeGridPlugin) void loadPlugin('timeGrid');
  if (width < CALENDAR_BREAKPOINTS.small && !listPlugin) void loadPlugin('list');
  const gridReady = !mayCreate || interactionPlugin !== null;
  const plugins = useMemo(
    () => [
      classicTheme,
      dayGridPlugin,
      timeGridPlugin ?? timeGridPlaceholder,
      listPlugin ?? listPlaceholder,
      ...(interactionPlugin ? [interactionPlugin] : []),
    ],
    [timeGridPlugin, interactionPlugin, listPlugin],
  );
  const calendarRef = useRef<CalendarRef>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [search, setSearch] = useState('');
  const [types, setTypes] = useState<ReadonlySet<EventType>>(() => new Set(EVENT_TYPES));
  const [uncheckedTeams, setUncheckedTeams] = useState<ReadonlySet<number>>(() => new Set());
  const [editor, setEditor] = useState<Editor>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [viewType, setViewType] = useState<string>('');
  /** A moved occurrence of a series, waiting for the choice of its scope. */
  const [pendingMove, setPendingMove] = useState<{
    info: EventChangeInfo;
    id: number;
    body: TEventWrite;
  } | null>(null);

  const teamsQuery = useCalendarTeams(member.idClub);
  const eventsQuery = useClubEvents(member.idClub, range);
  // A phone opens on the day view: today if it has an event, else the next day that has one
  // (decision 0088). Decided once, from the next two weeks' events.
  const [today] = useState(() => isoDate(new Date()));
  const [firstDayPending, setFirstDayPending] = useState(
    () => viewForWidth(window.innerWidth) === 'timeGridDay',
  );
  const lookahead = useClubEvents(
    member.idClub,
    firstDayPending ? { from: today, to: addDays(today, FIRST_DAY_LOOKAHEAD_DAYS) } : null,
  );
  useEffect(() => {
    if (!firstDayPending || lookahead.isPending || !gridReady) return;
    setFirstDayPending(false);
    const day = lookahead.data ? firstDayWithEvents(lookahead.data, today) : null;
    const api = calendarRef.current?.getApi();
    if (api && day && day !== today && api.view.type === 'timeGridDay') api.gotoDate(day);
  }, [firstDayPending, lookahead.isPending, lookahead.data, today, gridReady]);
  const move = useSaveEvent();
  const clubTeams = useMemo(() => teamsQuery.data ?? [], [teamsQuery.data]);
  const choosableTeams: TTeam[] = isLeader
    ? clubTeams
    : clubTeams.filter((t) => coached.includes(t.id));
  // The area's team: a new event's default, first in its lists (decision 0105).
  const currentTeamId =
    nomEquipe === undefined ? null : (clubTeams.find((t) => t.nom === nomEquipe)?.id ?? null);

  // The view follows the window: a new width band brings its view (spec §2).
  const band = viewForWidth(width);
  const toolbarViews = toolbarViewsForWidth(width).join(',');
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && api.view.type !== band) api.changeView(band);
  }, [band]);

  const teamIds = useMemo(() => {
    if (!isLeader || clubTeams.length === 0) return null;
    return new Set(clubTeams.map((t) => t.id).filter((id) => !uncheckedTeams.has(id)));
  }, [isLeader, clubTeams, uncheckedTeams]);

  const shown = useMemo(
    () => filterEvents(eventsQuery.data ?? [], { search, types, teamIds }),
    [eventsQuery.data, search, types, teamIds],
  );

  // Week and day views scroll to the first event of the range, or 08:00 (decision 0088): once per
  // range and view, when that range's events have come (not a later refetch, not the user's scroll).
  const scrolledFor = useRef('');
  useEffect(() => {
    if (!range || !viewType.startsWith('timeGrid') || !timeGridPlugin) return;
    if (!eventsQuery.isSuccess || eventsQuery.isPlaceholderData) return;
    const key = `${viewType} ${range.from} ${range.to}`;
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    calendarRef.current?.getApi().scrollToTime(scrollTimeFor(shown, range));
  }, [
    range,
    viewType,
    eventsQuery.isSuccess,
    eventsQuery.isPlaceholderData,
    shown,
    timeGridPlugin,
  ]);

  const inputs: EventInput[] = useMemo(
    () =>
      shown.map((e) => {
        const editable = eventEditableBy(subject, e);
        return {
          id: String(e.id),
          title: calendarEventTitle(e),
          start: e.dateDebut,
          end: e.dateFin,
          editable,
          // The month view's dot and the drag mirror take the type's colour too.
          color: `var(--event-${eventColorToken(e.type)})`,
          className: `club-event ${eventTypeClass(e.type)}`,
          extendedProps: { source: e },
        };
      }),
    [shown, subject],
  );

  const onDatesSet = (info: DatesSetInfo) => {
    setViewType(info.view.type);
    const next = { from: isoDate(info.start), to: isoDate(info.end) };
    setRange((prev) => (prev && prev.from === next.from && prev.to === next.to ? prev : next));
  };

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const source = info.event.extendedProps.source as TEvent;
    setEditor(
      !eventEditableBy(subject, source)
        ? { kind: 'detail', event: source }
        : isTrainingDue(source)
          ? { kind: 'attendance', event: source }
          : { kind: 'edit', event: source },
    );
  };

  const onDateClick = (info: DateClickInfo) => {
    if (!mayCreate) return;
    const start = new Date(info.date);
    if (info.allDay) start.setHours(18, 0, 0, 0);
    setEditor({ kind: 'create', start });
  };

  /** Drag and resize: PUT the moved event; a failure puts it back and says so. */
  const onEventChange = (info: EventChangeInfo) => {
    const source = info.event.extendedProps.source as TEvent;
    const start = info.event.start;
    const end = info.event.end ?? (start ? new Date(start.getTime() + 60 * 60 * 1000) : null);
    if (!start || !end) {
      info.revert();
      return;
    }
    setMoveError(null);
    const body: TEventWrite = {
      nom: source.nom,
      lieux: source.lieux,
      type: source.type.toUpperCase() as EventType,
      dateDebut: pickerToLocal(localToPicker(start)),
      dateFin: pickerToLocal(localToPicker(end)),
      equipesIds: source.equipesIds,
      clubId: member.idClub,
      ...(source.type.toUpperCase() === 'MATCH'
        ? { adversaireNom: source.adversaireNom ?? null }
        : {}),
    };
    if (source.serie) setPendingMove({ info, id: source.id, body });
    else sendMove(info, source.id, body);
  };

  const sendMove = (
    info: EventChangeInfo,
    id: number,
    body: TEventWrite,
    portee?: TEventPortee,
  ) => {
    move.mutate(
      { id, body, ...(portee ? { portee } : {}) },
      {
        onSettled: () => setPendingMove(null),
        onError: async (err) => {
          info.revert();
          const { readApiError } = await import('../../../lib/form-errors.ts');
          const apiError = readApiError(err);
          const reason = [apiError?.message, ...Object.values(apiError?.fields ?? {})]
            .filter(Boolean)
            .join(' ');
          setMoveError(
            reason ? `${CALENDAR_MESSAGES.moveFailed} ${reason}` : CALENDAR_MESSAGES.moveFailed,
          );
        },
      },
    );
  };

  const renderEvent = (info: EventDisplayInfo) => {
    const source = info.event.extendedProps.source as TEvent;
    return (
      <span className="club-event-content" data-event-id={source.id}>
        <span className="club-event-icon" aria-hidden="true">
          {eventTypeIcon(source.type)}
        </span>
        {/* The type for screen readers (the icon is hidden), unless the name already says it:
            'Entraînement Féminines', not 'Entraînement : Entraînement Féminines'. */}
        {eventTitle(source) === source.nom ? null : (
          <span className="visually-hidden">{eventTypeLabel(source.type)} : </span>
        )}
        <span className="club-event-title">{info.event.title}</span>
      </span>
    );
  };

  const toggle = <T,>(set: ReadonlySet<T>, value: T): Set<T> => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  return (
    <div className="calendar-page">
      <div className="calendar-header">
        <div>
          <h1>Calendrier du club</h1>
          {/* The spec's header (§2) on every calendar route; a team member's calendar says
              whose events it holds (spec §6: their teams' and those of no team). */}
          {scopeNote ? <p className="calendar-scope muted">{scopeNote}</p> : null}
        </div>
        {mayCreate ? (
          <button type="button" className="btn" onClick={() => setEditor({ kind: 'create' })}>
            + Ajouter un événement
          </button>
        ) : null}
      </div>
      <div className="calendar-layout">
        <FilterPanel
          search={search}
          onSearch={setSearch}
          types={types}
          onToggleType={(t) => setTypes((s) => toggle(s, t))}
          {...(isLeader
            ? {
                teams: clubTeams,
                teamIds: teamIds ?? new Set<number>(),
                onToggleTeam: (id: number) => setUncheckedTeams((s) => toggle(s, id)),
              }
            : {})}
        />
        <section
          className="calendar-main"
          aria-label="Calendrier"
          data-view={viewType}
          // The week and day views' code, fetched as the calendar is pointed at or focused.
          onPointerOver={() => void loadPlugin('timeGrid')}
          onFocus={() => void loadPlugin('timeGrid')}
        >
          <div className="calendar-alerts">
            {moveError ? <Alert tone="error">{moveError}</Alert> : null}
            {teamsQuery.isError ? (
              <LoadError
                message={CALENDAR_MESSAGES.teamsFailed}
                onRetry={() => teamsQuery.refetch()}
                retrying={teamsQuery.isFetching}
              />
            ) : null}
            {eventsQuery.isError ? (
              <LoadError
                message={CALENDAR_MESSAGES.loadFailed}
                onRetry={() => eventsQuery.refetch()}
                retrying={eventsQuery.isFetching}
              />
            ) : null}
          </div>
          {gridReady ? (
            <FullCalendar
              ref={calendarRef}
              plugins={plugins}
              locale={frLocale}
              initialView={band}
              headerToolbar={{ start: 'prev,next today', center: 'title', end: toolbarViews }}
              // The toolbar's buttons, 44 px touch targets on phones (calendar.css).
              buttonClass="club-fc-button"
              buttons={{
                today: { text: "Aujourd'hui" },
                dayGridMonth: { text: 'Mois' },
                timeGridWeek: { text: 'Semaine' },
                listWeek: { text: 'Semaine' },
                timeGridDay: { text: 'Jour' },
              }}
              fixedWeekCount={CALENDAR.monthWeeks === 6}
              dayMaxEventRows={CALENDAR.dayMaxEventRows}
              moreLinkClick="popover"
              slotDuration={{ minutes: CALENDAR.slotMinutes }}
              // 08:00 until the range's events are known (spec's 06:00: decision 0088).
              scrollTime={DEFAULT_SCROLL_TIME}
              aspectRatio={
                // Spec §9's 1.35; on a phone (day and week only) that leaves a 250 px high grid, so
                // the time grid gets a portrait ratio there.
                width < CALENDAR_BREAKPOINTS.small ? NARROW_ASPECT_RATIO : CALENDAR.aspectRatio
              }
              dragScroll
              nowIndicator
              displayEventTime={false}
              events={inputs}
              eventContent={renderEvent}
              eventClick={onEventClick}
              dateClick={onDateClick}
              eventDrop={onEventChange}
              eventResize={onEventChange}
              datesSet={onDatesSet}
              editable={mayCreate}
            />
          ) : (
            // The grid's room while its drag-and-drop code arrives: the toolbar's rows and the
            // view at its aspect ratio, so that nothing below moves when the grid takes it.
            <div className="calendar-grid-reserve" aria-hidden="true">
              <div className="calendar-grid-reserve-toolbar" />
              <div
                style={{
                  aspectRatio:
                    width < CALENDAR_BREAKPOINTS.small ? NARROW_ASPECT_RATIO : CALENDAR.aspectRatio,
                }}
              />
            </div>
          )}
          <div className="calendar-status">
            {eventsQuery.isError ? null : eventsQuery.isPending || eventsQuery.isFetching ? (
              <Loading label="Chargement des événements..." />
            ) : shown.length === 0 ? (
              <p className="muted calendar-empty" role="status">
                {CALENDAR_MESSAGES.empty}
              </p>
            ) : null}
          </div>
        </section>
      </div>
      <Suspense fallback={null}>
        {editor?.kind === 'create' || editor?.kind === 'edit' ? (
          <EventModal
            key={editor.kind === 'edit' ? editor.event.id : 'new'}
            event={editor.kind === 'edit' ? editor.event : null}
            start={editor.kind === 'create' ? editor.start : undefined}
            clubId={member.idClub}
            teams={choosableTeams}
            isLeader={isLeader}
            currentTeamId={currentTeamId}
            onClose={() => setEditor(null)}
            extra={editor.kind === 'edit' ? eventExtra?.(editor.event) : undefined}
          />
        ) : null}
        {pendingMove ? (
          <SeriesScopeDialog
            title="Déplacer un événement répété"
            question="Déplacer :"
            pending={move.isPending}
            onChoose={(portee) =>
              sendMove(pendingMove.info, pendingMove.id, pendingMove.body, portee)
            }
            onCancel={() => {
              pendingMove.info.revert();
              setPendingMove(null);
            }}
          />
        ) : null}
        {editor?.kind === 'attendance' ? (
          <AttendanceModal
            event={editor.event}
            onEdit={() => setEditor({ kind: 'edit', event: editor.event })}
            onClose={() => setEditor(null)}
          />
        ) : null}
        {editor?.kind === 'detail' ? (
          <EventDetail
            event={editor.event}
            teams={clubTeams}
            onClose={() => setEditor(null)}
            extra={eventExtra?.(editor.event)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
