import { expect } from 'vitest';
import { playMove, type LogEntry, type Seat } from '../../../engine/core';
import { snowdonia } from '../../../engine/games/snowdonia';
import type { AreaId } from '../../../engine/games/snowdonia/components';
import { newCtx } from '../../../engine/games/snowdonia/context';
import { resumeResolution } from '../../../engine/games/snowdonia/flow';
import type { SnowdoniaMove } from '../../../engine/games/snowdonia/moves';
import type { SnowdoniaOptions } from '../../../engine/games/snowdonia/options';
import { emptyAreas } from '../../../engine/games/snowdonia/setup';
import type { PlayerState, SnowdoniaState } from '../../../engine/games/snowdonia/state';

export const SEED = '0123456789abcdef0123456789abcdef';

/** A new game (setup only). */
export function newGame(players: number, options: Partial<SnowdoniaOptions> = {}, seed = SEED): SnowdoniaState {
  return snowdonia.setup({ players, options: options as SnowdoniaOptions, seed });
}

/** Plays one move through the platform path (seat, schema, legalMoves, applyMove). */
export function play(s: SnowdoniaState, seat: Seat, move: SnowdoniaMove): SnowdoniaState {
  return playMove(snowdonia, s, seat, move).state;
}

/** Plays one move and returns the whole result (state, log, reveals). */
export function playFull(s: SnowdoniaState, seat: Seat, move: SnowdoniaMove) {
  return playMove<SnowdoniaState>(snowdonia, s, seat, move);
}

/** Expects a move to be refused with `code`. */
export function expectIllegal(s: SnowdoniaState, seat: Seat, move: unknown, code: string): void {
  let caught: unknown;
  try {
    playMove(snowdonia, s, seat, move);
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected ${code}`).toBeDefined();
  expect((caught as { code: string }).code).toBe(code);
}

/**
 * The state builder (docs/style.md "Scenario tests build a state with a small helper"): a fresh game
 * with `players`, then `patch` edits it directly. Returns the patched copy.
 */
export function given(players: number, patch: (s: SnowdoniaState) => void, options: Partial<SnowdoniaOptions> = {}): SnowdoniaState {
  const s = newGame(players, options);
  patch(s);
  return s;
}

/** Sets a player's pieces. */
export function setSeat(s: SnowdoniaState, seat: Seat, pieces: Partial<PlayerState>): void {
  const p = s.seats[seat];
  const before = { iron: p.iron, stone: p.stone, coal: p.coal, steel: p.steel, rubble: p.rubble };
  Object.assign(p, pieces);
  // Keep the box totals whole: cubes a test hands out come from the bag / general supply.
  s.bag.iron -= p.iron - before.iron;
  s.bag.stone -= p.stone - before.stone;
  s.bag.coal -= p.coal - before.coal;
  s.supply.steel -= p.steel - before.steel;
  s.supply.rubble -= p.rubble - before.rubble;
}

/** Removes all Rubble from the first `cards` route cards (index 0 is Llanberis), to the general supply. */
export function clearRubble(s: SnowdoniaState, cards: number = s.route.length): void {
  for (const c of s.route.slice(0, cards)) {
    if (c.kind === 'track') {
      s.supply.rubble += c.rubble;
      c.rubble = 0;
    } else {
      for (const e of c.excavation) {
        s.supply.rubble += e.rubble;
        e.rubble = 0;
        if (e.owner === null) e.owner = 'game';
      }
    }
  }
}

/** Gives `seat` a Train from the Engine Shed (or the box), without its Coal. */
export function giveTrain(s: SnowdoniaState, seat: Seat, train: number): void {
  const i = s.engineShed.findIndex((t) => t.train === train);
  if (i >= 0) {
    s.box.coal += s.engineShed[i].coal; // the card's Coal leaves play with it
    s.engineShed.splice(i, 1);
  } else {
    s.trainsOut = s.trainsOut.filter((t) => t !== train);
  }
  s.seats[seat].train = train;
}

/** Gives `seat` a Contract card (taken out of wherever it is). */
export function giveContract(s: SnowdoniaState, seat: Seat, id: number, activated = false): void {
  s.contractDeck = s.contractDeck.filter((x) => x !== id);
  s.siteOffice = s.siteOffice.map((x) => (x === id ? null : x));
  s.contractDiscard = s.contractDiscard.filter((x) => x !== id);
  s.contractsOut = s.contractsOut.filter((x) => x !== id);
  s.seats[seat].contracts.push({ id, activated, activeThisRound: false });
}

/**
 * Puts Labourers on the given spaces (every other Labourer is treated as placed elsewhere: the
 * supplies are emptied) and starts 2. Resolve Actions, running forced steps until a choice.
 * Unless `events` is true, the Event cubes leave the bag first, so that the round's upkeep
 * cannot change the board behind the test's back.
 */
export function resolveWith(
  s: SnowdoniaState,
  areas: Partial<Record<AreaId, (Seat | null)[]>>,
  { events = false } = {},
): { state: SnowdoniaState; log: LogEntry[] } {
  const out = structuredClone(s);
  if (!events) {
    out.box.event += out.bag.event;
    out.bag.event = 0;
  }
  out.areas = emptyAreas(out);
  for (const [a, seats] of Object.entries(areas) as [AreaId, (Seat | null)[]][]) {
    if (a === 'G') out.areas.G = [...(seats as Seat[])];
    else for (const [i, x] of seats.entries()) out.areas[a][i] = x;
  }
  for (const p of out.seats) {
    p.labourers = 0;
    p.placed = 2;
  }
  out.cursor = { area: 'A', next: 0, windowHeld: false, extraBuildDone: false };
  const ctx = newCtx();
  resumeResolution(out, ctx);
  return { state: out, log: ctx.log };
}

/** Text of all log lines. */
export function logText(log: LogEntry[]): string {
  return log.map((l) => l.text).join('\n');
}

export { census, fullBox } from './census';
