import fc from 'fast-check';
import { expect } from 'vitest';
import { IllegalMove, Rng, canonicalJson, replay, type HistoryEvent, type Seat } from '../../../engine/core';
import { snowdonia } from '../../../engine/games/snowdonia';
import { STATION_IDS, contractData } from '../../../engine/games/snowdonia/components';
import type { SnowdoniaMove } from '../../../engine/games/snowdonia/moves';
import type { SnowdoniaOptions } from '../../../engine/games/snowdonia/options';
import { cloneState, type SnowdoniaState } from '../../../engine/games/snowdonia/state';
import { census, fullBox } from './census';

/**
 * Property test shared by the per-player-count files: random legal games (a mix of uniformly
 * random legal moves and the bot's moves, so games both explore and finish) are played to the
 * end; every game must
 * - end (a cap of MAX_MOVES moves would fail the test with its reason: no game may stall),
 * - replay through engine/core `replay` to the identical state (canonicalJson),
 * - conserve every piece after every move (cubes, Rubble, Steel Bars, markers, Labourers, cards),
 * - never show a Contract in a view or a log line before it is drawn,
 * - give every seat (and spectators) the same view when only hidden state changes (the order of
 *   the deck below its top card's weather, the RNG that draws from the bag),
 * - list in legalMoves exactly the moves applyMove accepts (checked against a broad universe).
 * Every game checks ending, replay and conservation; every DEEP_EVERY-th game also runs the
 * costly hidden-information, log and legalMoves-exactness checks.
 * 500 games per player count, 2,000 in all (`SNOWDONIA_RUNS` sets another number per count, for a
 * deeper run before a rules change lands).
 */
export const MAX_MOVES = 5000;
export const RUNS = Number(process.env.SNOWDONIA_RUNS ?? 500);
const DEEP_EVERY = 10;

const seedArb = fc.array(fc.constantFrom(...'0123456789abcdef'), { minLength: 32, maxLength: 32 }).map((a) => a.join(''));
const optionsArb: fc.Arbitrary<SnowdoniaOptions> = fc.record({
  buildPrerequisite: fc.constantFrom('station-cleared' as const, 'none' as const),
  thinnerFog: fc.boolean(),
  optionalTrackCards: fc.boolean(),
});

/** The same state with the hidden parts changed: deck order (top weather kept) and the RNG. */
export function reshuffleHidden(s: SnowdoniaState, r: Rng): SnowdoniaState {
  const t = cloneState(s);
  if (t.contractDeck.length > 1) {
    const topWeather = contractData(t.contractDeck[0]).weather;
    t.contractDeck = r.shuffle(t.contractDeck);
    const i = t.contractDeck.findIndex((id) => contractData(id).weather === topWeather);
    [t.contractDeck[0], t.contractDeck[i]] = [t.contractDeck[i], t.contractDeck[0]];
  }
  t.rng = [r.int(1, 0x7fffffff), r.int(0, 0x7fffffff), r.int(0, 0x7fffffff), r.int(0, 0x7fffffff)];
  return t;
}

/** A broad universe of well-formed moves: every move the engine could ever list, and many more. */
export const MOVE_UNIVERSE: SnowdoniaMove[] = (() => {
  const out: SnowdoniaMove[] = [{ type: 'hire-temporary' }, { type: 'pass-contracts' }, { type: 'skip' }];
  for (const area of ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const)
    for (let space = 1; space <= 16; space++) out.push({ type: 'place', area, space });
  for (let id = 1; id <= 30; id++) out.push({ type: 'activate-contract', contract: id }, { type: 'take-contract', contract: id });
  for (let iron = 0; iron <= 5; iron++)
    for (let stone = 0; stone <= 5; stone++) for (let coal = 0; coal <= 3; coal++) out.push({ type: 'take-cubes', iron, stone, coal });
  for (let steel = 0; steel <= 6; steel++) for (let stone = 0; stone <= 6; stone++) out.push({ type: 'convert', steel, stone });
  for (let count = 1; count <= 6; count++) out.push({ type: 'lay-track', count });
  for (const station of STATION_IDS) for (let space = 1; space <= 4; space++) out.push({ type: 'build-station', station, space });
  for (let train = 1; train <= 7; train++) out.push({ type: 'buy-train', train });
  out.push({ type: 'maintain-train', pay: true }, { type: 'maintain-train', pay: false });
  return out;
})();

/**
 * legalMoves is exact: for every active seat, a move of the universe is listed exactly when
 * applyMove accepts it (anything else throws IllegalMove with a code).
 */
