/**
 * The words of Space Mountain for every surface (`GameWords`): the rulebook's names of the
 * Encounter kinds and squares, the phase of a round, what a Rocket waits for, the sentence for
 * a seat about what happens now, the words for the quantities "what changed" reports, and the
 * four facings and how a Turn changes them. No board data and no rules, type imports only: a
 * client carries this module in its first bundle. `moves.ts` builds its facing schema from
 * `FACINGS`; `geometry.ts` and `components.ts` re-export what the rules read.
 */
import type { GameWords, Seat } from '../../core/types';
import { playerMarker } from '../../core/log-names';
import type { EncounterKind, MissionLetter, MissionPicture } from './components';
import type { Phase } from './state';
import type { SpaceMountainView, WaitingForView } from './view';

// ---------------------------------------------------------------------------------------------
// Facings

/** The four sides a Rocket can face, clockwise from north (rulebook, Setup: "facing 1 of the 4 sides (not diagonally)"). */
export const FACINGS = ['north', 'east', 'south', 'west'] as const;
export type Facing = (typeof FACINGS)[number];

const RIGHT_OF: Readonly<Record<Facing, Facing>> = { north: 'east', east: 'south', south: 'west', west: 'north' };
const LEFT_OF: Readonly<Record<Facing, Facing>> = { north: 'west', west: 'south', south: 'east', east: 'north' };

/** The facing after turning left or right (Types of Movement, Turn). */
export function turned(facing: Facing, dir: 'left' | 'right'): Facing {
  return dir === 'left' ? LEFT_OF[facing] : RIGHT_OF[facing];
}

// ---------------------------------------------------------------------------------------------
// Names

/** Readable names of Encounter token kinds and Mission pictures. */
export const KIND_NAMES: Readonly<Record<EncounterKind | MissionPicture, string>> = {
  satellite: 'Satellite',
  comet: 'Comet',
  planet: 'Planet',
  astronaut: 'Astronaut',
  'any-item': 'Any Item',
  'return-to-starport': 'Return to Starport',
  any: 'Any Item',
};

/** Chess-like name of a square for the log: column letter A-I (west to east), row 1-9 (north to south). */
export function squareName(sq: { row: number; col: number }): string {
  return `${'ABCDEFGHI'[sq.col]}${sq.row + 1}`;
}

const FACING_WORDS: Readonly<Record<Facing, string>> = { north: 'North', east: 'East', south: 'South', west: 'West' };

/** "North". */
export function facingWord(f: Facing): string {
  return FACING_WORDS[f];
}

/** A printed colour for people: "red" -> "Red". */
export function colorWord(color: string): string {
  return color ? color[0].toUpperCase() + color.slice(1) : '';
}

/** "a Comet", "an Astronaut". */
export function article(word: string): string {
  return `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const PHASE_TEXT: Readonly<Record<Phase, string>> = {
  launch: 'Launch: Rockets go on a Starport',
  plan: 'Step 1: All Systems Go! or Refuel?',
  move: 'Step 4: Rockets are moving',
  over: 'Game over',
};

/** The phase in a few words. */
export function phaseText(phase: Phase): string {
  return PHASE_TEXT[phase] ?? phase;
}

/** A Step 1 decision: "All Systems Go!", "Refuel", "Refuel, flipping Missions A and B". */
export function decisionText(d: { type: 'go' } | { type: 'refuel'; flip: readonly MissionLetter[] }): string {
  if (d.type === 'go') return 'All Systems Go!';
  if (!d.flip.length) return 'Refuel';
  return `Refuel, flipping Mission${d.flip.length > 1 ? 's' : ''} ${list(d.flip)}`;
}

/** What a Rocket waits for, as a phrase ("to turn left or right"). */
export function waitingText(w: WaitingForView): string {
  switch (w.kind) {
    case 'turn':
      return 'to turn left or right';
    case 'place':
      return `to place ${article(KIND_NAMES[w.item])} marker`;
    case 'return':
      return 'to Return to a Starport';
    case 'wormhole':
      return 'to choose a facing after the Wormhole';
  }
}

/** What `seat` must do now, as a phrase after "to" or "Your turn:". */
function task(v: SpaceMountainView, seat: Seat, own: boolean): string {
  if (v.phase === 'plan') return 'choose Go or Refuel';
  if (v.phase === 'launch') return `put ${own ? 'your' : 'their'} Rocket on a Starport and choose its facing`;
  const w = v.players[seat]?.flight?.waitingFor;
  if (!w) return `move ${own ? 'your' : 'their'} Rocket`;
  switch (w.kind) {
    case 'turn':
      return `turn ${own ? 'your' : 'their'} Rocket left or right`;
    case 'place':
      return `place ${article(KIND_NAMES[w.item])} marker on a Mission`;
    case 'return':
      return `Return to Starport: put ${own ? 'your' : 'their'} Rocket on a Starport and choose its facing`;
    case 'wormhole':
      return 'choose a facing after the Wormhole';
  }
}

/**
 * The sentence for `seat` about now ("Your turn: choose Go or Refuel.", "Waiting for {{p:1}} to
 * turn their Rocket left or right."). Step 1 choices stay secret: it says who decides, never what.
 */
export function prompt(v: SpaceMountainView, seat: Seat | null): string | null {
  if (v.phase === 'over') {
    return v.ended === 'won' && v.winners.length ? `Game over: ${playerMarker(v.winners[0])} wins.` : 'Game over: nobody won.';
  }
  const you = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < v.players.length ? seat : null;
  if (you !== null && v.activeSeats.includes(you)) return `Your turn: ${task(v, you, true)}.`;
  const waiting = v.activeSeats.filter((s) => s !== you);
  if (!waiting.length) return null;
  const tasks = waiting.map((s) => task(v, s, false));
  if (tasks.every((t) => t === tasks[0])) return `Waiting for ${list(waiting.map(playerMarker))} to ${tasks[0]}.`;
  return `Waiting for ${list(waiting.map((s, i) => `${playerMarker(s)} to ${tasks[i]}`))}.`;
}

/** The quantities a returning player checks, in the rulebook's words. */
export const QUANTITY_WORDS: Readonly<Record<string, string>> = {
  missionsComplete: 'Missions completed',
  starportsVisited: 'Starports visited',
  round: 'round',
  'fuel.level': 'Fuel Gauge',
  'markers.pool': 'Mission markers in the pool',
};

/** Space Mountain's words, as the platform and the client read them. */
export const spaceMountainWords: GameWords<SpaceMountainView> = {
  id: 'space-mountain',
  title: 'Space Mountain: All Systems Go',
  prompt,
  quantities: QUANTITY_WORDS,
};
