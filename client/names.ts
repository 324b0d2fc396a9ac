/**
 * Players' names on every part of the page: the one place that turns a seat into words (the game
 * page, the boards, the log, the chat, the lists). Pure (no DOM).
 */
import { nameWithRole, renderLogText } from '../engine/core/log-names';
import type { SeatInfo } from './api-types';

export { nameWithRole };

/** A seat's display name: the player's name, else "Seat N" (seats are 0-based, people count from 1). */
export function seatName(seats: readonly Pick<SeatInfo, 'seat' | 'name'>[], seat: number): string {
  return seats.find((x) => x.seat === seat)?.name?.trim() || `Seat ${seat + 1}`;
}

/** "You" for the viewer's own seat, the player's name otherwise. */
export function youOrName(seats: readonly Pick<SeatInfo, 'seat' | 'name'>[], seat: number, you: number | null): string {
  return seat === you ? 'You' : seatName(seats, seat);
}

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A game's sentence with each `{{p:N}}` marker as that player's name ("Waiting for Ada to place a Labourer."). */
export function withNames(text: string, seats: readonly Pick<SeatInfo, 'seat' | 'name'>[]): string {
  return renderLogText(text, (s) => seatName(seats, s));
}