function checkExact(s: SnowdoniaState): void {
  for (const seat of snowdonia.activeSeats(s)) {
    const legal = new Set(snowdonia.legalMoves(s, seat).map((m) => canonicalJson(m)));
    for (const m of MOVE_UNIVERSE) {
      let ok = true;
      try {
        snowdonia.applyMove(s, seat, m);
      } catch (e) {
        if (!(e instanceof IllegalMove)) throw e;
        expect(e.code).toMatch(/^[a-z_]+$/);
        ok = false;
      }
      if (ok !== legal.has(canonicalJson(m)))
        expect.fail(
          `${JSON.stringify(m)} at ${s.step.kind}: applyMove ${ok ? 'accepts' : 'refuses'} it, legalMoves ${ok ? 'omits' : 'lists'} it`,
        );
    }
  }
}

const quoted = (id: number) => `"${contractData(id).name}"`;

function checkHidden(s: SnowdoniaState, r: Rng): void {
  const other = reshuffleHidden(s, r);
  for (const seat of [null, ...s.seats.map((_, i) => i)]) {
    // Views are built in a fixed key order, so plain JSON text compares them exactly (and fast).
    const v = JSON.stringify(snowdonia.view(s, seat));
    expect(JSON.stringify(snowdonia.view(other, seat))).toBe(v);
    for (const id of s.contractDeck) expect(v.includes(quoted(id)), `Contract ${id} leaks in a view`).toBe(false);
  }
}

export interface Stats {
  games: number;
  moves: number;
  ended: number;
  ms: number;
}

/** Runs `RUNS` random games with `players` and checks the properties above. */
export function randomGames(players: number, stats: Stats): void {
  let played = 0;
  fc.assert(
    fc.property(
      seedArb,
      fc.integer({ min: 1, max: 0x7fffffff }),
      fc.integer({ min: 0, max: 100 }),
      optionsArb,
      (seed, moveSeed, botShare, options) => {
        const t0 = performance.now();
        const deep = played++ % DEEP_EVERY === 0;
        const r = new Rng([moveSeed, 0x9e3779b9 | 0, players, 12345]);
        let s = snowdonia.setup({ players, options, seed });
        const events: HistoryEvent[] = [];
        const box = fullBox(players);
        const boxJson = JSON.stringify(box);
        // Compared as JSON text first (fast); a mismatch is reported with a readable diff.
        const conserve = () => JSON.stringify(census(s)) === boxJson || expect(census(s)).toEqual(box);
        conserve();
        while (snowdonia.activeSeats(s).length > 0 && events.length < MAX_MOVES) {
          const active = snowdonia.activeSeats(s);
          const seat: Seat = active[r.int(0, active.length - 1)];
          const legal = snowdonia.legalMoves(s, seat);
          expect(legal.length, `active seat ${seat} has no legal move at ${s.step.kind}`).toBeGreaterThan(0);
          const move =
            r.int(0, 99) < botShare ? snowdonia.botMove!(s, seat, legal, r.int(0, 999) / 1000) : legal[r.int(0, legal.length - 1)];
          const res = snowdonia.applyMove(s, seat, move);
          s = res.state;
          events.push({ kind: 'move', seat, move });
          conserve();
          if (!deep) continue;
          // No log line names a Contract still in the deck.
          const text = res.log.map((l) => l.text).join('\n');
          for (const id of s.contractDeck) expect(text.includes(quoted(id)), `Contract ${id} leaks in the log`).toBe(false);
          if (events.length % 50 === 0) checkHidden(s, r);
          if (events.length % 151 === 0) checkExact(s);
        }
        expect(snowdonia.activeSeats(s), `the game did not end within ${MAX_MOVES} moves`).toEqual([]);
        const result = snowdonia.result(s)!;
        expect(result.ranking.slice().sort()).toEqual(s.seats.map((_, i) => i));
        checkHidden(s, r);
        // A few undone moves in the history must not change the outcome either.
        const withUndo: HistoryEvent[] = [...events.slice(0, 3), { kind: 'undo', seat: 0 }, ...events.slice(2)];
        const replayed = replay<SnowdoniaState>(snowdonia, { players, options, seed, events: withUndo });
        expect(canonicalJson(replayed.state)).toBe(canonicalJson(s));
        stats.games += 1;
        stats.moves += events.length;
        stats.ended += 1;
        stats.ms += performance.now() - t0;
      },
    ),
    { numRuns: RUNS },
  );
}
