/**
 * Pure helpers of the Space Mountain board (no DOM, no Lit; tested in
 * test/client/space-mountain-board.test.ts): how the server's legal moves become controls, and
 * the words the board shows. The board never builds a move itself: every control carries one
 * entry of `legalMoves` and sends exactly its `move`.
 */
import type { LegalMove, SeatInfo } from '../../types';
import type {
  EncounterKind,
  Facing,
  MissionLetter,
  MissionPicture,
  Phase,
  SmDecision,
  SmPlayer,
  SmView,
  SmWaitingFor,
  SpaceItem,
  StarportId,
} from './view-types';

/** The four facings, clockwise from north (the order of every facing picker). */
export const FACINGS: readonly Facing[] = ['north', 'east', 'south', 'west'];

/** Rotation of an arrow drawn pointing north. */
export const FACING_DEGREES: Readonly<Record<Facing, number>> = { north: 0, east: 90, south: 180, west: 270 };

/** One control's move: the server's entry, untouched. */
export interface Choice<T> {
  legal: LegalMove;
  value: T;
}

/** The legal moves of this moment, sorted into the controls that show them. */
export interface ControlGroups {
  /** Step 1: All Systems Go! */
  go: LegalMove | null;
  /** Step 1: the Refuel choices, fewest flips first (the server lists an alphabetical prefix each). */
  refuel: Choice<MissionLetter[]>[];
  /** Middle of a Turn die. */
  turn: { left: LegalMove | null; right: LegalMove | null };
  /** Mission spaces a held marker may go on. */
  place: Choice<{ mission: MissionLetter; space: number }>[];
  /** Starports the Rocket may be put on, each with its legal facings (board launch or Return to Starport). */
  starports: { starport: StarportId; facings: Choice<Facing>[] }[];
  /** Facings after a Wormhole. */
  face: Choice<Facing>[];
  /** Anything this board does not recognise: shown as plain buttons with the server's label. */
  other: LegalMove[];
}

const LETTERS = new Set(['A', 'B', 'C', 'D', 'E']);
const STARPORT_IDS = new Set(['disneyland', 'walt-disney-world', 'tokyo', 'paris', 'hong-kong']);

function isFacing(x: unknown): x is Facing {
  return x === 'north' || x === 'east' || x === 'south' || x === 'west';
}

/**
 * Sorts `legalMoves` into control groups. Every entry lands in exactly one group (a repeated or
 * unrecognised move goes to `other`), so the board offers exactly the moves the server listed.
 */
export function groupMoves(legalMoves: readonly LegalMove[]): ControlGroups {
  const g: ControlGroups = { go: null, refuel: [], turn: { left: null, right: null }, place: [], starports: [], face: [], other: [] };
  const seen = new Set<string>();
  for (const legal of legalMoves) {
    const m = legal?.move as Record<string, unknown> | null;
    const key = JSON.stringify(m);
    if (!m || typeof m !== 'object' || seen.has(key)) {
      g.other.push(legal);
      continue;
    }
    seen.add(key);
    if (m.type === 'go' && !g.go) {
      g.go = legal;
    } else if (m.type === 'refuel' && Array.isArray(m.flip) && m.flip.every((l) => LETTERS.has(l as string))) {
      g.refuel.push({ legal, value: [...(m.flip as MissionLetter[])] });
    } else if (m.type === 'turn' && (m.dir === 'left' || m.dir === 'right') && !g.turn[m.dir]) {
      g.turn[m.dir] = legal;
    } else if (m.type === 'place' && LETTERS.has(m.mission as string) && Number.isInteger(m.space)) {
      g.place.push({ legal, value: { mission: m.mission as MissionLetter, space: m.space as number } });
    } else if (m.type === 'starport' && STARPORT_IDS.has(m.starport as string) && isFacing(m.facing)) {
      const id = m.starport as StarportId;
      let entry = g.starports.find((s) => s.starport === id);
      if (!entry) g.starports.push((entry = { starport: id, facings: [] }));
      entry.facings.push({ legal, value: m.facing });
    } else if (m.type === 'face' && isFacing(m.facing)) {
      g.face.push({ legal, value: m.facing });
    } else {
      g.other.push(legal);
    }
  }
  g.refuel.sort((a, b) => a.value.length - b.value.length);
  for (const s of g.starports) s.facings.sort((a, b) => FACINGS.indexOf(a.value) - FACINGS.indexOf(b.value));
  g.face.sort((a, b) => FACINGS.indexOf(a.value) - FACINGS.indexOf(b.value));
  return g;
}

