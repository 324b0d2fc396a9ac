import { Rng, playerMarker, sentence, type LogEntry, type Seat } from '../../core';
import { DIE_FACES, FUEL_EMPTY, FUEL_START, NAVIGATION_DICE, ROUND_CAP, STARPORTS, type DieFace } from './components';
import { fly } from './flight';
import { isComplete, markersOnCards } from './missions';
import type { Decision } from './moves';
import { homeStarport } from './rockets';
import type { SpaceMountainState } from './state';

/**
 * True when the Missions-only game launches Rocket by seat number (`starportBySeat`), the reading
 * of rules versions 1 and 2, whose states keep no key.
 */
export function launchesBySeat(s: Pick<SpaceMountainState, 'options'>): boolean {
  return s.options.starportBySeat !== false;
}

/** Seats in play order starting with the Active Player and going clockwise (to the left). */
export function fromActivePlayer(s: SpaceMountainState): Seat[] {
  return Array.from({ length: s.players }, (_, i) => (s.activePlayer + i) % s.players);
}

/** Clockwise distance from the Active Player (0 for the Active Player): the tie-breaker (Winning the Game). */
export function closeness(s: SpaceMountainState, seat: Seat): number {
  return (seat - s.activePlayer + s.players) % s.players;
}

/** Has this seat done everything needed to win (Winning the Game; Missions-only game)? */
export function hasWon(s: SpaceMountainState, seat: Seat): boolean {
  if (!s.missions[seat].every(isComplete)) return false;
  return s.approved === null || s.approved[seat].every(Boolean);
}

/** Readable text of a revealed decision. */
export function decisionText(d: Decision): string {
  if (d.type === 'go') return 'All Systems Go!';
  return d.flip.length ? `Refuel, flipping Mission${d.flip.length > 1 ? 's' : ''} ${d.flip.join(', ')}` : 'Refuel';
}

/**
 * Step 1 ends when every player still in the round has decided: the decisions are revealed
 * together. Refuelling Rockets leave the board and flip the chosen completed Missions, returning
 * their markers to the pool (rulebook, Step 1). If nobody goes on, the round ends (Ending a
 * Round); otherwise the Active Player rolls (Step 2).
 */
export function revealDecisions(s: SpaceMountainState, log: LogEntry[]): void {
  s.revealed = s.decisions.map((d) => d);
  const parts: string[] = [];
  for (const seat of fromActivePlayer(s)) {
    const d = s.decisions[seat];
    if (d) parts.push(`${playerMarker(seat)}: ${decisionText(d)}`);
  }
  log.push({ seat: null, text: sentence(`Decisions: ${parts.join('; ')}`) });
  for (const seat of fromActivePlayer(s)) {
    const d = s.decisions[seat];
    if (d?.type !== 'refuel') continue;
    s.rockets[seat] = null;
    for (const letter of d.flip) {
      const card = s.missions[seat].find((m) => m.letter === letter)!;
      s.pool += card.covered.filter(Boolean).length;
      card.covered = card.covered.map(() => false);
      card.faceDown = true;
    }
  }
  s.decisions = s.decisions.map(() => null);
  if (s.rockets.every((r) => r === null)) {
    log.push({ seat: null, text: 'Every player has stopped to Refuel.' });
    endRound(s, log, 'every player stopped to Refuel');
    return;
  }
  rollNavigationDice(s, log);
}

/** Step 2: the Active Player rolls the 3 Navigation dice (seeded), then the roll is resolved. */
function rollNavigationDice(s: SpaceMountainState, log: LogEntry[]): void {
  const r = new Rng(s.rng);
  const dice: DieFace[] = [];
  for (let i = 0; i < NAVIGATION_DICE; i++) dice.push({ ...DIE_FACES[r.int(0, DIE_FACES.length - 1)] });
  s.rng = r.state;
  resolveRoll(s, dice, log);
}

/** Readable roll, bottom die first. */
export function diceText(dice: readonly DieFace[]): string {
  return dice.map((d) => `${d.movement === 'straight' ? 'Straight' : 'Turn'}${d.orange ? ' (orange)' : ''}`).join(', ');
}

/**
 * Steps 3 and 4 for a given roll (bottom to top). Step 3, Check For Fuel: the gauge drops 1 per
 * orange die; reaching 1 means every player still flying has run out of fuel: they return the
 * markers of their face-up Mission cards to the pool and the round ends (no Rocket moves on an
 * empty tank). Otherwise Step 4: every flying Rocket follows the dice, starting with the Active
 * Player's and going clockwise, each stopping where its owner must choose.
 * Returns true when a face-down token was flipped. Exported so scenario tests can set the dice.
 */
