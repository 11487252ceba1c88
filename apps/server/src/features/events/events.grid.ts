import { createEvent, createMatch } from '../../db/factories.ts';
import { api, routeKey } from '@club/contract';
import {
  everyMember,
  gridCall,
  leadersOnly,
  type Expectation,
  type GridRow,
  type GridWorld,
  type Principal,
} from '../../test/policy-grid.ts';

/**
 * docs/architecture.md §7 for events (EVENT_PERMISSIONS): leaders read and write every event; team
 * roles read their teams' events and those with no team (a parent also the teams of their
 * children); a coach writes the events of their own teams only (a MATCH: by its base team). T1 is
 * the team of ENTRAINEUR, JOUEUR, PARENT and PARENT_AUTRE_EQUIPE (whose child plays in T2);
 * DEUX_EQUIPES coaches T1 and T2; SANS_EQUIPE has no team. AUTRE_CLUB names its own club in bodies,
 * so that its 404 comes from the event or team ids of club A.
 */
const clubOf = (w: GridWorld, p: Principal) => (p === 'AUTRE_CLUB' ? w.otherClub.id : w.club.id);

let day = 0;
/** A fresh slot, so that rows never depend on each other's events. */
const slot = () => {
  const d = new Date(Date.UTC(2027, 0, 1 + (++day % 300)));
  const ymd = d.toISOString().slice(0, 10);
  return { dateDebut: `${ymd}T18:00:00`, dateFin: `${ymd}T20:00:00` };
};

const body = (w: GridWorld, p: Principal, overrides: Record<string, unknown> = {}) => ({
  nom: `Séance ${w.seq()}`,
  lieux: 'Gymnase',
  type: 'ENTRAINEMENT',
  equipesIds: [w.t1.id],
  clubId: clubOf(w, p),
  ...slot(),
  ...overrides,
});

const freshEvent = (w: GridWorld, teamIds: number[]) =>
  createEvent(w.app.db, w.club.id, { nom: `Événement ${w.seq()}`, teamIds });

/** Read by every member of T1 (not by the player without team). */
const t1Readers: Expectation = { ...everyMember(200), SANS_EQUIPE: 403 };
/** Written by leaders and the coaches of T1 (whatever their other hats). */
const t1Writers = (ok: number): Expectation => ({
  ...leadersOnly(ok),
  ENTRAINEUR: ok,
  DEUX_EQUIPES: ok,
  ENTRAINEUR_JOUEUR: ok,
  ENTRAINEUR_PARENT: ok,
});
/** Written by leaders and the coach of T1 and T2. */
const t2Writers = (ok: number): Expectation => ({ ...leadersOnly(ok), DEUX_EQUIPES: ok });

export const gridRows: GridRow[] = [
  // read
  {
    route: routeKey(api.events.get),
    name: 'events: read an event with no team (every team)',
    request: async (w) =>
      gridCall(api.events.get, { params: { id: (await freshEvent(w, [])).id } }),
    expect: everyMember(200),
  },
  {
    route: routeKey(api.events.get),
    name: 'events: read a match of T3 against T1 (both teams see it)',
    request: async (w) => {
      const { event } = await createMatch(w.app.db, w.club.id, {
        homeTeamId: w.t3.id,
        awayTeamId: w.t1.id,
      });
      return gridCall(api.events.get, { params: { id: event.id } });
    },
    expect: t1Readers,
  },
  // create
  {
    route: routeKey(api.events.create),
    name: 'events: create a training of T1 naming club A (another club → 404)',
    request: (w) => gridCall(api.events.create, { body: { ...body(w, 'DIRIGEANT') } }),
    expect: t1Writers(201),
  },
  {
    route: routeKey(api.events.create),
    name: 'events: create an event of T1 and T2',
    request: (w, p) =>
      gridCall(api.events.create, { body: body(w, p, { equipesIds: [w.t1.id, w.t2.id] }) }),
    expect: { ...t2Writers(201), AUTRE_CLUB: 400 },
  },
  {
    route: routeKey(api.events.create),
    name: 'events: create an event for every team (no team)',
    request: (w, p) =>
      gridCall(api.events.create, { body: body(w, p, { type: 'REUNION', equipesIds: [] }) }),
    expect: { ...leadersOnly(201), AUTRE_CLUB: 201 },
  },
  {
    route: routeKey(api.events.create),
    name: 'events: create a match of T1 against T3 (base T1)',
    request: (w, p) =>
      gridCall(api.events.create, {
        body: body(w, p, { type: 'MATCH', equipesIds: [w.t1.id, w.t3.id] }),
      }),
    expect: { ...t1Writers(201), AUTRE_CLUB: 400 },
  },
  {
    route: routeKey(api.events.create),
    name: 'events: create a match of T3 against T1 (base T3)',
    request: (w, p) =>
      gridCall(api.events.create, {
        body: body(w, p, { type: 'MATCH', equipesIds: [w.t3.id, w.t1.id] }),
      }),
    expect: { ...leadersOnly(201), AUTRE_CLUB: 400 },
  },
  {
    route: routeKey(api.events.create),
    name: 'events: create a weekly series of T1 (recurrence)',
    request: (w, p) =>
      gridCall(api.events.create, {
        body: body(w, p, { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2', exclusions: [] } }),
      }),
    expect: { ...t1Writers(201), AUTRE_CLUB: 400 },
  },
  {
    route: routeKey(api.events.create),
    name: 'events: create a weekly series of T3 (a crafted request from a coach of T1)',
    request: (w, p) =>
      gridCall(api.events.create, {
        body: body(w, p, {
          equipesIds: [w.t3.id],
          recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2', exclusions: [] },
        }),
      }),
    expect: { ...leadersOnly(201), AUTRE_CLUB: 400 },
  },
  // update
  {
    route: routeKey(api.events.update),
    name: 'events: take over an event of T3 by naming T1 (a crafted request)',
    request: async (w, p) =>
      gridCall(api.events.update, {
        params: { id: (await freshEvent(w, [w.t3.id])).id },
        body: body(w, p),
      }),
    expect: leadersOnly(200),
  },
  {
    route: routeKey(api.events.update),
    name: 'events: give an event of T1 to T3 (a crafted request)',
    request: async (w, p) =>
      gridCall(api.events.update, {
        params: { id: (await freshEvent(w, [w.t1.id])).id },
        body: body(w, p, { equipesIds: [w.t3.id] }),
      }),
    expect: leadersOnly(200),
  },
  {
    route: routeKey(api.events.update),
    name: 'events: change an event with no team',
    request: async (w, p) =>
      gridCall(api.events.update, {
        params: { id: (await freshEvent(w, [])).id },
        body: body(w, p, { equipesIds: [] }),
      }),
    expect: leadersOnly(200),
  },
  // delete
  {
    route: routeKey(api.events.remove),
    name: 'events: delete an event of T1 and T2',
    request: async (w) =>
      gridCall(api.events.remove, { params: { id: (await freshEvent(w, [w.t1.id, w.t2.id])).id } }),
    expect: t2Writers(200),
  },
  {
    route: routeKey(api.events.remove),
    name: 'events: delete a match of T1 against T3 (base T1)',
    request: async (w) => {
      const { event } = await createMatch(w.app.db, w.club.id, {
        homeTeamId: w.t1.id,
        awayTeamId: w.t3.id,
      });
      return gridCall(api.events.remove, { params: { id: event.id } });
    },
    expect: t1Writers(200),
  },
];