/** Every legal move the groups offer, once each (for tests and sanity checks). */
export function groupedMoves(g: ControlGroups): LegalMove[] {
  return [
    ...(g.go ? [g.go] : []),
    ...g.refuel.map((c) => c.legal),
    ...(g.turn.left ? [g.turn.left] : []),
    ...(g.turn.right ? [g.turn.right] : []),
    ...g.place.map((c) => c.legal),
    ...g.starports.flatMap((s) => s.facings.map((c) => c.legal)),
    ...g.face.map((c) => c.legal),
    ...g.other,
  ];
}

/** The move of a Mission space, when a held marker may go there. */
export function placeChoice(g: ControlGroups, mission: MissionLetter, space: number): LegalMove | null {
  return g.place.find((c) => c.value.mission === mission && c.value.space === space)?.legal ?? null;
}

/** The legal facings of a Starport (empty when the Rocket may not go there now). */
export function starportFacings(g: ControlGroups, starport: StarportId | null): Choice<Facing>[] {
  if (!starport) return [];
  return g.starports.find((s) => s.starport === starport)?.facings ?? [];
}

/** The Starport whose facings are shown: the one picked, or the only one offered. */
export function effectiveStarport(g: ControlGroups, picked: StarportId | null): StarportId | null {
  if (picked && g.starports.some((s) => s.starport === picked)) return picked;
  return g.starports.length === 1 ? g.starports[0].starport : null;
}

// ---------------------------------------------------------------------------------------------
// Words

export const KIND_NAMES: Readonly<Record<EncounterKind | MissionPicture, string>> = {
  satellite: 'Satellite',
  comet: 'Comet',
  planet: 'Planet',
  astronaut: 'Astronaut',
  'any-item': 'Any Item',
  'return-to-starport': 'Return to Starport',
  any: 'Any Item',
};

const FACING_WORDS: Readonly<Record<Facing, string>> = { north: 'North', east: 'East', south: 'South', west: 'West' };

/** "North". */
export function facingWord(f: Facing): string {
  return FACING_WORDS[f];
}

const LEFT_OF: Readonly<Record<Facing, Facing>> = { north: 'west', west: 'south', south: 'east', east: 'north' };
const RIGHT_OF: Readonly<Record<Facing, Facing>> = { north: 'east', east: 'south', south: 'west', west: 'north' };

/** Where a Rocket points after turning (a hint on the Turn buttons; the server moves it). */
export function facingAfterTurn(f: Facing, dir: 'left' | 'right'): Facing {
  return dir === 'left' ? LEFT_OF[f] : RIGHT_OF[f];
}

