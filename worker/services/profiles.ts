import { and, desc, eq, or, sql } from 'drizzle-orm';
import { executedRows } from '../../db/json-row';
import { ratings, seatResults, users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { GameRegistry } from '../../engine/core';
import { ApiError } from '../http/errors';
import { friendshipWith, type FriendStatus } from './friends';
import { PROVISIONAL_GAMES } from './rating-math';
import { shownName } from '../lib/shown-name';

/** Reliability counts the player's last this many ended timed games. */
export const RELIABILITY_WINDOW = 50;
/** The median time to move is taken over the player's last this many games. */
const MOVE_TIME_GAMES = 200;

/**
 * The share of a player's last `RELIABILITY_WINDOW` ended timed games that ended without their
 * clock running out and without their resigning (null while none ended), and the counts behind it.
 * A game nobody played (a seat left before taking part, worker/services/rating-math.ts) counts
 * only for the seat that left: against it, never as credit for the others.
 */
export interface Reliability {
  share: number | null;
  finished: number;
  timedOut: number;
  resigned: number;
}

/** A player's profile as anyone may read it: never an email address. */
export interface Profile {
  id: string;
  name: string;
  memberSince: string;
  stats: { type: string; title: string; finished: number; won: number; medianMoveHours: number | null }[];
  reliability: Reliability;
  ratings: { type: string; ordinal: number | null; games: number; provisional: boolean }[];
  /** The viewer's games against this player (null: not signed in, or the viewer's own profile). */
  headToHead: { games: number; youAhead: number; theyAhead: number; even: number } | null;
  /** The viewer's friendship with this player (null: not signed in, or their own profile). */
  friendship: FriendStatus | null;
}

/** The seat results that count for reliability: timed games that were played, or that the seat left early. */
const countsForReliability = and(
  eq(seatResults.timed, true),
  or(eq(seatResults.played, true), eq(seatResults.resigned, true), eq(seatResults.timedOut, true)),
);

/** A player's reliability (see `Reliability`), from their seat outcomes. */
export async function reliabilityOf(db: Db, userId: string): Promise<Reliability> {
  const rows = await db
    .select({ resigned: seatResults.resigned, timedOut: seatResults.timedOut })
    .from(seatResults)
    .where(and(eq(seatResults.userId, userId), countsForReliability))
    .orderBy(desc(seatResults.endSeq))
    .limit(RELIABILITY_WINDOW);
  const timedOut = rows.filter((r) => r.timedOut).length;
  const resigned = rows.filter((r) => r.resigned).length;
  const kept = rows.filter((r) => !r.timedOut && !r.resigned).length;
  return { share: rows.length ? kept / rows.length : null, finished: rows.length, timedOut, resigned };
}

/**
 * How many finished games count for a table's `minFinishedGames`: games played (every human seat
 * took part), any type, timed or not, against distinct opponents: at most as many as the other
 * players (people, not bots) met in them, so the same second account, however many games it loses,
 * counts once.
 */
export async function finishedGamesOf(db: Db, userId: string): Promise<number> {
  return (await finishedGamesCounted(db, userId)).counted;
}

/** `finishedGamesOf` with what it is made of: the played games finished, and the distinct other players met in them. */
export async function finishedGamesCounted(db: Db, userId: string): Promise<{ counted: number; games: number; opponents: number }> {
  const result = await db.execute<{ games: number; opponents: number }>(sql`
    select count(distinct mine.game_id)::int as games, count(distinct other.user_id)::int as opponents
    from seat_results mine
    join seat_results other on other.game_id = mine.game_id and other.user_id is not null and other.user_id <> mine.user_id
    where mine.user_id = ${userId} and mine.played`);
  const [r] = executedRows<{ games: number; opponents: number }>(result);
  return { counted: Math.min(r.games, r.opponents), games: r.games, opponents: r.opponents };
}

/**
 * Median hours a player takes to move, per game type: from the event before to the first
 * move of each of their turns (the steps after it in the same turn are not a wait), their own
 * moves only (not the bot's on their behalf, nor one played for them on time).
 */
async function medianMoveHours(db: Db, userId: string): Promise<Map<string, number>> {
  const result = await db.execute<{ type: string; hours: number | string | null }>(sql`
    with mine as (
      select s.game_id, s.seat, g.type from seats s join games g on g.id = s.game_id
      where s.user_id = ${userId} and g.status <> 'open' order by g.updated_at desc limit ${MOVE_TIME_GAMES}
    ), ev as (
      select e.game_id, e.seat, e.kind, e.payload, e.created_at,
        lag(e.seat) over w as prev_seat, lag(e.kind) over w as prev_kind, lag(e.created_at) over w as prev_at
      from game_events e where e.game_id in (select game_id from mine)
      window w as (partition by e.game_id order by e.seq)
    )
    select m.type, percentile_cont(0.5) within group (order by extract(epoch from ev.created_at - ev.prev_at)) / 3600 as hours
    from ev join mine m on m.game_id = ev.game_id and m.seat = ev.seat
    where ev.kind = 'move' and not (ev.payload ? 'timeout') and not (ev.payload ? 'bot') and ev.prev_at is not null
      and (ev.prev_seat is distinct from ev.seat or ev.prev_kind <> 'move')
    group by m.type`);
  return new Map(executedRows<{ type: string; hours: number | string | null }>(result).map((r) => [r.type, Number(r.hours)]));
}

/** The viewer's ended games with the player: who placed ahead how often. */
async function headToHead(db: Db, viewerId: string, playerId: string): Promise<NonNullable<Profile['headToHead']>> {
  const result = await db.execute<{ games: number; you: number; they: number }>(sql`
    select count(*)::int as games, (count(*) filter (where a.place < b.place))::int as you, (count(*) filter (where a.place > b.place))::int as they
    from seat_results a join seat_results b on b.game_id = a.game_id and b.user_id = ${playerId}
    where a.user_id = ${viewerId} and a.played`);
  const [r] = executedRows<{ games: number; you: number; they: number }>(result);
  return { games: r.games, youAhead: r.you, theyAhead: r.they, even: r.games - r.you - r.they };
}

/**
 * `GET /api/players/:id`: name, member since, per game type games finished, won and median time
 * to move, reliability, ratings (the ordinal from the `PROVISIONAL_GAMES`th rated game on),
 * and for a signed-in viewer the head-to-head record and friendship.
 * Throws 404 `player_not_found`.
 */
export async function profileOf(db: Db, registry: GameRegistry, args: { playerId: string; viewerId: string | null }): Promise<Profile> {
  const [user] = await db.select({ id: users.id, name: shownName, since: users.createdAt }).from(users).where(eq(users.id, args.playerId));
  if (!user) throw new ApiError(404, 'player_not_found', 'No player with that id.');
  const perType = await db
    .select({
      type: seatResults.type,
      finished: sql`count(*)`.mapWith(Number),
      won: sql`count(*) filter (where ${seatResults.won})`.mapWith(Number),
    })
    .from(seatResults)
    .where(and(eq(seatResults.userId, user.id), eq(seatResults.played, true)))
    .groupBy(seatResults.type);
  const medians = await medianMoveHours(db, user.id);
  const types = [...new Set([...perType.map((t) => t.type), ...medians.keys()])].sort();
  const rated = await db
    .select({ type: ratings.type, ordinal: ratings.ordinal, games: ratings.games })
    .from(ratings)
    .where(eq(ratings.userId, user.id))
    .orderBy(ratings.type);
  const other = args.viewerId && args.viewerId !== user.id ? args.viewerId : null;
  return {
    id: user.id,
    name: user.name,
    memberSince: user.since.toISOString(),
    stats: types.map((type) => {
      const t = perType.find((p) => p.type === type);
      const m = medians.get(type);
      return {
        type,
        title: registry.get(type)?.title ?? type,
        finished: t?.finished ?? 0,
        won: t?.won ?? 0,
        medianMoveHours: m === undefined || Number.isNaN(m) ? null : Math.round(m * 100) / 100,
      };
    }),
    reliability: await reliabilityOf(db, user.id),
    ratings: rated.map((r) => {
      const provisional = r.games < PROVISIONAL_GAMES;
      return { type: r.type, ordinal: provisional ? null : Math.round(r.ordinal * 100) / 100, games: r.games, provisional };
    }),
    headToHead: other ? await headToHead(db, other, user.id) : null,
    friendship: other ? await friendshipWith(db, other, user.id) : null,
  };
}

/** One line of a leaderboard. */
export interface LeaderboardEntry {
  rank: number;
  id: string;
  name: string;
  ordinal: number;
  games: number;
}

/** The top `limit` players of a game type by ordinal, provisional ratings left out. Throws 404 `unknown_game_type`. */
export async function leaderboard(db: Db, registry: GameRegistry, type: string, limit = 50) {
  const game = registry.get(type);
  if (!game) throw new ApiError(404, 'unknown_game_type', `Unknown game type "${type}". See GET /api/game-types.`);
  const rows = await db
    .select({ id: users.id, name: shownName, ordinal: ratings.ordinal, games: ratings.games })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.type, type), sql`${ratings.games} >= ${PROVISIONAL_GAMES}`))
    .orderBy(desc(ratings.ordinal), users.id)
    .limit(limit);
  return {
    type,
    title: game.title,
    players: rows.map((r, i): LeaderboardEntry => ({ rank: i + 1, ...r, ordinal: Math.round(r.ordinal * 100) / 100 })),
  };
}

