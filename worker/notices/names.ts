/**
 * Names and links as notices, pages and answers write them: pure, so services (the lobby,
 * invitations) and notice builders (the log's text) share them without importing each other.
 */
import type { games } from '../../db/schema';

/** The link a creator shares; opening it while signed in offers "Join". */
export function inviteUrl(origin: string, row: Pick<typeof games.$inferSelect, 'id' | 'inviteCode'>): string {
  return `${origin}/games/${row.id}?invite=${row.inviteCode}`;
}

/** How a seat is named: its player, "Bot", or "Ada (bot)" once Ada resigned to the bot ("Deleted player (bot)" once a player left for good). */
export function seatName(s: { name: string | null; isBot: boolean }): string {
  if (!s.name) return 'Bot';
  return s.isBot ? `${s.name} (bot)` : s.name;
}
