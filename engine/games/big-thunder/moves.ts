import { z } from 'zod';

const cardId = z.number().int().min(0).max(61);
const actionIndex = z.number().int().min(0).max(3);
const shaft = z.number().int().min(1).max(7);
const count = z.number().int().min(0).max(4);
const marble = z.enum(['gold', 'ore']);
const upgradeType = z.enum(['pickToPan', 'refineGold', 'steamPump', 'expressResupply', 'bigClaim', 'fiveCardHand']);

/**
 * A move of Big Thunder Mountain Railroad: every choice the rulebook gives a player is one small
 * move; running marbles, Fate cards and drawing happen by themselves inside the move that causes them.
 *
 * On Your Turn 2 (Play Cards):
 * - `play` a card from your hand; its actions may then be taken in any order until you play or
 *   discard another card (F.A.Q.: all of a card's actions before the next card).
 * - `discardToMove`: discard a card showing Discard to Move to move your Mine Cart one space.
 * - one action of the card in play, `action` = its index on the card:
 *   `move` (1..N spaces clockwise), `pick` / `pan` (take a `marble` from `shaft`),
 *   `bail`, `resupply` (Market `slot` 0..2), `crosscut` (run one marble).
 * - `tunnel`: after a Crosscut Tunnel, move directly to the shaft its marble ran into, or not.
 * - Town actions, once each per visit: `sell` (how many Gold Nuggets / Raw Ore for Town Tokens and
 *   for points), `buyUpgrade`, `buyShare`; `removeUpgrade` answers buying a fourth Upgrade.
 * - `chooseShare`: take set-aside Town Share number `index` after reaching the target.
 *
 * On Your Turn 3 (Draw): `discard` a card from your hand (ends card play), `endTurn` (keep the
 * rest, draw up to 4 or 5 cards, next player).
 *
 * Fate (Claim Jumper): `claimJumper` - discard `card` from your hand.
 */
export const bigThunderMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), card: cardId }).strict(),
  z.object({ type: z.literal('discardToMove'), card: cardId }).strict(),
  z.object({ type: z.literal('move'), action: actionIndex, spaces: z.number().int().min(1).max(7) }).strict(),
  z.object({ type: z.literal('pick'), action: actionIndex, shaft, marble }).strict(),
  z.object({ type: z.literal('pan'), action: actionIndex, shaft, marble }).strict(),
  z.object({ type: z.literal('bail'), action: actionIndex }).strict(),
  z.object({ type: z.literal('resupply'), action: actionIndex, slot: z.number().int().min(0).max(2) }).strict(),
  z.object({ type: z.literal('crosscut'), action: actionIndex }).strict(),
  z.object({ type: z.literal('tunnel'), enter: z.boolean() }).strict(),
  z
    .object({
      type: z.literal('sell'),
      goldForTokens: count,
      goldForPoints: count,
      oreForTokens: count,
      oreForPoints: count,
    })
    .strict(),
  z.object({ type: z.literal('buyUpgrade'), upgrade: upgradeType }).strict(),
  z.object({ type: z.literal('removeUpgrade'), upgrade: upgradeType }).strict(),
  z.object({ type: z.literal('buyShare') }).strict(),
  z.object({ type: z.literal('chooseShare'), index: z.number().int().min(0).max(2) }).strict(),
  z.object({ type: z.literal('discard'), card: cardId }).strict(),
  z.object({ type: z.literal('endTurn') }).strict(),
  z.object({ type: z.literal('claimJumper'), card: cardId }).strict(),
]);

/** A parsed move (see `bigThunderMove`). */
export type BigThunderMove = z.infer<typeof bigThunderMove>;
/** The move of one type. */
export type MoveOf<T extends BigThunderMove['type']> = Extract<BigThunderMove, { type: T }>;

/**
 * Game options. `{}` is valid and means the standard game.
 * - `longerGame`: the rulebook's FOR A LONGER GAME: the last round starts at 25 points, not 20.
 * - `fateOnEmptyBasin` (rules version 2): when the Fate marble comes out at the start of a turn and
 *   the basin runs dry before the third marble, `false` (default) reads On Your Turn 1 literally ("If the basin is
 *   empty, don't run any more marbles. Drop the Fate marble back in the basin, and continue to
 *   step 2"): no Fate card. `true` keeps rules version 1, which turned the Fate card anyway. A game
 *   set up without the key (created under rules version 1) keeps version 1's reading.
 * - `firstPlayer` (Setup, "The first player to shout Yee-haw goes first!", which no one can do by
 *   mail): `random` (default) draws the first player from the seed; `creator` lets the game's
 *   creator (seat 1) begin. Absent in version-1 games, where seat 1 began.
 */
export const bigThunderOptions = z
  .object({
    longerGame: z
      .boolean()
      .default(false)
      .meta({ title: 'For a longer game (25 points)' })
      .describe('For a longer game: the last round starts when a Locomotive reaches 25 points instead of the star space (20).'),
    firstPlayer: z
      .union([z.literal('random').meta({ title: 'drawn at random' }), z.literal('creator').meta({ title: "the game's creator" })])
      .default('random')
      .meta({ title: 'First player' })
      .describe('Who takes the first turn: a player drawn at random, or the creator of the game.'),
    fateOnEmptyBasin: z
      .boolean()
      .default(false)
      .meta({ title: 'Fate card when the basin runs dry (earlier reading)' })
      .describe(
        "Turn a Fate card even when the basin runs dry before the turn's third marble (the earlier reading; the rulebook says to drop the Fate marble back and play on).",
      ),
  })
  .strict();

/** Parsed options (see `bigThunderOptions`). */
export type BigThunderOptions = z.infer<typeof bigThunderOptions>;
