import { and, eq } from 'drizzle-orm';
import { games, playerNotes, seats, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';

/** What a private note is about: one game, or one other player. */
export type NoteSubject = { gameId: string; playerId?: undefined } | { playerId: string; gameId?: undefined };

/** Longest private note, in characters. */
export const MAX_NOTE_CHARS = 2000;

const subjectIs = (authorId: string, s: NoteSubject) =>
  and(eq(playerNotes.authorId, authorId), s.gameId !== undefined ? eq(playerNotes.gameId, s.gameId) : eq(playerNotes.playerId, s.playerId));

/** Checks the subject exists and is the author's to write about: a game they sat in, a player not themselves. */
async function checkSubject(db: Db, authorId: string, s: NoteSubject): Promise<void> {
  if (s.gameId !== undefined) {
    const [g] = await db.select({ id: games.id }).from(games).where(eq(games.id, s.gameId));
    if (!g) throw new ApiError(404, 'game_not_found', 'No game with that id.');
    const [seat] = await db
      .select({ seat: seats.seat })
      .from(seats)
      .where(and(eq(seats.gameId, s.gameId), eq(seats.userId, authorId)));
    if (!seat) throw new ApiError(403, 'not_seated', 'Notes are for games you play.');
    return;
  }
  if (s.playerId === authorId) throw new ApiError(400, 'bad_subject', 'Notes are about other players.');
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, s.playerId));
  if (!u) throw new ApiError(404, 'player_not_found', 'No player with that id.');
}

/** The author's note about the subject, or null. Nobody else ever reads it. */
export async function readNote(db: Db, authorId: string, s: NoteSubject): Promise<{ text: string; updatedAt: string } | null> {
  const [row] = await db.select({ text: playerNotes.text, at: playerNotes.updatedAt }).from(playerNotes).where(subjectIs(authorId, s));
  return row ? { text: row.text, updatedAt: row.at.toISOString() } : null;
}

/**
 * Writes the author's note about the subject; empty text deletes it. Throws 400 `bad_subject`,
 * 403 `not_seated` (a game they never sat in), 404 `game_not_found`, `player_not_found`.
 */
export async function writeNote(db: Db, authorId: string, s: NoteSubject, text: string, now: Date) {
  await checkSubject(db, authorId, s);
  const clean = text.trim();
  await db.delete(playerNotes).where(subjectIs(authorId, s));
  if (!clean) return null;
  await db.insert(playerNotes).values({ authorId, gameId: s.gameId ?? null, playerId: s.playerId ?? null, text: clean, updatedAt: now });
  return { text: clean, updatedAt: now.toISOString() };
}
