import { z } from 'zod';
import { FACINGS, type Facing } from './words';

export { FACINGS, type Facing };

/** The four sides a Rocket can face (`FACINGS`). */
export const facingSchema = z.enum(FACINGS);

export const missionLetterSchema = z.enum(['A', 'B', 'C', 'D', 'E']);
export const starportIdSchema = z.enum(['disneyland', 'walt-disney-world', 'tokyo', 'paris', 'hong-kong']);

/**
 * A move of Space Mountain: All Systems Go. Every choice the rulebook gives a player is one small
 * move; forced steps (rolling, fuel, straight movement, single-option markers) happen by themselves.
 *
 * - `go` / `refuel` - Step 1: Plan Your Turn, the secret simultaneous decision. `flip` lists the
 *   completed Mission cards flipped at Refuel, an alphabetical prefix (rulebook, Step 1).
 * - `turn` - Step 4, a Turn die after its first square: turn left or right (Types of Movement).
 * - `place` - put a Mission marker on space `space` (0-based, left to right) of Mission card
 *   `mission` after a Space Item or Any Item token (Encounter Tokens).
 * - `starport` - put the Rocket on an approved Starport with a facing: at the start of a round
 *   (Ending a Round; Setup for the first round) or after Return to Starport.
 * - `face` - choose the facing after a Wormhole (Galaxy Events: "facing any direction").
 */
export const spaceMountainMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('go') }).strict(),
  z.object({ type: z.literal('refuel'), flip: z.array(missionLetterSchema).max(5).default([]) }).strict(),
  z.object({ type: z.literal('turn'), dir: z.enum(['left', 'right']) }).strict(),
  z.object({ type: z.literal('place'), mission: missionLetterSchema, space: z.number().int().min(0).max(2) }).strict(),
  z.object({ type: z.literal('starport'), starport: starportIdSchema, facing: facingSchema }).strict(),
  z.object({ type: z.literal('face'), facing: facingSchema }).strict(),
]);

/** A parsed move (see `spaceMountainMove`). */
export type SpaceMountainMove = z.infer<typeof spaceMountainMove>;

/** The Step 1 decision of one player: `go` (All Systems Go!) or `refuel` with the Missions flipped. */
export type Decision = Extract<SpaceMountainMove, { type: 'go' | 'refuel' }>;

/**
 * Game options (rulebook, Alternate Rules). `{}` is valid and means the standard game.
 * - `missionsOnly`: the Missions-only game: no Starport tokens, win by completing your Missions.
 * - `missions`: 3, 4 or 5 Missions (sets A.., in order); fewer than 5 only in the Missions-only game.
 * - `unknownSpace`: the Unknown Space game: Encounter tokens are placed face up at setup.
 * - `starportBySeat` (rules version 3; Setup, "Place the Rocket on the Starport icon of the
 *   matching color"): in the Missions-only game, where no Starport tokens are dealt, `false`
 *   (default) launches each Rocket from the Starport of its colour, round after round; `true` keeps
 *   the earlier reading, which used the Starport of the seat's number whatever Rocket the player
 *   chose. A game set up without the key (rules versions 1 and 2) keeps the earlier reading.
 */
export const spaceMountainOptions = z
  .object({
    missionsOnly: z
      .boolean()
      .default(false)
      .meta({ title: 'Only Missions (no Starport tokens)' })
      .describe('Missions-only game: no Starport tokens; the first to complete their Missions wins.'),
    missions: z
      .union([
        z.literal(3).meta({ title: '3 (A to C)' }),
        z.literal(4).meta({ title: '4 (A to D)' }),
        z.literal(5).meta({ title: '5 (A to E)' }),
      ])
      .default(5)
      .meta({ title: 'Mission cards' })
      .describe('Number of Missions (A to C, A to D or A to E); 3 or 4 only in the Missions-only game.'),
    unknownSpace: z
      .boolean()
      .default(false)
      .meta({ title: 'Unknown Space' })
      .describe('Unknown Space: the Encounter tokens are placed face up at setup.'),
    firstPlayer: z
      .union([z.literal('random').meta({ title: 'drawn at random' }), z.literal('creator').meta({ title: "the game's creator" })])
      .default('random')
      .meta({ title: 'First Active Player' })
      .describe('Who is the first Active Player: a player drawn at random, or the creator of the game.'),
    starportBySeat: z
      .boolean()
      .default(false)
      .meta({ title: 'Only Missions: Starport by seat number (earlier reading)' })
      .describe(
        "Missions-only game: launch each Rocket from the Starport of its seat's number (seat 1 Disneyland, seat 2 Walt Disney World ...) whatever its colour (the earlier reading; the rulebook puts each Rocket on the Starport of its colour).",
      ),
    rockets: z
      .array(z.enum(['red', 'blue', 'yellow', 'green']))
      .meta({ title: 'Rockets' })
      .min(2)
      .max(4)
      .optional()
      .describe(
        'The Rocket colour of each seat, in seat order: each player chooses one (the platform fills this from their choices). Absent: seat 1 flies the Red Rocket, seat 2 the Blue one, seat 3 the Yellow one, seat 4 the Green one.',
      ),
  })
  .strict()
  .refine((o) => o.missionsOnly || o.missions === 5, {
    message: 'Playing with 3 or 4 Missions is part of the Missions-only game.',
    path: ['missions'],
  })
  .refine((o) => !o.rockets || new Set(o.rockets).size === o.rockets.length, {
    message: 'Each Rocket can fly for one player only.',
    path: ['rockets'],
  });

/**
 * Parsed options (see `spaceMountainOptions`). `firstPlayer` (rules version 2; Starting the Game,
 * "the person who most recently rode Space Mountain", which a server cannot ask) is absent in
 * games set up under rules version 1, where seat 1 began. `rockets` (Setup, "Each player chooses
 * a Rocket") is absent unless the players chose: then seat i flies Rocket i (`rocketOf`).
 * `starportBySeat` (rules version 3) is absent in games set up under earlier versions, which keep
 * its `true` reading (`launchesBySeat`).
 */
export type SpaceMountainOptions = Omit<z.infer<typeof spaceMountainOptions>, 'firstPlayer' | 'starportBySeat'> & {
  firstPlayer?: 'random' | 'creator';
  starportBySeat?: boolean;
};
