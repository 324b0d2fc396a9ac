import type { HowToPlay } from '../../core/how-to-play';

/**
 * How to play Space Mountain: All Systems Go, summarised from
 * `docs/rules/space-mountain-all-systems-go.rulebook.txt`, with the engine's readings
 * (`docs/rules/README.md` section 3).
 */
export const spaceMountainHowToPlay: HowToPlay = {
  summary: {
    goal: 'Fly your Rocket round the galaxy, visit all five Starports and complete your five Mission cards with Space Items. The first to do both wins.',
    turn: [
      'Plan: every player still flying chooses All Systems Go! or Refuel, in secret here; the choices are shown when all are in. Refuelling keeps your Mission markers safe and lets you flip completed Missions, in order A to E, but you sit out the rest of the round.',
      'The Active Player rolls the three Navigation dice. Each orange die moves the Fuel Gauge down one.',
      "Every flying Rocket follows the dice one at a time: Straight moves two squares; Turn moves one, turns left or right (your choice) and moves one more. Encounter tokens, Wormholes, Starports and the board's edge stop a die's move.",
      'A Space Item lets you put a Mission marker on a matching picture (or a "?") on your Missions.',
    ],
    end: 'A round ends when everyone has refuelled or the Fuel Gauge reaches 1, which costs every Rocket still flying the markers on its face-up Missions. The game ends when a player has visited all five Starports and completed all five Missions.',
    scoring:
      'There are no points: the first to finish wins. If several finish on the same roll, the one closest to the Active Player, going clockwise, wins.',
  },
  notes: [
    {
      id: 'secret-decisions',
      text: "Go or Refuel is said out loud at a table; by mail every player chooses in secret and the choices are revealed together once all are in. Left or right on a Turn die is chosen by each Rocket's owner the same way.",
    },
    {
      id: 'gauge-reaches-one',
      text: 'The round ends as soon as the Fuel Gauge reaches 1, before any Rocket moves on that roll.',
    },
    {
      id: 'empty-marker-pool',
      text: 'When the Mission marker pool is empty, a Space Item gives nothing.',
    },
    {
      id: 'galaxy-board',
      text: 'The Galaxy board, the Navigation dice faces, the Encounter token mix and the Mission cards are reconstructions: a 9 by 9 grid with five Starports, two pairs of Wormholes and 16 Encounter spaces.',
    },
    {
      id: 'first-player',
      text: 'Nobody can say by mail who rode Space Mountain last, so the first Active Player is drawn at random; the creator can choose to go first instead.',
      option: 'firstPlayer',
    },
    {
      id: 'choose-a-rocket',
      text: 'Each player chooses a Rocket while the game waits for players, and starts at the Starport of its colour. A player who leaves it to the start, and a bot, gets the first colour nobody chose (Red, Blue, Yellow, Green).',
      option: 'rockets',
    },
    {
      id: 'missions-only-starport',
      text: 'In the Missions-only game no Starport tokens are dealt, so each Rocket launches from the Starport of its colour every round, and Return to Starport sends it there. The option keeps the earlier reading, in which a Rocket used the Starport of its seat number (seat 1 Disneyland, seat 2 Walt Disney World, and so on) whatever colour its player chose.',
      option: 'starportBySeat',
    },
  ],
};
