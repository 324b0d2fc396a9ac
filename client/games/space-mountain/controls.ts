/**
 * The layout of the Space Mountain board (no DOM, no Lit; tested in
 * test/client/space-mountain-board.test.ts): which control shows each of the server's legal moves
 * (grouped by type with `groupMoves`), where Rockets stand, and the few words only the board
 * uses. The board never builds a move itself: every control carries one entry of `legalMoves` and
 * sends exactly its `move`. The game's words come from the engine (engine/games/space-mountain/words.ts).
 */
import { groupMoves } from '../../../engine/core/group-moves';
import { FACINGS, decisionText, squareName } from '../../../engine/games/space-mountain/words';
import { listNames } from '../../names';
import { PRINTED_COLOURS } from '../../seat-colours';
import type { LegalMove } from '../../api-types';
import type { Facing, MissionLetter, SmMove, SmPlayer, SmView, StarportId } from './types';

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

/** Every move type the board has a control for; any other goes to `other`. */
const DRAWN: readonly SmMove['type'][] = ['go', 'refuel', 'turn', 'place', 'starport', 'face'];

/**
 * Sorts `legalMoves` into control groups. Every entry lands in exactly one group (a repeated move
 * goes to `other`), so the board offers exactly the moves the server listed.
 */
export function controlGroups(legalMoves: readonly LegalMove[]): ControlGroups {
  const by = groupMoves<SmMove, LegalMove>(legalMoves);
  const g: ControlGroups = {
    go: null,
    refuel: [],
    turn: { left: null, right: null },
    place: [],
    starports: [],
    face: [],
    other: by.except(DRAWN),
  };
  /** The one control of a move: the first listed (a second would be a plain button). */
  const single = (list: readonly LegalMove[]) => {
    g.other.push(...list.slice(1));
    return list[0] ?? null;
  };
  g.go = single(by.of('go'));
  g.refuel = by
    .of('refuel')
    .map((legal) => ({ legal, value: [...legal.move.flip] }))
    .sort((a, b) => a.value.length - b.value.length);
  g.turn.left = single(by.of('turn').filter((l) => l.move.dir === 'left'));
  g.turn.right = single(by.of('turn').filter((l) => l.move.dir === 'right'));
  g.place = by.of('place').map((legal) => ({ legal, value: { mission: legal.move.mission, space: legal.move.space } }));
  for (const legal of by.of('starport')) {
    const id = legal.move.starport;
    let entry = g.starports.find((s) => s.starport === id);
    if (!entry) g.starports.push((entry = { starport: id, facings: [] }));
    entry.facings.push({ legal, value: legal.move.facing });
  }
  g.face = by.of('face').map((legal) => ({ legal, value: legal.move.facing }));
  const byFacing = (a: Choice<Facing>, b: Choice<Facing>) => FACINGS.indexOf(a.value) - FACINGS.indexOf(b.value);
  for (const s of g.starports) s.facings.sort(byFacing);
  g.face.sort(byFacing);
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

/** The spaces of Mission `letter` a held marker may go on now, each with its move: a Mission card's buttons. */
export function placeTargets(g: ControlGroups, letter: MissionLetter): { space: number; legal: LegalMove }[] {
  return g.place.filter((c) => c.value.mission === letter).map((c) => ({ space: c.value.space, legal: c.legal }));
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
// Short names, colours and where Rockets stand

/** Short names that fit on a square of the board. */
export const STARPORT_SHORT: Readonly<Record<StarportId, string>> = {
  disneyland: 'DL',
  'walt-disney-world': 'WDW',
  tokyo: 'TDL',
  paris: 'DLP',
  'hong-kong': 'HKDL',
};

/**
 * The page's seat colours for the Rockets the players chose: `--mp-seat-N` set to seat N's
 * Rocket colour, so the seat list, log and chat chips match the board.
 */
export function seatColorProperties(players: readonly { seat: number; color: string }[]): [string, string][] {
  return players.filter((p) => Object.hasOwn(PRINTED_COLOURS, p.color)).map((p) => [`--mp-seat-${p.seat}`, PRINTED_COLOURS[p.color]]);
}

/** The caption of a Refuel button. */
export function refuelText(flip: readonly MissionLetter[]): string {
  return flip.length ? `Refuel and flip ${listNames(flip)}` : 'Refuel';
}

/** Where a player's Rocket is, in words. */
export function rocketText(view: Pick<SmView, 'phase'>, p: Pick<SmPlayer, 'rocket'>): string {
  if (p.rocket) return `At ${squareName(p.rocket)}, facing ${p.rocket.facing}`;
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
  // Rockets sharing a square go to its corners; on a Starport, Wormhole or token square they go
  // further out and smaller, so the feature's picture in the middle stays uncovered (at 0.35 and
  // 0.45 a Rocket's box still met a face-up Satellite token's picture, whatever its facing).
  const corners = [
    [-0.24, -0.24],
    [0.24, 0.24],
    [0.24, -0.24],
    [-0.24, 0.24],
  ];
  const outer = [
    [0.38, -0.38],
    [-0.38, 0.38],
    [-0.38, -0.38],
    [0.38, 0.38],
  ];
  const out: ReturnType<typeof rocketPlacements> = [];
  for (const group of bySquare.values()) {
    group.forEach((p, i) => {
      const alone = group.length === 1;
      const onFeature = busy.has(`${p.rocket!.row},${p.rocket!.col}`);
      const [dx, dy] = onFeature ? outer[i % 4] : alone ? [0, 0] : corners[i % 4];
      const scale = onFeature ? 0.4 : alone ? 1 : 0.6;
      out.push({ seat: p.seat, row: p.rocket!.row, col: p.rocket!.col, facing: p.rocket!.facing, dx, dy, scale });
    });
  }
  return out.sort((a, b) => a.seat - b.seat);
}

/** True when `v` looks like a Space Mountain view (the page may hand the board anything). */
export function isSmView(v: unknown): v is SmView {
  if (!v || typeof v !== 'object') return false;
  const o = v as Partial<SmView>;
  return o.game === 'space-mountain' && !!o.board && Array.isArray(o.players) && Array.isArray(o.tokens) && !!o.fuel;
}
