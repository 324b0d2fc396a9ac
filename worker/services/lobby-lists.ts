import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { GameRegistry } from '../../engine/core';
import { blocks, games, seats, vacations } from '../../db/schema';
import { timeControlText } from '../time-control/rules';
import type { Db } from '../../db/types';
import type { User } from '../types';
import { seatsOfGames } from '../lib/game-rows';
import { inviteUrl, seatName } from '../notices/names';
import { optionsText } from './option-text';
import { playerBadges } from './profiles';
import { choiceOptionKeys } from './seat-choices';

/** At most this many games in each list of the lobby. */
export const LOBBY_LIST_LIMIT = 30;

/** One game as the lobby lists it. */
export interface LobbyGame {
  id: string;
  type: string;
  title: string;
  players: number;
  /** Each seat; a player's seat with their profile id, reliability share (null: no record) and shown rating of this type (null: provisional). */
  seats: { seat: number; name: string; isBot: boolean; playerId: string | null; reliability: number | null; rating: number | null }[];
  optionsText: string[];
  /** Open games: the link that seats you (join in one click). Null in `live`. */
  inviteUrl: string | null;
  /** Whether the caller sits at this table already. */
  youAreSeated: boolean;
  activeSeats: number[];
  createdAt: string;
  updatedAt: string;
  /** The time control in words ("Fast: 72 h, +12 h a turn, at most 120 h"). */
  timeControlText: string;
  /** Seated players on vacation now, and until when (ISO). */
  away: { seat: number; until: string }[];
}

/**
 * The lobby: public games waiting for players (newest first, with their invite links: a public
 * game is open to anyone) and public games in progress to watch (most recently played first),
 * at most `LOBBY_LIST_LIMIT` of each. Private games never appear. Seats carry the player's profile id
 * (names link to profiles), reliability and rating, never an address. A
 * signed-in caller is not offered a table where someone sits whom they blocked or who blocked
 * them (tables are never shared anew across a block; the blocked side is not told why).
 */
export async function publicLobby(
  db: Db,
  registry: GameRegistry,
  args: { user: User | null; origin: string; now: Date },
): Promise<{ open: LobbyGame[]; live: LobbyGame[] }> {
  const taken = sql<number>`(select count(*) from ${seats} s where s.game_id = ${games.id})`.mapWith(Number);
  const me = args.user?.id;
  const noBlock = me
    ? sql`not exists (select 1 from ${seats} s join ${blocks} b on (b.blocker_id = ${me} and b.blocked_id = s.user_id)
        or (b.blocked_id = ${me} and b.blocker_id = s.user_id) where s.game_id = ${games.id})`
    : undefined;
  const [open, live] = await Promise.all([
    db
      .select()
      .from(games)
      .where(and(eq(games.isPublic, true), eq(games.status, 'open'), sql`${taken} < ${games.players}`, noBlock))
      .orderBy(desc(games.createdAt))
      .limit(LOBBY_LIST_LIMIT),
    db
      .select()
      .from(games)
      .where(and(eq(games.isPublic, true), eq(games.status, 'active')))
      .orderBy(desc(games.updatedAt))
      .limit(LOBBY_LIST_LIMIT),
  ]);
  const ids = [...open, ...live].map((g) => g.id);
  const seatRows = await seatsOfGames(db, ids);
  const players = [...new Set(seatRows.map((s) => s.userId).filter((u): u is string => u !== null))];
  const badges = await playerBadges(db, players);
  const onVacation = players.length
    ? await db
        .select({ userId: vacations.userId, until: vacations.endsAt })
        .from(vacations)
        .where(
          and(
            inArray(vacations.userId, players),
            isNull(vacations.endedAt),
            lte(vacations.startsAt, args.now),
            gt(vacations.endsAt, args.now),
          ),
        )
    : [];
  const entry = (g: typeof games.$inferSelect, withInvite: boolean): LobbyGame => {
    const mine = seatRows.filter((s) => s.gameId === g.id);
    const allows = g.clocks?.allowVacation ?? true;
    return {
      id: g.id,
      type: g.type,
      title: registry.get(g.type)?.title ?? g.type,
      players: g.players,
      seats: mine.map((s) => ({
        seat: s.seat,
        name: seatName(s),
        isBot: s.isBot,
        playerId: s.userId,
        reliability: s.userId ? (badges.reliability.get(s.userId) ?? null) : null,
        rating: s.userId ? (badges.rating.get(`${s.userId}\t${g.type}`) ?? null) : null,
      })),
      optionsText: optionsText(g.options, choiceOptionKeys(registry.get(g.type)), registry.get(g.type)),
      inviteUrl: withInvite ? inviteUrl(args.origin, g) : null,
      youAreSeated: !!args.user && mine.some((s) => s.userId === args.user!.id && !s.isBot),
      activeSeats: g.activeSeats,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
      timeControlText: timeControlText(g.clocks?.rules ?? { kind: 'none' }),
      away: allows
        ? mine.flatMap((s) => {
            const v = onVacation.find((x) => x.userId === s.userId && !s.isBot);
            return v ? [{ seat: s.seat, until: v.until.toISOString() }] : [];
          })
        : [],
    };
  };
  return { open: open.map((g) => entry(g, true)), live: live.map((g) => entry(g, false)) };
}