export function resolveRoll(s: SpaceMountainState, dice: DieFace[], log: LogEntry[]): boolean {
  s.dice = dice;
  s.rolls += 1;
  log.push({ seat: s.activePlayer, text: `${playerMarker(s.activePlayer)} rolls the Navigation dice: ${diceText(dice)}.` });
  const orange = dice.filter((d) => d.orange).length;
  if (orange > 0) {
    s.fuel = Math.max(FUEL_EMPTY, s.fuel - orange);
    log.push({ seat: null, text: `The Fuel Gauge drops ${orange} to ${s.fuel}.` });
  }
  if (s.fuel <= FUEL_EMPTY) {
    endRound(s, log, `the Fuel Gauge reached 1: ${runOutOfFuel(s, log)}`);
    return false;
  }
  s.phase = 'move';
  let flipped = false;
  for (const seat of fromActivePlayer(s)) {
    if (!s.rockets[seat]) continue;
    s.flights[seat] = { die: 0, pending: null };
    flipped = fly(s, seat, log) || flipped;
  }
  finishTurnIfAllMoved(s, log);
  return flipped;
}

/**
 * Step 3: "all current players have pushed their luck too far and run out of fuel". Returns who
 * lost what, for the round's summary ("{{p:0}} (2 markers) ran out of fuel").
 */
function runOutOfFuel(s: SpaceMountainState, log: LogEntry[]): string {
  const names: string[] = [];
  for (const seat of fromActivePlayer(s)) {
    if (!s.rockets[seat]) continue;
    const lost = markersOnCards(s.missions[seat]);
    for (const m of s.missions[seat]) if (!m.faceDown) m.covered = m.covered.map(() => false);
    s.pool += lost;
    names.push(`${playerMarker(seat)} (${lost} marker${lost === 1 ? '' : 's'})`);
  }
  log.push({
    seat: null,
    text: `The Fuel Gauge reaches 1: ${names.join(', ')} ran out of fuel and return the markers on face-up Missions to the pool.`,
  });
  return `${names.join(', ')} ran out of fuel`;
}

/**
 * When every flying Rocket has used all 3 dice, the turn is over: check for winners (Winning the
 * Game), else back to Step 1 for the players still flying.
 */
export function finishTurnIfAllMoved(s: SpaceMountainState, log: LogEntry[]): void {
  if (s.flights.some((f) => f !== null && (f.pending !== null || f.die < (s.dice?.length ?? 0)))) return;
  s.flights = s.flights.map(() => null);
  const winners = fromActivePlayer(s).filter((seat) => hasWon(s, seat));
  if (winners.length > 0) {
    s.winners = winners;
    s.ended = 'won';
    s.phase = 'over';
    const goal = s.approved ? 'visited all 5 Starports and completed all Missions' : 'completed all Missions';
    log.push({ seat: winners[0], text: `${playerMarker(winners[0])} has ${goal} and wins the game!`, kind: 'phase' });
    if (winners.length > 1) {
      log.push({
        seat: null,
        text: `${winners.slice(1).map(playerMarker).join(', ')} also finished this turn; the player closest clockwise to the Active Player wins.`,
      });
    }
    return;
  }
  s.phase = 'plan';
}

/**
 * Ending a Round: reset the Fuel Gauge to 6, pass the Dice Launcher to the left, and every player
 * puts their Rocket on an approved Starport with any facing (the `launch` phase). After
 * `ROUND_CAP` rounds the game stops without a winner (a safeguard, see components). `why` says
 * what ended the round, for its summary line (a `phase` line).
 */
export function endRound(s: SpaceMountainState, log: LogEntry[], why: string): void {
  s.rockets = s.rockets.map(() => null);
  s.flights = s.flights.map(() => null);
  s.decisions = s.decisions.map(() => null);
  s.fuel = FUEL_START;
  if (s.round >= ROUND_CAP) {
    s.phase = 'over';
    s.ended = 'round_cap';
    log.push({
      seat: null,
      text: `Round ${s.round} is over: ${why}. The game stops after ${ROUND_CAP} rounds without a winner.`,
      kind: 'phase',
    });
    return;
  }
  s.round += 1;
  s.rolls = 0;
  s.activePlayer = (s.activePlayer + 1) % s.players;
  s.phase = 'launch';
  log.push({
    seat: null,
    text: `Round ${s.round - 1} is over: ${why}. Round ${s.round}: the Fuel Gauge is reset to 6 and ${playerMarker(s.activePlayer)} is the Active Player. Place your Rockets on an approved Starport.`,
    kind: 'phase',
  });
}

/**
 * Indices (in `STARPORTS`) of the Starports a seat may put its Rocket on: its approved ones. In the
 * Missions-only game no Starport tokens are dealt, so it is always the Starport of the Rocket's
 * colour (Setup: "Place the Rocket on the Starport icon of the matching color"); games set up
 * before rules version 3 used the seat's number instead (`launchesBySeat`).
 */
export function approvedStarports(s: SpaceMountainState, seat: Seat): number[] {
  if (!s.approved) return [launchesBySeat(s) ? seat : homeStarport(s, seat)];
  const out: number[] = [];
  for (let i = 0; i < STARPORTS.length; i++) if (s.approved[seat][i]) out.push(i);
  return out;
}
