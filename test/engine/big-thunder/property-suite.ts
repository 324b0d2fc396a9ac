import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, canonicalJson } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { DEFAULT_POLICY, MOVE_CAP, playRandomGame, replayedJson, scrambleHidden } from './random-games';

/**
 * Games per player count for the main property (replayed, conservation checked every move):
 * the suite plays at least 2,000. `BT_GAMES=200` for a quick local run. The costlier view and
 * legality probes run on a fixed sample.
 */
export const GAMES = Number(process.env.BT_GAMES ?? 2000);
const VIEW_GAMES = Math.max(10, Math.min(100, Math.round(GAMES / 10)));
const PROBE_GAMES = Math.max(10, Math.min(67, Math.round(GAMES / 15)));

const hexSeed = fc
  .array(fc.integer({ min: 0, max: 15 }), { minLength: 32, maxLength: 32 })
  .map((d) => d.map((x) => x.toString(16)).join(''));
const policySeed = fc.integer({ min: 1, max: 0x7fffffff });

/** The property tests of one player count (one file per count, so two run in parallel). */
export function propertySuite(players: number): void {
  describe(`random legal games, ${players} players (fast-check)`, () => {
    it(`${GAMES} games end, replay to the identical state and conserve 23 marbles and 62 + 15 + 10 cards`, () => {
      let moves = 0;
      let undos = 0;
      let finished = 0;
      const cpu = process.cpuUsage();
      fc.assert(
        fc.property(hexSeed, policySeed, (seed, ps) => {
          const g = playRandomGame(players, seed, ps);
          // The move cap is a safety net; every game is expected to finish well before it.
          expect(g.reason, `game ${seed}/${ps} hit the ${MOVE_CAP}-move cap`).toBe('result');
          expect(bigThunder.activeSeats(g.state)).toEqual([]);
          expect(replayedJson(g)).toBe(canonicalJson(g.state));
          moves += g.moves;
          undos += g.undos;
          finished += 1;
        }),
        { numRuns: GAMES },
      );
      const used = process.cpuUsage(cpu);
      const seconds = (used.user + used.system) / 1e6;
      console.info(
        `[big-thunder ${players}p] ${finished} games finished and replayed, ${moves} moves (${undos} undos), ` +
          `${(finished / seconds).toFixed(1)} games/s of CPU (${seconds.toFixed(1)} s)`,
      );
      expect(finished).toBe(GAMES);
    }, 600_000);

    it(`no seat's view changes when another seat's hidden state changes (${VIEW_GAMES} games)`, () => {
      let checks = 0;
      fc.assert(
        fc.property(hexSeed, policySeed, (seed, ps) => {
          const g = playRandomGame(players, seed, ps, { ...DEFAULT_POLICY, sampleEvery: 17 });
          const r = new Rng([ps, 3, 5, 7]);
          for (const s of g.samples) {
            if (s.phase === 'over') continue;
            for (const seat of [...Array(players).keys(), null]) {
              const seen = canonicalJson(bigThunder.view(s, seat));
              for (let k = 0; k < 2; k++) {
                expect(canonicalJson(bigThunder.view(scrambleHidden(s, seat, r), seat))).toBe(seen);
                checks += 1;
              }
            }
          }
        }),
        { numRuns: VIEW_GAMES },
      );
      expect(checks).toBeGreaterThan(VIEW_GAMES * 10);
    }, 600_000);

    it(`legalMoves is exact: random well-formed moves outside it are refused with a code, inside it accepted (${PROBE_GAMES} games)`, () => {
      fc.assert(
        fc.property(hexSeed, policySeed, (seed, ps) => {
          const g = playRandomGame(players, seed, ps, { ...DEFAULT_POLICY, probeIllegal: 0.25 });
          expect(g.ended).toBe(true);
        }),
        { numRuns: PROBE_GAMES },
      );
    }, 600_000);
  });
}
