import { playerMarker, type LogEntry, type Seat } from '../../core';
import { KIND_NAMES, STARPORTS, WORMHOLES, featureAt, squareName, wormholeTwin, type SpaceItem } from './components';
import { stepForward, turned } from './geometry';
import { markerSpots } from './missions';
import type { Facing } from './moves';
import type { SpaceMountainState } from './state';

/** What moving one square did: `stopped` = a Cosmic Event ended the die; `flipped` = a face-down token was turned up. */
interface SquareOutcome {
  stopped: boolean;
  flipped: boolean;
}

/**
 * Moves a seat's Rocket one square forward and resolves what it runs into (rulebook, Cosmic
 * Events): the board edge (Wrapping Around), a Starport, a Wormhole or an Encounter token. Each of
 * these ends movement for the die ("they must end movement for that die immediately"); the Rocket
 * keeps its facing unless the event says otherwise. Mutates `s`.
 */
function moveOneSquare(s: SpaceMountainState, seat: Seat, log: LogEntry[]): SquareOutcome {
  const rocket = s.rockets[seat]!;
  const flight = s.flights[seat]!;
  const name = playerMarker(seat);
  const next = stepForward(rocket.row, rocket.col, rocket.facing);
  rocket.row = next.row;
  rocket.col = next.col;
  if (next.wrapped) {
    // Galaxy Events, Wrapping Around: other side of the same row or column, facing the centre.
    log.push({ seat, text: `${name} runs into the edge of the board and wraps around to ${squareName(rocket)}.` });
    return { stopped: true, flipped: false };
  }
  const feature = featureAt(rocket.row, rocket.col);
  if (!feature) return { stopped: false, flipped: false };

  if (feature.type === 'starport') {
    // Galaxy Events, Starports: flip the matching Starport token to "Approved for Travel".
    const port = STARPORTS[feature.starport];
    if (s.approved && !s.approved[seat][feature.starport]) {
      s.approved[seat][feature.starport] = true;
      log.push({ seat, text: `${name} visits ${port.name}: its Starport token is now Approved for Travel.` });
    } else {
      log.push({ seat, text: `${name} stops at ${port.name}.` });
    }
    return { stopped: true, flipped: false };
  }

  if (feature.type === 'wormhole') {
    // Galaxy Events, Wormholes: through the space tunnel to the matching Wormhole, facing any direction.
    const twin = WORMHOLES[wormholeTwin(feature.wormhole)];
    rocket.row = twin.row;
    rocket.col = twin.col;
    flight.pending = { kind: 'wormhole' };
    log.push({ seat, text: `${name} enters a Wormhole and comes out at ${squareName(twin)}.` });
    return { stopped: true, flipped: false };
  }

  // Encounter token: flip it if face down; it stays on the board for everyone (Encounter Tokens).
  const token = s.tokens[feature.space];
  const flipped = !token.faceUp;
  token.faceUp = true;
  const where = squareName(rocket);
  log.push({
    seat,
    text: flipped
      ? `${name} flips the Encounter token at ${where}: ${KIND_NAMES[token.kind]}.`
      : `${name} reaches the ${KIND_NAMES[token.kind]} token at ${where}.`,
  });
  if (token.kind === 'return-to-starport') {
    flight.pending = { kind: 'return' };
  } else {
    collectItem(s, seat, token.kind === 'any-item' ? 'any' : token.kind, log);
  }
  return { stopped: true, flipped };
}

/**
 * A Space Item or Any Item token: take a Mission marker from the pool and put it on the Mission
 * cards (rulebook, Encounter Tokens). With one possible space it is placed at once; with several
 * the player chooses (the marker is held for them meanwhile); with none, or an empty pool, nothing
 * happens. // reconstruction: the rulebook does not say what happens when the pool is empty.
 */
