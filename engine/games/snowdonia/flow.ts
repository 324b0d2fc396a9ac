import type { Seat } from '../../core';
import { AREA_IDS, AREA_NAMES, type AreaId } from './components';
import { buildChoices, buildStation, buyTrain } from './actions/e-build';
import { excavate } from './actions/b-excavation';
import { convert, worksChoices } from './actions/c-works';
import { layTrack, layTrackChoices } from './actions/d-lay-track';
import { siteOfficeChoices, takeContract } from './actions/f-site-office';
import { moveSurveyor } from './actions/g-surveyor';
import { stockYardChoices, takeCubes, takeStartPlayer } from './actions/a-stock-yard';
import { contractWindowSeats, effectBonus, endContractEffects } from './contracts';
import { say, type Ctx } from './context';
import type { SnowdoniaMove } from './moves';
import { overlayBuildEarly } from './options';
import { rubbleOnRoute } from './route';
import { emptyAreas } from './setup';
import { markRound, sayRoundEnd } from './round-end';
import { restockSiteOffice } from './site-office';
import { placeEvents, restockStockYard } from './stock-yard';
import { playerName, type SnowdoniaState, type Step } from './state';
import { checkWeather } from './weather';
import { trainAbility } from './train';
import { scoreBreakdown } from './scoring';

/**
 * The round structure (rulebook "Game flow"): 1 Assign Labourers, 2 Resolve Actions (A to G,
 * spaces in numerical order, a Contract window before each Action Area), 3 Restock Contract
 * Cards, 4 Check the Weather, 5 Restock the Stock Yard. Everything here runs automatically until
 * a player has a choice to make; that choice is stored in `state.step`.
 */

export type ActionStep = Extract<Step, { kind: 'action' }>;

/** Starts a round: Labourers back in the supplies (the Temporary ones at the Pub), empty areas. */
export function beginRound(s: SnowdoniaState, ctx: Ctx): void {
  s.areas = emptyAreas(s);
  for (const p of s.seats) {
    p.labourers = 2;
    p.temporaryHired = false;
    p.placed = 0;
  }
  s.step = { kind: 'assign', seat: s.startPlayer };
  say(ctx, null, `Round ${s.round}: ${playerName(s.startPlayer)} is the Start Player.`);
}

/** The next seat clockwise after `seat` that still has a Labourer to place, or null. */
export function nextPlacer(s: SnowdoniaState, seat: Seat): Seat | null {
  for (let i = 1; i <= s.players; i++) {
    const next = (seat + i) % s.players;
    if (s.seats[next].labourers > 0) return next;
  }
  return null;
}

/** After a placement: the next seat places, or every Labourer is out and actions resolve. */
export function afterPlacement(s: SnowdoniaState, ctx: Ctx, seat: Seat): void {
  const next = nextPlacer(s, seat);
  if (next !== null) {
    s.step = { kind: 'assign', seat: next };
    return;
  }
  s.cursor = { area: 'A', next: 0, windowHeld: false, extraBuildDone: false };
  resumeResolution(s, ctx);
}

/** The choices of an action step (empty when the action can do nothing). */
export function actionChoices(s: SnowdoniaState, step: ActionStep): SnowdoniaMove[] {
  switch (step.area) {
    case 'A':
      return stockYardChoices(s, step.seat);
    case 'C':
      return worksChoices(s, step.seat);
    case 'D':
      return layTrackChoices(s, step.seat);
    case 'E':
      return buildChoices(s, step.seat);
    case 'F':
      return siteOfficeChoices(s);
    default:
      return [];
  }
}

/** Applies one chosen move of an action step (validated by the action itself). */
export function applyActionChoice(s: SnowdoniaState, ctx: Ctx, step: ActionStep, move: SnowdoniaMove): void {
  const seat = step.seat;
  switch (move.type) {
    case 'take-cubes':
      return takeCubes(s, ctx, seat, move);
    case 'convert':
      return convert(s, ctx, seat, move);
    case 'lay-track':
      return layTrack(s, ctx, seat, move);
    case 'build-station':
      return buildStation(s, ctx, seat, move);
    case 'buy-train':
      return buyTrain(s, ctx, seat, move);
    case 'take-contract':
      return takeContract(s, ctx, seat, move);
    default:
      throw new Error(`not an action choice: ${move.type}`);
  }
}