/** Reliability shares and shown ratings (by `userId\ttype`) of many players at once (the lobby): two queries in all. */
export async function playerBadges(db: Db, userIds: string[]): Promise<{ reliability: Map<string, number>; rating: Map<string, number> }> {
  if (userIds.length === 0) return { reliability: new Map(), rating: new Map() };
  const ids = sql.join(
    userIds.map((u) => sql`${u}`),
    sql`, `,
  );
  const result = await db.execute<{ user_id: string; n: number; kept: number }>(sql`
    select user_id, count(*)::int as n, (count(*) filter (where not resigned and not timed_out))::int as kept from (
      select user_id, resigned, timed_out, row_number() over (partition by user_id order by end_seq desc) as rn
      from seat_results where timed and (played or resigned or timed_out) and user_id in (${ids})
    ) x where rn <= ${RELIABILITY_WINDOW} group by user_id`);
  const rel = new Map(executedRows<{ user_id: string; n: number; kept: number }>(result).map((r) => [r.user_id, r.kept / r.n]));
  const rated = await db
    .select({ userId: ratings.userId, type: ratings.type, ordinal: ratings.ordinal })
    .from(ratings)
    .where(and(sql`${ratings.userId} in (${ids})`, sql`${ratings.games} >= ${PROVISIONAL_GAMES}`));
  return { reliability: rel, rating: new Map(rated.map((r) => [`${r.userId}\t${r.type}`, Math.round(r.ordinal * 100) / 100])) };
}
