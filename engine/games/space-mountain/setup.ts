import { Rng, rngFromSeed, type SetupContext } from '../../core';
import { ENCOUNTER_TOKENS, FUEL_START, MISSION_CARDS, MISSION_MARKERS, STARPORTS, missionCard } from './components';
import { homeStarport } from './rockets';
import { lettersInPlay } from './missions';
import { spaceMountainOptions, type SpaceMountainOptions } from './moves';
import type { SpaceMountainState } from './state';

/**
 * Setup (rulebook, Setup and Starting the Game), deterministic from the seed:
 * - Encounter tokens mixed and placed face down on every "!" space (face up in Unknown Space);
 * - Mission cards: each set shuffled on its own, every player gets one card of each set in play,
 *   laid out A to E; the rest go back to the box (they are not kept in the state);
 * - Each player chooses a Rocket (option `rockets`, a colour per seat; absent: seat i flies
 *   Rocket i). Starport tokens: one per Starport, only the one of the colour of the player's
 *   Rocket Approved for Travel (none in the Missions-only game);
 * - Fuel Gauge at 6; seat 0 is the first Active Player (who "most recently rode Space Mountain"
 *   is settled at the table by who takes the first seat);
 * - Rockets are placed by the players themselves (a facing is their choice): the game opens in
 *   the `launch` phase, where each may only use their own Starport (the one of their colour; the
 *   Missions-only game of rules versions 1 and 2 used the seat's number, `starportBySeat`).
 */
export function setupGame(ctx: SetupContext<Partial<SpaceMountainOptions> | undefined>): SpaceMountainState {
  const options: SpaceMountainOptions = spaceMountainOptions.parse(ctx.options ?? {});
  // A version-1 game was stored without the key: seat 1 began, and its state keeps no key.
  if ((ctx.options as Partial<SpaceMountainOptions> | undefined)?.firstPlayer === undefined) delete options.firstPlayer;
  // Likewise a game from before rules version 3: its Missions-only Rockets launch by seat number.
  if ((ctx.options as Partial<SpaceMountainOptions> | undefined)?.starportBySeat === undefined) delete options.starportBySeat;
  const n = ctx.players;
  if (!Number.isInteger(n) || n < 2 || n > 4) throw new Error('Space Mountain: All Systems Go is for 2 to 4 players');
  if (options.rockets && options.rockets.length !== n)
    throw new Error(`Space Mountain: ${options.rockets.length} Rocket colours for ${n} players`);
  const r = new Rng(rngFromSeed(ctx.seed));

  const tokens = r.shuffle(ENCOUNTER_TOKENS).map((kind) => ({ kind, faceUp: options.unknownSpace }));

  const letters = lettersInPlay(options.missions);
  const dealt = letters.map((letter) => r.shuffle(MISSION_CARDS.filter((c) => c.letter === letter)));
  const missions = Array.from({ length: n }, (_, seat) =>
    letters.map((letter, i) => ({
      letter,
      card: dealt[i][seat].id,
      covered: missionCard(dealt[i][seat].id).pictures.map(() => false),
      faceDown: false,
    })),
  );

  const approved = options.missionsOnly
    ? null
    : Array.from({ length: n }, (_, seat) => {
        const home = homeStarport({ options }, seat);
        return STARPORTS.map((_, i) => i === home);
      });

  // Drawn last, so the rest of a seed's setup is the same whoever begins.
  const activePlayer = options.firstPlayer === 'random' ? r.int(0, n - 1) : 0;

  return {
    players: n,
    options,
    phase: 'launch',
    round: 1,
    rolls: 0,
    activePlayer,
    fuel: FUEL_START,
    dice: null,
    pool: MISSION_MARKERS,
    tokens,
    rockets: Array(n).fill(null),
    decisions: Array(n).fill(null),
    revealed: null,
    flights: Array(n).fill(null),
    missions,
    approved,
    winners: [],
    ended: null,
    rng: r.state,
  };
}
