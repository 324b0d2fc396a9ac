import { describe, expect, it } from 'vitest';
import {
  Rng,
  logParts,
  namedSeats,
  nameWithRole,
  playerMarker,
  renderLogText,
  rngFromSeed,
  type AnyGame,
  type LogEntry,
} from '../../../engine/core';
import { shippedGames } from '../../../engine/games';

describe('names: the {{p:N}} marker (engine/core/log-names.ts)', () => {
  it('splits a line into text and seats, in order', () => {
    expect(logParts('{{p:0}} sells 2 Gold to {{p:12}}.')).toEqual([{ seat: 0 }, ' sells 2 Gold to ', { seat: 12 }, '.']);
    expect(logParts('No weather this round.')).toEqual(['No weather this round.']);
    expect(logParts('')).toEqual([]);
    expect(namedSeats('{{p:1}} and {{p:0}} and {{p:1}}')).toEqual([1, 0]);
  });

  it('renders every marker with the given names and leaves old lines alone', () => {
    const names = (seat: number) => ['Ada', 'Bo'][seat] ?? `Seat ${seat + 1}`;
    expect(renderLogText(`${playerMarker(1)} has decided.`, names)).toBe('Bo has decided.');
    expect(renderLogText('{{p:0}}: 3 points; {{p:4}} none', names)).toBe('Ada: 3 points; Seat 5 none');
    // A line stored before markers existed, and things that only look like markers.
    expect(renderLogText('Red rolls the Navigation dice.', names)).toBe('Red rolls the Navigation dice.');
    expect(renderLogText('{{p:x}} {p:0} {{p:0}', names)).toBe('{{p:x}} {p:0} {{p:0}');
    // The names are not read as markers again (a player called "{{p:1}}").
    expect(renderLogText('{{p:0}} wins', () => '{{p:1}}')).toBe('{{p:1}} wins');
  });

  it('puts the role beside the name, not instead of it', () => {
    expect(nameWithRole('Ada', 'Red')).toBe('Ada (Red)');
    expect(nameWithRole('Bo', 'U.R. Courageous')).toBe('Bo (U.R. Courageous)');
    expect(nameWithRole('red', 'Red')).toBe('red');
    expect(nameWithRole('Ada', undefined)).toBe('Ada');
  });
});

/** Plays random legal moves (seeded) and returns every log entry written. */
function playRandom(game: AnyGame, players: number, seed: string, maxMoves = 400): LogEntry[] {
  let state = game.setup({ players, options: game.optionsSchema.parse({}), seed });
  const rng = new Rng(rngFromSeed(seed.split('').reverse().join('')));
  const log: LogEntry[] = [];
  for (let i = 0; i < maxMoves; i++) {
    const seats = game.activeSeats(state);
    if (seats.length === 0) break;
    const seat = rng.pick(seats);
    const r = game.applyMove(state, seat, rng.pick(game.legalMoves(state, seat)));
    state = r.state;
    log.push(...r.log);
  }
  return log;
}

const SEEDS = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210', '00000000000000000000000000000007'];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('names: log lines name players by marker, never by role', () => {
  for (const game of shippedGames) {
    for (const players of [game.minPlayers, game.maxPlayers]) {
      it(`${game.id}, ${players} players: every public line of a seat names it with {{p:N}}; no line names a role`, () => {
        expect(game.seatRole).toBeTypeOf('function');
        const roles = Array.from({ length: players }, (_, s) => game.seatRole!(s));
        // Roles are distinct and are not markers (each surface shows them beside the name).
        expect(new Set(roles).size).toBe(players);
        const roleRe = new RegExp(`(^|[^\\p{L}\\p{N}])(${roles.map(escapeRe).join('|')})($|[^\\p{L}\\p{N}])`, 'u');
        let lines = 0;
        for (const seed of SEEDS) {
          for (const e of playRandom(game, players, seed)) {
            lines++;
            expect(e.text, e.text).not.toMatch(roleRe);
            for (const s of namedSeats(e.text)) expect(s).toBeLessThan(players);
            // A public line said by a seat says who; private lines speak to the reader ("You drew ...").
            if (e.seat !== null && !e.only) expect(e.text, e.text).toContain(playerMarker(e.seat));
          }
        }
        expect(lines).toBeGreaterThan(50);
      });
    }
  }
});