const NOTHING: Partial<Record<AreaId, string>> = {
  A: 'the Stock Yard is empty',
  C: 'no conversion is possible',
  D: 'no track can be laid',
  E: 'nothing can be built',
  F: 'the Site Office is empty',
};

/**
 * Runs an action step as far as it goes without a player: no choice -> nothing happens; exactly
 * one choice -> it is forced (made automatically), except for an optional step (Padarn).
 * Returns true when the step now waits for its seat (stored in `state.step`). `first` is false for
 * further picks of the same action (no "cannot take" line then).
 */
export function runActionStep(s: SnowdoniaState, ctx: Ctx, step: ActionStep, first = true): boolean {
  const optional = step.space === null;
  while (step.remaining > 0) {
    const choices = actionChoices(s, step);
    if (choices.length === 0) {
      if (first) say(ctx, step.seat, `${playerName(step.seat)} cannot take the ${AREA_NAMES[step.area]} action: ${NOTHING[step.area]}.`);
      return false;
    }
    if (choices.length > 1 || optional) {
      s.step = step;
      return true;
    }
    applyActionChoice(s, ctx, step, choices[0]);
    step.remaining -= 1;
    first = false;
  }
  return false;
}

/** Resolves the action of one occupied space. Returns true when it waits for a choice. */
function startSpace(s: SnowdoniaState, ctx: Ctx, area: AreaId, space: number, seat: Seat): boolean {
  switch (area) {
    case 'B':
      excavate(s, ctx, seat);
      return false;
    case 'G':
      moveSurveyor(s, ctx, seat);
      return false;
    default: {
      const remaining = area === 'F' ? 1 + effectBonus(s, seat, 'site-office-extra', 'contracts') : 1;
      if (runActionStep(s, ctx, { kind: 'action', area, space, seat, remaining })) return true;
      finishSpace(s, ctx, area, space, seat);
      return false;
    }
  }
}

/** What happens when a space's action is complete (the Stock Yard's Start Player token). */
function finishSpace(s: SnowdoniaState, ctx: Ctx, area: AreaId, space: number | null, seat: Seat): void {
  if (area === 'A' && space !== null) takeStartPlayer(s, ctx, seat, space);
}

/** After a player's choice at an action step: more picks, or on to the next space. */
export function continueAction(s: SnowdoniaState, ctx: Ctx, step: ActionStep): void {
  step.remaining -= 1;
  if (step.remaining > 0 && runActionStep(s, ctx, step, false)) return;
  finishSpace(s, ctx, step.area, step.space, step.seat);
  if (step.space !== null) s.cursor!.next += 1;
  resumeResolution(s, ctx);
}

/** Continues 2. Resolve Actions from the cursor until a choice is needed or the round ends. */
export function resumeResolution(s: SnowdoniaState, ctx: Ctx): void {
  while (s.cursor) {
    const cur = s.cursor;
    const { area, spaces, first } = spacesAtCursor(s, cur.area);
    if (!cur.windowHeld) {
      cur.windowHeld = true;
      const waiting = contractWindowSeats(s, area);
      if (waiting.length > 0) {
        s.step = { kind: 'contracts', area, waiting };
        return;
      }
    }
    if (cur.next < spaces.length) {
      const seat = spaces[cur.next];
      if (seat !== null && startSpace(s, ctx, area, first + cur.next + 1, seat)) return;
      cur.next += 1;
      continue;
    }
    if (cur.area === 'E' && !cur.extraBuildDone) {
      cur.extraBuildDone = true;
      const owner = padarnBuilder(s);
      if (owner !== null) {
        say(ctx, owner, `${playerName(owner)} may take Padarn's extra Build action.`);
        if (runActionStep(s, ctx, { kind: 'action', area: 'E', space: null, seat: owner, remaining: 1 })) return;
      }
      continue;
    }
    const i = AREA_IDS.indexOf(cur.area);
    if (i === AREA_IDS.length - 1) {
      s.cursor = null;
      endOfActions(s, ctx);
      return;
    }
    s.cursor = { area: AREA_IDS[i + 1], next: 0, windowHeld: false, extraBuildDone: false };
  }
}

