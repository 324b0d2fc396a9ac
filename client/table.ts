/**
 * The table's seats as the pages read them (pure: no DOM, no fetch; tested in
 * test/client/table.test.ts): who sits where, the viewer's seat, a resigned seat, whether the game
 * is over, what resigning does, the record's file name.
 */
import type { GameStatus, SeatInfo } from './api-types';

/**
 * A seat the server lists is taken, by a player or by the built-in bot: empty seats are never
 * listed. (Do not look for a user id: a private game's invite preview hides them.)
 */
export function seatTaken(s: SeatInfo | undefined): boolean {
  return !!s;
}

/** The empty seats of a table (0-based), in order. */
export function emptySeats(players: number, seats: readonly SeatInfo[]): number[] {
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  return Array.from({ length: players }, (_, i) => i).filter((i) => !seatTaken(bySeat.get(i)));
}

/**
 * The viewer's seat as the page should treat it: the state's answer once there is one (the
 * server's authority on who may move), else the meta's - except a seat the bot now plays (the
 * viewer resigned it), which makes them a watcher.
 */
export function viewerSeat(metaSeat: number | null, seats: readonly SeatInfo[], stateSeat?: number | null): number | null {
  if (stateSeat !== undefined) return stateSeat;
  if (metaSeat === null) return null;
  return seats.find((s) => s.seat === metaSeat)?.isBot ? null : metaSeat;
}

export function isOver(status: GameStatus | string): boolean {
  return status === 'finished' || status === 'abandoned';
}

/** What resigning does, in the words of the confirm step. */
export function resignConsequence(onResign: 'bot' | 'end' | undefined): string {
  return onResign === 'end'
    ? 'The game ends for everyone, and nobody wins it.'
    : 'The built-in bot plays your seat from now on, and you watch.';
}

/**
 * Whether the signed-in user once sat at this table and gave the seat to the bot (the server
 * then treats them as a watcher).
 */
export function resignedSeat(seats: readonly SeatInfo[], userId: string | null | undefined): number | null {
  if (!userId) return null;
  return seats.find((s) => s.userId === userId && s.isBot)?.seat ?? null;
}

/** The file name a downloaded record gets. */
export function recordFileName(gameId: string): string {
  return `mountain-post-${gameId.replace(/[^A-Za-z0-9_-]+/g, '-')}.json`;
}
