import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type LogEntry, type Seat } from '../../../engine/core';
import { spaceMountain as game } from '../../../engine/games/space-mountain';
import { ENCOUNTER_SPACES, squareName } from '../../../engine/games/space-mountain/components';
import { refuelChoices } from '../../../engine/games/space-mountain/rules';
import { cloneState, type SpaceMountainState } from '../../../engine/games/space-mountain/state';
import { hex, playRandomGame } from './random-games';

const RUNS = Number(process.env.SM_HIDDEN_RUNS ?? 150);
/** Share of steps at which every viewer's view is compared with a scrambled twin (about 10 per game). */
const CHECK_RATE = 0.03;
/** Views are built field by field in a fixed key order, so plain JSON compares them exactly. */
const json = (v: unknown) => JSON.stringify(v);

/**
 * The same game as seen by `viewer` but with everything `viewer` cannot see changed: face-down
 * Encounter tokens permuted, the RNG state (future dice) replaced, and every other player's
 * pending Step 1 decision switched to another legal one.
 */
function scrambleHidden(s: SpaceMountainState, viewer: Seat | null, rand: () => number): SpaceMountainState {
  const t = cloneState(s);
  const down = t.tokens.map((tok, i) => (tok.faceUp ? -1 : i)).filter((i) => i >= 0);
  const kinds = down.map((i) => t.tokens[i].kind);
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  for (const [k, i] of down.entries()) t.tokens[i].kind = kinds[k];
  t.rng = [1 + Math.floor(rand() * 0x7ffffff), Math.floor(rand() * 0x7fffffff), 7, 42];
  if (t.phase === 'plan') {
    for (let q = 0; q < t.players; q++) {
      const d = t.decisions[q];
      if (q === viewer || !d) continue;
      const others = [{ type: 'go' as const }, ...refuelChoices(t, q)].filter((x) => canonicalJson(x) !== canonicalJson(d));
      t.decisions[q] = others[Math.floor(rand() * others.length)];
    }
  }
  return t;
}

const visibleTo = (viewer: Seat | null) => (e: LogEntry) => !e.only || (viewer !== null && e.only.includes(viewer));

describe('Hidden information', () => {
  for (const players of [2, 3, 4]) {
    it(`Property (${players} players): no seat's view or visible log changes when hidden state it cannot see changes`, () => {
      let checks = 0;
      fc.assert(
        fc.property(
          fc.uint8Array({ minLength: 16, maxLength: 16 }),
          fc.integer(),
          fc.integer({ min: 0, max: 100 }),
          fc.boolean(),
          (seed, pick, greedPercent, unknownSpace) => {
            playRandomGame(
              players,
              { missionsOnly: false, missions: 5, unknownSpace },
              hex(seed),
              pick,
              greedPercent / 100,
              (before, seat, move, after, rand) => {
                // No log line names a token that is still face down.
                const real = game.applyMove(before, seat, move);
                for (const e of real.log) {
                  const m = / token at ([A-I][1-9])/.exec(e.text);
                  if (!m) continue;
                  const i = ENCOUNTER_SPACES.findIndex((sq) => squareName(sq) === m[1]);
                  expect(after.tokens[i].faceUp).toBe(true);
                }
                if (rand() > CHECK_RATE) return;
                checks++;
                for (const viewer of [null, ...Array.from({ length: players }, (_, i) => i)]) {
                  const hidden = scrambleHidden(before, viewer, rand);
                  expect(json(game.view(hidden, viewer))).toBe(json(game.view(before, viewer)));
                  // The same move in the scrambled game: unless it reveals something, the viewer sees the same log and board.
                  if (real.reveals) continue;
                  const alt = game.applyMove(hidden, seat, move);
                  expect(alt.reveals).toBe(false);
                  expect(alt.log.filter(visibleTo(viewer))).toEqual(real.log.filter(visibleTo(viewer)));
                  expect(json(game.view(alt.state, viewer))).toBe(json(game.view(real.state, viewer)));
                }
              },
            );
          },
        ),
        { numRuns: RUNS },
      );
      expect(checks).toBeGreaterThan(RUNS * 3);
    }, 600_000);
  }

  it('Hidden information: face-down tokens in a view carry no identity, not even an index into a hidden list', () => {
    const s = game.setup({ players: 4, options: game.optionsSchema.parse({}), seed: 'ab'.repeat(16) });
    const v = game.view(s, 2);
    expect(v.tokens).toEqual(ENCOUNTER_SPACES.map((sq) => ({ row: sq.row, col: sq.col, faceUp: false })));
    const other = game.setup({ players: 4, options: game.optionsSchema.parse({}), seed: 'cd'.repeat(16) });
    expect(other.tokens.map((t) => t.kind)).not.toEqual(s.tokens.map((t) => t.kind));
    expect(game.view(other, 2).tokens).toEqual(v.tokens);
  });
});
