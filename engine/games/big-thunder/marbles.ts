import { SHAFTS, type MarbleKind } from './components';
import { reveal, say, type Ctx } from './context';
import type { Basin, MarbleRun, Marbles } from './state';

import { MARBLE_NAMES } from './words';

export { MARBLE_NAMES };

const BASIN_ORDER: readonly MarbleKind[] = ['gold', 'ore', 'water', 'fate'];

/** Marbles in the basin, the Fate marble included. */
export function basinCount(b: Basin): number {
  return b.gold + b.ore + b.water + b.fate;
}

/** The marbles in mine shaft `shaft` (1..7). */
export function shaftAt(mine: Marbles[], shaft: number): Marbles {
  return mine[shaft - 1];
}

/**
 * Runs one marble (rulebook, On Your Turn 1: "turn the Mountain Peak ... the marble runs into one
 * of the seven mine shafts"). Reconstruction (README): a uniformly random marble of the basin
 * lands in a uniformly random shaft 1..7. A Fate marble is held out of the basin with its shaft
 * until its Fate card is resolved. Returns null, running nothing, when the basin is empty.
 */
export function runMarble(ctx: Ctx): MarbleRun | null {
  const { s } = ctx;
  const total = basinCount(s.basin);
  if (total === 0) return null;
  let roll = ctx.rng.int(0, total - 1);
  let marble: MarbleKind = 'gold';
  for (const kind of BASIN_ORDER) {
    if (roll < s.basin[kind]) {
      marble = kind;
      break;
    }
    roll -= s.basin[kind];
  }
  const shaft = ctx.rng.int(1, SHAFTS);
  s.basin[marble] -= 1;
  if (marble === 'fate') s.fateMarble = { shaft };
  else shaftAt(s.mine, shaft)[marble] += 1;
  const run = { marble, shaft };
  s.lastRun.push(run);
  reveal(ctx, 'the marbles that ran');
  say(ctx, null, `A ${MARBLE_NAMES[marble]} ran into mine shaft ${shaft}.`);
  return run;
}

/**
 * Runs up to `n` marbles; "If the basin is empty, don't run any more marbles" (On Your Turn 1).
 * Returns the marbles run.
 */
export function runMarbles(ctx: Ctx, n: number): MarbleRun[] {
  const runs: MarbleRun[] = [];
  for (let i = 0; i < n; i++) {
    const r = runMarble(ctx);
    if (!r) {
      say(ctx, null, 'The basin is empty: no more marbles run.');
      break;
    }
    runs.push(r);
  }
  return runs;
}

/** Drops marbles back in the basin (sold gold, bailed Water, a caved-in shaft). */
export function dropInBasin(ctx: Ctx, kind: 'gold' | 'ore' | 'water', n: number): void {
  ctx.s.basin[kind] += n;
}

/** "After completing the card, drop the Fate marble back in the basin" (On Your Turn 1, FATE!). */
export function dropFateMarble(ctx: Ctx): void {
  if (!ctx.s.fateMarble) return;
  ctx.s.fateMarble = null;
  ctx.s.basin.fate += 1;
}