/** The log's name of a square: column letter (west to east), row number (north to south): "E5". */
export function squareName(row: number, col: number): string {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

/** Short names that fit on a square of the board. */
export const STARPORT_SHORT: Readonly<Record<StarportId, string>> = {
  disneyland: 'DL',
  'walt-disney-world': 'WDW',
  tokyo: 'TDL',
  paris: 'DLP',
  'hong-kong': 'HKDL',
};

/**
 * The printed colours (public/styles.css's --mp-seat-0..4 palette), as values rather than
 * `var(--mp-seat-N)`: the board sets the page's seat colours from them (`seatColorProperties`),
 * so seat N need not fly Rocket N.
 */
const COLORS: Readonly<Record<string, string>> = {
  red: '#d1495b',
  blue: '#2e86de',
  yellow: '#f2b134',
  green: '#3aa17e',
  purple: '#8e5cc7',
};

/** A CSS colour for a printed colour name (Starports; the Rockets use the same palette). */
export function colorVar(name: string): string {
  return COLORS[name] ?? name;
}

/**
 * The page's seat colours for the Rockets the players chose: `--mp-seat-N` set to seat N's
 * Rocket colour, so the seat list, log and chat chips match the board.
 */
export function seatColorProperties(players: readonly { seat: number; color: string }[]): [string, string][] {
  return players.filter((p) => COLORS[p.color]).map((p) => [`--mp-seat-${p.seat}`, COLORS[p.color]]);
}

/** "Red". */
export function colorWord(name: string): string {
  return name ? name[0].toUpperCase() + name.slice(1) : '';
}

/** A player's display name, else "Seat N". */
export function playerName(seats: readonly SeatInfo[], seat: number): string {
  return seats.find((s) => s.seat === seat)?.name?.trim() || `Seat ${seat + 1}`;
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

/** "All Systems Go!", "Refuel", "Refuel, flipping A and B". */
export function decisionText(d: SmDecision): string {
  if (d.type === 'go') return 'All Systems Go!';
  if (!d.flip.length) return 'Refuel';
  return `Refuel, flipping Mission${d.flip.length > 1 ? 's' : ''} ${listWords(d.flip)}`;
}

/** The caption of a Refuel button. */
export function refuelText(flip: readonly MissionLetter[]): string {
  return flip.length ? `Refuel and flip ${listWords(flip)}` : 'Refuel';
}

function listWords(xs: readonly string[]): string {
  return xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** What a Rocket waits for, as a phrase ("to turn left or right"). */
export function waitingText(w: SmWaitingFor): string {
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

/** Where a player's Rocket is, in words. */
export function rocketText(view: Pick<SmView, 'phase'>, p: Pick<SmPlayer, 'rocket'>): string {
  if (p.rocket) return `At ${squareName(p.rocket.row, p.rocket.col)}, facing ${p.rocket.facing}`;
  if (view.phase === 'launch') return 'Not on the board yet';
  if (view.phase === 'over') return 'Off the board';
  return 'Refuelled: back next round';
}

/**
 * A player's Step 1 status, built only from what the view says: during the plan phase other
 * players show only "Decided" or "Deciding" (their choice is secret until all are in; the view
 * does not even carry it), the viewer sees their own choice. After the reveal, the revealed choice.
 */
export function decisionStatus(
  view: Pick<SmView, 'phase' | 'you' | 'lastDecisions'>,
  p: Pick<SmPlayer, 'seat' | 'rocket' | 'decided' | 'decision'>,
): string | null {
  if (view.phase === 'plan') {
    if (!p.rocket) return null;
    if (!p.decided) return 'Deciding…';
    if (p.seat === view.you && p.decision) return `You chose ${decisionText(p.decision)} (secret until all are in)`;
    return 'Decided (secret until all are in)';
  }
  if (view.phase === 'move') {
    const last = view.lastDecisions?.[p.seat];
    return last ? `Revealed: ${decisionText(last)}` : null;
  }
  return null;
}

/** Rockets grouped by square, with a small offset each when several share one (rockets share squares freely). */
export function rocketPlacements(
  players: readonly Pick<SmPlayer, 'seat' | 'rocket'>[],
  /** Squares with a Starport, Wormhole or token ("row,col"): a lone Rocket there moves aside so the square stays readable. */
  busy: ReadonlySet<string> = new Set(),
): { seat: number; row: number; col: number; facing: Facing; dx: number; dy: number; scale: number }[] {
  const bySquare = new Map<string, Pick<SmPlayer, 'seat' | 'rocket'>[]>();
  for (const p of players) {
    if (!p.rocket) continue;
    const k = `${p.rocket.row},${p.rocket.col}`;
    bySquare.set(k, [...(bySquare.get(k) ?? []), p]);
  }
  const corners = [
    [-0.24, -0.24],
    [0.24, 0.24],
    [0.24, -0.24],
    [-0.24, 0.24],
  ];
  const out: ReturnType<typeof rocketPlacements> = [];
  for (const group of bySquare.values()) {
    group.forEach((p, i) => {
      const alone = group.length === 1;
      const onFeature = busy.has(`${p.rocket!.row},${p.rocket!.col}`);
      const [dx, dy] = alone ? (onFeature ? [0.27, -0.27] : [0, 0]) : corners[i % 4];
      const scale = alone && !onFeature ? 1 : 0.75;
      out.push({ seat: p.seat, row: p.rocket!.row, col: p.rocket!.col, facing: p.rocket!.facing, dx, dy, scale });
    });
  }
  return out.sort((a, b) => a.seat - b.seat);
}

/** The Space Item a held marker is, for the prompt ("Comet"). */
export function itemName(item: SpaceItem | 'any'): string {
  return KIND_NAMES[item];
}

/** "a Comet", "an Astronaut". */
export function article(word: string): string {
  return `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;
}
