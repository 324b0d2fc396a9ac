import { nameWithRole, renderLogText, type AnyGame, type Seat } from '../../engine/core';
import { seatName } from './names';

/** A seat as the notifier knows it: its player's display name (null for a bot seat). */
export interface NamedSeat {
  seat: Seat;
  name: string | null;
  isBot: boolean;
}

/**
 * How log lines name players in notifications ("one name per player"): the display name
 * (or "Bot", "Ada (bot)"), with the game's role beside it ("Ada (Red)", "Bot (U.B. Bold)"). A
 * seat nobody holds is "Seat N" (from 1). The result is plain text: each surface escapes the
 * whole line as it escapes any line (escape.ts, the email's HTML template). `state` is the game's
 * snapshot: a role may depend on choices made at setup (Space Mountain's Rocket colours).
 */
export function logNamer(seats: readonly NamedSeat[], game: AnyGame | undefined, state?: unknown): (seat: Seat) => string {
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  return (seat) => {
    const s = bySeat.get(seat);
    return nameWithRole(s ? seatName(s) : `Seat ${seat + 1}`, game?.seatRole?.(seat, state ?? undefined));
  };
}

/**
 * A result summary for people: the engine writes it with role names ("Red visited all 5
 * Starports first"; it is part of the result a verified record compares, so it stays so), and
 * here each role becomes the name with the role beside it ("Ada (Red) visited ..."). One pass over
 * whole words, longest role first, so a name is never rewritten again.
 */
export function summaryWithNames(summary: string, seats: readonly NamedSeat[], game: AnyGame | undefined, state?: unknown): string {
  if (!game?.seatRole) return summary;
  const namer = logNamer(seats, game, state);
  const bySeat = new Map<string, Seat>();
  for (const s of seats) bySeat.set(game.seatRole(s.seat, state ?? undefined), s.seat);
  const roles = [...bySeat.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  if (roles.length === 0) return summary;
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}])(${roles.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return summary.replace(re, (role) => namer(bySeat.get(role)!));
}

/** A log line for people: `{{p:N}}` markers become names; lines stored without markers stay as they are. */
export function logLineText(text: string, namer: (seat: Seat) => string): string {
  return renderLogText(text, namer);
}