function collectItem(s: SpaceMountainState, seat: Seat, item: SpaceItem | 'any', log: LogEntry[]): void {
  const name = playerMarker(seat);
  const spots = markerSpots(s.missions[seat], item);
  if (spots.length === 0) {
    log.push({ seat, text: `${name} has no uncovered space for it.` });
    return;
  }
  if (s.pool === 0) {
    log.push({ seat, text: `The Mission marker pool is empty: ${name} gets no marker.` });
    return;
  }
  s.pool -= 1;
  if (spots.length === 1) {
    placeMarker(s, seat, spots[0].mission, spots[0].space, log);
  } else {
    s.flights[seat]!.pending = { kind: 'place', item };
  }
}

/** Puts the held Mission marker on a space (the caller checked it is allowed and took it from the pool). */
export function placeMarker(s: SpaceMountainState, seat: Seat, mission: string, space: number, log: LogEntry[]): void {
  const card = s.missions[seat].find((m) => m.letter === mission)!;
  card.covered[space] = true;
  const done = card.covered.every(Boolean) ? ` Mission ${mission} is complete.` : '';
  log.push({ seat, text: `${playerMarker(seat)} places a Mission marker on Mission ${mission}.${done}` });
}

/**
 * Flies a seat's Rocket through the rolled Navigation dice, bottom to top (rulebook, Step 4),
 * until it waits for a choice or has used every die. Straight: 2 squares. Turn: 1 square, then
 * the owner chooses left or right (a `turn` pending), then 1 more square (Types of Movement).
 * Returns true when a face-down Encounter token was flipped (hidden information revealed).
 */
export function fly(s: SpaceMountainState, seat: Seat, log: LogEntry[]): boolean {
  const flight = s.flights[seat]!;
  const dice = s.dice!;
  let flipped = false;
  while (!flight.pending && flight.die < dice.length) {
    const face = dice[flight.die];
    if (face.movement === 'straight') {
      flight.die += 1;
      for (let i = 0; i < 2; i++) {
        const o = moveOneSquare(s, seat, log);
        flipped ||= o.flipped;
        if (o.stopped) break;
      }
      logDieEnd(s, seat, flight.die, 'Straight', log);
    } else {
      const o = moveOneSquare(s, seat, log);
      flipped ||= o.flipped;
      if (o.stopped) {
        flight.die += 1;
        logDieEnd(s, seat, flight.die, 'Turn', log);
      } else {
        flight.pending = { kind: 'turn' };
      }
    }
  }
  return flipped;
}

function logDieEnd(s: SpaceMountainState, seat: Seat, dieNumber: number, what: string, log: LogEntry[]): void {
  const pending = s.flights[seat]!.pending;
  // After a Wormhole or Return to Starport the facing is still to be chosen; that move logs it.
  if (pending && (pending.kind === 'wormhole' || pending.kind === 'return')) return;
  const r = s.rockets[seat]!;
  log.push({ seat, text: `${playerMarker(seat)} ends die ${dieNumber} (${what}) at ${squareName(r)} facing ${r.facing}.` });
}

/** Second half of a Turn die: turn left or right, then move 1 more square. Returns true when a token was flipped. */
export function turnAndMove(s: SpaceMountainState, seat: Seat, dir: 'left' | 'right', log: LogEntry[]): boolean {
  const rocket = s.rockets[seat]!;
  const flight = s.flights[seat]!;
  rocket.facing = turned(rocket.facing, dir);
  flight.pending = null;
  flight.die += 1;
  log.push({ seat, text: `${playerMarker(seat)} turns ${dir}.` });
  const o = moveOneSquare(s, seat, log);
  logDieEnd(s, seat, flight.die, `Turn ${dir}`, log);
  return o.flipped;
}

/** Puts a Rocket on a Starport with a facing (round start, first round, or Return to Starport). */
export function putOnStarport(s: SpaceMountainState, seat: Seat, starport: number, facing: Facing): void {
  const port = STARPORTS[starport];
  s.rockets[seat] = { row: port.row, col: port.col, facing };
}