/**
 * The spaces resolved at the cursor's Action Area, as an area and its space numbers
 * (`first` + 1 onwards). Once the EXCAVATION overlay lies over B, its Build space (stored as the
 * last space of E) is resolved there, as a Build with E's Contracts, unless the game keeps rules
 * version 1's reading (`overlayBuildAfterE`), where it comes last in E.
 */
function spacesAtCursor(s: SnowdoniaState, area: AreaId): { area: AreaId; spaces: (Seat | null)[]; first: number } {
  if (!s.excavationOverlay || !overlayBuildEarly(s.options)) return { area, spaces: s.areas[area], first: 0 };
  const e = s.areas.E;
  if (area === 'B') return { area: 'E', spaces: e.slice(-1), first: e.length - 1 };
  if (area === 'E') return { area, spaces: e.slice(0, -1), first: 0 };
  return { area, spaces: s.areas[area], first: 0 };
}

/** The owner of Padarn if they had a Labourer on BUILD this round (README; reconstruction). */
function padarnBuilder(s: SnowdoniaState): Seat | null {
  const seat = s.seats.findIndex((_, i) => trainAbility(s, i, 'extra-build') !== null);
  return seat >= 0 && s.areas.E.includes(seat) ? seat : null;
}

/** After Padarn's extra Build (taken or declined). */
export function finishExtraBuild(s: SnowdoniaState, ctx: Ctx): void {
  resumeResolution(s, ctx);
}

/**
 * After action G: Labourers return, Contract effects end; unless the end of the game was
 * triggered, phases 3 to 5 follow.
 */
export function endOfActions(s: SnowdoniaState, ctx: Ctx): void {
  s.areas = emptyAreas(s);
  for (const p of s.seats) {
    p.labourers = 2;
    p.temporaryHired = false;
    p.placed = 0;
  }
  endContractEffects(s);
  if (s.endTriggered) return gameOver(s, ctx);
  const mark = markRound(s);
  restockSiteOffice(s, ctx);
  checkWeather(s, ctx);
  const pause = restockStockYard(s, ctx);
  if (pause) s.step = { kind: 'maintenance', waiting: pause.ask, eventsLeft: pause.eventsLeft };
  else finishRound(s, ctx);
  sayRoundEnd(s, ctx, mark);
}

/** After every Train owner answered event 6: the remaining Event cubes, then the next round. */
export function afterMaintenance(s: SnowdoniaState, ctx: Ctx, eventsLeft: number): void {
  const mark = markRound(s);
  const pause = placeEvents(s, ctx, eventsLeft);
  if (pause) s.step = { kind: 'maintenance', waiting: pause.ask, eventsLeft: pause.eventsLeft };
  else finishRound(s, ctx);
  sayRoundEnd(s, ctx, mark, false);
}

/**
 * End of the round: the game ends if triggered; the EXCAVATION overlay is placed once no Rubble
 * is left (rulebook, action B); then the next round begins.
 */
export function finishRound(s: SnowdoniaState, ctx: Ctx): void {
  if (s.endTriggered) return gameOver(s, ctx);
  if (!s.excavationOverlay && rubbleOnRoute(s) === 0) {
    s.excavationOverlay = true;
    say(ctx, null, 'All Rubble has been excavated: the EXCAVATION overlay adds a Build space for the rest of the game.');
  }
  s.round += 1;
  beginRound(s, ctx);
}

/** The game is over: final scores in the log (rulebook objective; README final score). */
export function gameOver(s: SnowdoniaState, ctx: Ctx): void {
  s.step = { kind: 'over' };
  s.cursor = null;
  const totals = s.seats.map((_, seat) => scoreBreakdown(s, seat).total);
  ctx.log.push({
    seat: null,
    text: `The game is over. Final scores: ${totals.map((t, i) => `${playerName(i)} ${t}`).join(', ')}.`,
    kind: 'phase',
  });
}
