import type { Seat } from '../../core';
import { stationData, trackCardData, type StationId } from './components';
import type { Ctx } from './context';
import { say } from './context';
import { playerName, type Owner, type RouteCard, type SnowdoniaState, type StationCard, type TrackCard } from './state';

/**
 * The railway route: Station and Track cards "up the mountain" from Llanberis (Setup 2-4).
 * Helpers here are shared by Excavation, Lay Track, Build, the Surveyor and the events.
 */

/** Station ids on the route, in order, Llanberis first. */
export function stationOrder(s: SnowdoniaState): StationId[] {
  return s.route.filter((c): c is StationCard => c.kind === 'station').map((c) => c.station);
}

/** The Station card on the route with this id, if it is used with this player count. */
export function stationCard(s: SnowdoniaState, id: StationId): StationCard | undefined {
  return s.route.find((c): c is StationCard => c.kind === 'station' && c.station === id);
}

/** Track cards on the route, in order up the mountain. */
export function trackCards(s: SnowdoniaState): TrackCard[] {
  return s.route.filter((c): c is TrackCard => c.kind === 'track');
}

/** Rubble left on one route card. */
export function cardRubble(c: RouteCard): number {
  return c.kind === 'track' ? c.rubble : c.excavation.reduce((n, e) => n + e.rubble, 0);
}

/** Rubble cubes still on the whole route. */
export function rubbleOnRoute(s: SnowdoniaState): number {
  return s.route.reduce((n, c) => n + cardRubble(c), 0);
}

/** A Station card with no Rubble left (the reconstructed Build prerequisite, README "E. Build"). */
export function stationCleared(c: StationCard): boolean {
  return c.excavation.every((e) => e.rubble === 0);
}

/**
 * A "Rubble space" in the strict excavation order (action B): a Track card, or one Excavation
 * space of a Station card (top-left first).
 */
export interface RubbleSpace {
  route: number;
  /** Excavation space index on a Station card; null for a Track card. */
  space: number | null;
}

/** Rubble spaces still holding Rubble, in the order they must be excavated (action B). */
export function rubbleSpacesInOrder(s: SnowdoniaState): RubbleSpace[] {
  const out: RubbleSpace[] = [];
  s.route.forEach((c, i) => {
    if (c.kind === 'track') {
      if (c.rubble > 0) out.push({ route: i, space: null });
    } else {
      c.excavation.forEach((e, j) => {
        if (e.rubble > 0) out.push({ route: i, space: j });
      });
    }
  });
  return out;
}

/** Readable name of a Rubble space ("Track card 4", "Hebron excavation space 1"). */
export function rubbleSpaceName(s: SnowdoniaState, r: RubbleSpace): string {
  const c = s.route[r.route];
  return c.kind === 'track' ? `Track card ${trackPosition(s, r.route)}` : `${stationData(c.station).name} excavation space ${r.space! + 1}`;
}

/** 1-based position of a Track card among the route's Track cards. */
export function trackPosition(s: SnowdoniaState, routeIndex: number): number {
  let n = 0;
  for (let i = 0; i <= routeIndex; i++) if (s.route[i].kind === 'track') n++;
  return n;
}

/**
 * Track cards on which track may be laid next, in order: the unlaid Track cards from the lowest
 * one up, as long as their Rubble is all gone (README "D. Lay Track").
 */
export function layableTrack(s: SnowdoniaState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.route.length; i++) {
    const c = s.route[i];
    if (c.kind !== 'track' || c.owner !== null) continue;
    if (c.rubble > 0) break;
    out.push(i);
  }
  return out;
}

/** True once track is laid on every Track card, the last one below Yr Wyddfa included (end of game). */
export function allTrackLaid(s: SnowdoniaState): boolean {
  return trackCards(s).every((t) => t.owner !== null);
}

/** VP printed on a Track card. */
export function trackVp(t: TrackCard): number {
  return trackCardData(t.card).vp;
}

/**
 * Takes one of `seat`'s Ownership Markers off its supply (Setup 6: 16 is a hard limit). In a
 * 2-player game placing the last one triggers the end of the game (README "End of game").
 * Returns false when the seat has none left.
 */
export function useMarker(s: SnowdoniaState, ctx: Ctx, owner: Owner): boolean {
  if (owner === 'game') return true;
  const p = s.seats[owner];
  if (p.markers <= 0) return false;
  p.markers -= 1;
  if (p.markers === 0 && s.players === 2 && !s.endTriggered) {
    s.endTriggered = true;
    say(ctx, owner, `${playerName(owner)} placed their last Ownership Marker: the game ends after this round's actions.`);
  }
  return true;
}

/** Marks the end of the game once the last Track card is laid (README "End of game"). */
export function checkRouteComplete(s: SnowdoniaState, ctx: Ctx): void {
  if (!s.endTriggered && allTrackLaid(s)) {
    s.endTriggered = true;
    say(ctx, null, "Track is laid on the last Track card below Yr Wyddfa: the game ends after this round's actions.");
  }
}

/**
 * Removes up to `amount` Rubble in strict order up the mountain (action B and Excavate events).
 * `taker` receives the cubes (a seat) or they go to the general supply (`'game'`). Whoever takes
 * the last cube of a Station Excavation space owns it (if it has a marker left).
 * Returns the number of cubes taken.
 */
export function excavateRubble(s: SnowdoniaState, ctx: Ctx, taker: Seat, amount: number): number {
  let left = amount;
  let taken = 0;
  for (const r of rubbleSpacesInOrder(s)) {
    if (left <= 0) break;
    const c = s.route[r.route];
    if (c.kind === 'track') {
      const n = Math.min(left, c.rubble);
      c.rubble -= n;
      left -= n;
      taken += n;
    } else {
      const e = c.excavation[r.space!];
      const n = Math.min(left, e.rubble);
      e.rubble -= n;
      left -= n;
      taken += n;
      if (e.rubble === 0) {
        if (useMarker(s, ctx, taker)) {
          e.owner = taker;
          say(ctx, taker, `${playerName(taker)} cleared ${rubbleSpaceName(s, r)} and places an Ownership Marker on it.`);
        } else {
          say(ctx, taker, `${playerName(taker)} cleared ${rubbleSpaceName(s, r)} but has no Ownership Marker left.`);
        }
      }
    }
  }
  s.seats[taker].rubble += taken;
  return taken;
}
