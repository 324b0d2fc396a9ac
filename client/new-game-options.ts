/**
 * The choices of the new-game form (pure: no DOM, no fetch; tested in test/client): bots, time
 * control, what a deadline and a resignation do.
 */
import type { OnTimeout, TimeControl } from './time';

/** The numbers of bots one can ask for at `players` seats: 0 .. players - 1 (you keep seat 1). */
export function botChoices(players: number): number[] {
  return Array.from({ length: Math.max(0, players) }, (_, i) => i);
}

/** Keeps a bot count valid when the number of players changes. */
export function clampBots(bots: number, players: number): number {
  if (!Number.isFinite(bots) || bots < 0) return 0;
  return Math.min(Math.floor(bots), Math.max(0, players - 1));
}

/** With a bot in every other seat the server starts the game at once. */
export function startsAtOnce(players: number, bots: number): boolean {
  return bots > 0 && bots === players - 1;
}

export const ON_RESIGN: readonly { value: 'bot' | 'end'; label: string }[] = [
  { value: 'bot', label: 'A bot takes over the seat' },
  { value: 'end', label: 'The game ends' },
];

/** The clock a new game asks for (the create body's clock fields). */
export interface ClockChoice {
  timeControl: Extract<TimeControl, string>;
  weekendPause: boolean;
  allowVacation: boolean;
  onTimeout: OnTimeout;
}

/** No clock; weekends and vacations as the server's defaults have them. */
export const NO_CLOCK: ClockChoice = { timeControl: 'none', weekendPause: false, allowVacation: true, onTimeout: 'bot' };

/** The create form's presets (the server's names: README "Clocks"). */
export const TIME_CONTROLS: readonly { value: Extract<TimeControl, string>; label: string; hint?: string }[] = [
  { value: 'none', label: 'No time limit' },
  {
    value: 'fast',
    label: 'Fast: time bank of 72 h, +12 h a turn',
    hint: 'Each player starts with 72 hours; every finished turn adds 12, up to 120.',
  },
  {
    value: 'slow',
    label: 'Slow: time bank of 72 h, +36 h a turn',
    hint: 'Each player starts with 72 hours; every finished turn adds 36, up to 240.',
  },
  { value: '24h', label: '24 hours per move' },
  { value: '48h', label: '48 hours per move' },
  { value: '72h', label: '72 hours per move' },
  { value: '120h', label: '5 days per move' },
  { value: '168h', label: '7 days per move' },
];

export const ON_TIMEOUT: readonly { value: OnTimeout; label: string }[] = [
  { value: 'bot', label: 'The bot plays the turn' },
  { value: 'end', label: 'The game ends' },
];
