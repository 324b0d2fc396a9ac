import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { games, seats, users, vacations } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { type Away, type GameClocks, remainingMs } from '../time-control/seat-clocks';
import { accruedBalance, daysOf, refundedBalance } from '../time-control/vacation-days';
import type { ServiceCtx, User } from '../types';
import { commitChange } from './commit';
import { VersionConflict } from './events';
import { gameOf, type GameRow, humanSeats, loadGame } from '../lib/game-rows';
import { shownName } from '../lib/shown-name';

/** A vacation as the API shows it. */
export interface VacationAnswer {
  from: string;
  until: string;
  kind: 'manual' | 'auto';
}

/** `vacation` of `GET /api/me`: the days left, when the vacation under way (if any) ends, and the auto-vacation switch. */
export interface VacationStatus {
  daysLeft: number;
  activeUntil: string | null;
  /** A vacation that starts later (`PUT /api/me/vacation` with `from`), or null. */
  planned: VacationAnswer | null;
  auto: boolean;
}

type VacationRow = typeof vacations.$inferSelect;

/** The vacation of `userId` that is under way or planned at `now` (not ended), or null. */
async function openVacation(db: Db, userId: string, now: Date): Promise<VacationRow | null> {
  const [row] = await db
    .select()
    .from(vacations)
    .where(and(eq(vacations.userId, userId), isNull(vacations.endedAt), gt(vacations.endsAt, now)))
    .orderBy(asc(vacations.startsAt))
    .limit(1);
  return row ?? null;
}

/** The balance at `now` (monthly accruals added) of a user row. */
function balanceOf(u: { vacationBalanceMs: number; vacationBalanceAt: Date }, now: Date): number {
  return accruedBalance(u.vacationBalanceMs, u.vacationBalanceAt.getTime(), now.getTime());
}

/** The player's vacation balance at `now` (ms), its row locked until the transaction ends, so two plans cannot both spend it. */
async function lockedBalance(tx: Db, userId: string, now: Date): Promise<number> {
  const [u] = await tx
    .select({ vacationBalanceMs: users.vacationBalanceMs, vacationBalanceAt: users.vacationBalanceAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return balanceOf(u, now);
}

/** What `GET /api/me` says of the caller's vacation. */
export async function vacationStatus(db: Db, userId: string, now: Date): Promise<VacationStatus> {
  const [u] = await db
    .select({ vacationBalanceMs: users.vacationBalanceMs, vacationBalanceAt: users.vacationBalanceAt, autoVacation: users.autoVacation })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw new ApiError(404, 'user_not_found', 'No such user.');
  const open = await openVacation(db, userId, now);
  const active = open && open.startsAt <= now ? open : null;
  return {
    daysLeft: daysOf(balanceOf(u, now)),
    activeUntil: active ? active.endsAt.toISOString() : null,
    planned: open && !active ? answer(open) : null,
    auto: u.autoVacation,
  };
}

/** How far ahead a vacation may be planned: a year, in days. */
export const MAX_PLAN_AHEAD_DAYS = 366;
const MAX_PLAN_AHEAD_MS = MAX_PLAN_AHEAD_DAYS * 86_400_000;

const answer = (v: VacationRow): VacationAnswer => ({ from: v.startsAt.toISOString(), until: v.endsAt.toISOString(), kind: v.kind });

/**
 * Starts a vacation (`from` now unless later) until `until`, paid from the balance: one that
 * reaches past the days left ends when they are spent. A vacation already under way or planned
 * is replaced (what is left of it comes back first). From its start the player's clocks stand
 * still in every game that allows vacation, and the other players there are told once.
 * Throws 400 `bad_vacation` (until not after from, from in the past or over a year ahead), 409 `no_vacation_days`.
 */
export async function startVacation(
  ctx: ServiceCtx,
  user: User,
  args: { from?: Date; until: Date; kind?: 'manual' | 'auto' },
): Promise<VacationAnswer> {
  const now = ctx.now;
  const from = args.from && args.from > now ? args.from : now;
  if (args.from && args.from.getTime() < now.getTime() - 60_000)
    throw new ApiError(400, 'bad_vacation', 'A vacation cannot start in the past.');
  if (args.until <= from) throw new ApiError(400, 'bad_vacation', 'A vacation must end after it starts.');
  // The days are paid when it is planned: one planned years ahead would hold them all that time.
  if (from.getTime() > now.getTime() + MAX_PLAN_AHEAD_MS)
    throw new ApiError(400, 'bad_vacation', `A vacation can be planned up to ${MAX_PLAN_AHEAD_DAYS} days ahead.`);
  const { vac, replaced } = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The account's lock first, then what is open: a second request at once (a double click)
    // waits here and then replaces this one's vacation, rather than opening one beside it.
    let balance = await lockedBalance(tx, user.id, now);
    const ended = await endOpenVacation(tx, user.id, now, balance);
    if (ended) balance = ended.balance;
    if (balance < 60_000)
      throw new ApiError(409, 'no_vacation_days', 'No vacation days are left (21 a year, 1.75 on the first of each month).');
    const endsAt = new Date(Math.min(args.until.getTime(), from.getTime() + balance));
    const charged = endsAt.getTime() - from.getTime();
    await tx
      .update(users)
      .set({ vacationBalanceMs: balance - charged, vacationBalanceAt: now })
      .where(eq(users.id, user.id));
    const [row] = await tx
      .insert(vacations)
      .values({ userId: user.id, kind: args.kind ?? 'manual', startsAt: from, endsAt, chargedMs: charged, createdAt: now })
      .returning();
    return { vac: row, replaced: ended?.vacation ?? null };
  });
  // What is left of the replaced vacation came back above; its games hear of the change quietly.
  // One under way is closed in its games even if not yet marked applied: the request that started
  // it may be writing it into them right now (it closes what it wrote late, `applyVacation`).
  if (replaced && replaced.startsAt <= now) await closeVacation(ctx, replaced, replaced.endedAt!, null);
  if (vac.startsAt <= now) await applyVacation(ctx, vac);
  return answer(vac);
}

/**
 * Ends the caller's vacation now (or drops a planned one): the days not taken come back, and
 * the games where it stopped the clocks are told. `quiet`: no log line (a vacation replaced by
 * another). Returns false when there was none.
 */
export async function endVacation(ctx: ServiceCtx, user: User, opts: { quiet?: boolean } = {}): Promise<boolean> {
  const now = ctx.now;
  const ended = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The account's lock before reading what is open (as `startVacation` takes it).
    const balance = await lockedBalance(tx, user.id, now);
    const done = await endOpenVacation(tx, user.id, now, balance);
    if (done) await tx.update(users).set({ vacationBalanceMs: done.balance, vacationBalanceAt: now }).where(eq(users.id, user.id));
    return done?.vacation ?? null;
  });
  if (!ended) return false;
  if (ended.startsAt <= now) await closeVacation(ctx, ended, ended.endedAt!, opts.quiet ? null : 'back early');
  return true;
}

/**
 * Inside a transaction that holds the account's lock (`lockedBalance`): ends the vacation under
 * way or planned at `now`, if any, and says what the balance becomes with the days not taken
 * back (never past the cap; written by the caller). Null when none is open.
 */
async function endOpenVacation(
  tx: Db,
  userId: string,
  now: Date,
  balance: number,
): Promise<{ vacation: VacationRow; balance: number } | null> {
  const open = await openVacation(tx, userId, now);
  if (!open) return null;
  const end = new Date(Math.max(open.startsAt.getTime(), now.getTime()));
  await tx.update(vacations).set({ endedAt: end }).where(eq(vacations.id, open.id));
  return { vacation: { ...open, endedAt: end }, balance: refundedBalance(balance, open.endsAt.getTime() - end.getTime()) };
}

/** The running timed games where `userId` sits, with the seat: those a vacation touches. */
async function timedSeats(db: Db, userId: string): Promise<{ gameId: string; seat: number }[]> {
  return db
    .select({ gameId: games.id, seat: seats.seat })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), eq(seats.isBot, false), eq(games.status, 'active'), sql`${games.clocks} is not null`));
}

/** A change of a game's clocks told as an event of its own (kind `clock`): its log line, who is told, the edit. */
export interface ClockNews {
  seat: number | null;
  text: string;
  detail: string;
  edit: (c: GameClocks) => GameClocks;
  tell?: 'others' | 'all' | 'none';
}

/**
 * Commits `news` to the game as read in `row` (running, with clocks): the log line says what
 * happened, and the players `tell` names are told once (notice `clock`). Throws VersionConflict
 * when another change landed since `row` was read.
 */
export async function commitClockNewsOn(ctx: ServiceCtx, row: GameRow & { clocks: GameClocks }, news: ClockNews): Promise<void> {
  const game = gameOf(ctx.registry, row);
  const humans = humanSeats(row);
  const tell = news.tell ?? 'others';
  const told = tell === 'none' ? [] : humans.filter((s) => tell === 'all' || s !== news.seat);
  await commitChange(ctx, game, row, {
    kind: 'clock',
    seat: news.seat,
    payload: { detail: news.detail },
    log: [{ seat: news.seat, text: news.text }],
    reveals: false,
    state: row.snapshot,
    clocks: news.edit(row.clocks),
    notices: told.map((seat) => ({ seat, kind: 'clock' as const, detail: news.detail })),
  });
}

/**
 * Commits `news` of the clocks to one game (`commitClockNewsOn`), tried again on the game as it
 * then stands when a move lands first (`edit` applies to the clocks read each time); a game that
 * is over by then is left alone. False when it was not committed.
 */
export async function commitClockNews(ctx: ServiceCtx, gameId: string, news: ClockNews): Promise<boolean> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const row = await loadGame(ctx.db, gameId);
    if (row.status !== 'active' || !row.clocks) return false;
    try {
      await commitClockNewsOn(ctx, row as GameRow & { clocks: GameClocks }, news);
      return true;
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
    }
  }
  return false;
}

/** "10 Jan 2027, 14:00 UTC": an instant in a log line, which every reader sees alike. */
export function logInstant(d: Date): string {
  return `${d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** The start of the oldest clock run still going (older standstills no longer matter), or `now`. */
function oldestRun(c: GameClocks, now: number): number {
  return Math.min(now, ...c.seats.map((k) => k.since ?? now));
}

/** Writes a started vacation into each game it touches, and marks it applied. */
async function applyVacation(ctx: ServiceCtx, vac: VacationRow): Promise<void> {
  for (const { gameId, seat } of await timedSeats(ctx.db, vac.userId)) {
    const row = await loadGame(ctx.db, gameId);
    if (!row.clocks?.allowVacation) continue;
    const away: Away = { seat, from: vac.startsAt.getTime(), to: vac.endsAt.getTime(), kind: vac.kind };
    // An automatic vacation starts where a clock ran out; the player's other games only see it begin.
    const ranOut = vac.kind === 'auto' && row.clocks.seats[seat]?.since !== null && remainingMs(row.clocks, seat, ctx.now.getTime()) <= 0;
    const how = ranOut ? 'ran out of time and is on vacation' : 'is on vacation';
    await commitClockNews(ctx, gameId, {
      seat,
      text: `{{p:${seat}}} ${how} until ${logInstant(vac.endsAt)}: their clock stands still.`,
      detail: ranOut ? 'vacation days spent to save a clock' : 'a player is on vacation',
      edit: (c) => ({ ...c, away: [...c.away.filter((a) => a.to > oldestRun(c, ctx.now.getTime())), away] }),
      // Where the clock ran out, the player is told too: their days are being spent.
      tell: ranOut ? 'all' : 'others',
    });
  }
  const [marked] = await ctx.db.update(vacations).set({ applied: true }).where(eq(vacations.id, vac.id)).returning();
  // Ended meanwhile (replaced, or "I'm back", by a request that held the account's lock while this
  // one wrote the games): what was written after that request closed the games is closed here.
  if (marked?.endedAt) await closeVacation(ctx, marked, marked.endedAt, null);
}

/** Writes the end of a vacation (at `end`) into each game it touched; `why` null writes no line. */
async function closeVacation(ctx: ServiceCtx, vac: VacationRow, end: Date, why: string | null): Promise<void> {
  for (const { gameId, seat } of await timedSeats(ctx.db, vac.userId)) {
    const row = await loadGame(ctx.db, gameId);
    if (!row.clocks?.allowVacation) continue;
    // A quiet close changes only a stretch that still reaches past the end, so closing twice (two
    // requests that both saw the vacation) writes nothing more; a told end always has its line.
    const matches = (a: Away) =>
      a.seat === seat && a.from === vac.startsAt.getTime() && (why !== null ? a.to >= end.getTime() : a.to > end.getTime());
    if (!row.clocks.away.some(matches)) continue;
    await commitClockNews(ctx, gameId, {
      seat,
      text: why ? `{{p:${seat}}} is back from vacation (${why}); their clock runs again.` : `{{p:${seat}}}'s vacation changed.`,
      detail: 'a player is back from vacation',
      edit: (c) => ({ ...c, away: c.away.map((a) => (matches(a) ? { ...a, to: end.getTime() } : a)) }),
      tell: why ? 'all' : 'none',
    });
  }
}

/**
 * The cron's part: starts the vacations whose day came, and ends those whose days are spent
 * (the player is told through each game's log and notice). Returns how many changed.
 */
export async function runVacations(ctx: ServiceCtx, limit = 100): Promise<number> {
  const now = ctx.now;
  const due = await ctx.db
    .select()
    .from(vacations)
    .where(and(isNull(vacations.endedAt), lte(sql`least(${vacations.startsAt}, ${vacations.endsAt})`, now)))
    .orderBy(asc(vacations.endsAt))
    .limit(limit);
  let changed = 0;
  for (const v of due) {
    if (!v.applied && v.startsAt <= now) {
      await applyVacation(ctx, v);
      changed++;
    }
    if (v.endsAt <= now) {
      const [done] = await ctx.db
        .update(vacations)
        .set({ endedAt: v.endsAt })
        .where(and(eq(vacations.id, v.id), isNull(vacations.endedAt)))
        .returning();
      if (done) {
        await closeVacation(
          ctx,
          { ...v, applied: true },
          v.endsAt,
          v.kind === 'auto' ? 'the vacation days are spent' : 'the vacation is over',
        );
        changed++;
      }
    }
  }
  return changed;
}

/** The earliest instant a vacation starts or ends (for the cron's next due instant), or null. */
export async function nextVacationChange(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(case when ${vacations.applied} then ${vacations.endsAt} else ${vacations.startsAt} end)` })
    .from(vacations)
    .where(isNull(vacations.endedAt));
  return row?.at ? new Date(row.at).getTime() : null;
}

/**
 * Auto-vacation at a clock's end: true when the seat is saved by vacation days: the seat's player
 * may spend them here (the table allows vacation, their switch is on, days are left, no vacation
 * under way) and one was started, until the days are spent or they are back
 * (`endAutoVacationIfBack`); or a vacation of theirs is under way already, not yet written into
 * this game (another game's pass started it a moment ago, or the cron has still to apply it).
 */
export async function tryAutoVacation(ctx: ServiceCtx, userId: string): Promise<boolean> {
  const [u] = await ctx.db
    .select({ id: users.id, email: users.email, name: shownName, autoVacation: users.autoVacation })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.autoVacation) return false;
  const open = await openVacation(ctx.db, userId, ctx.now);
  if (open) return open.startsAt <= ctx.now;
  try {
    await startVacation(ctx, u, { until: new Date(ctx.now.getTime() + 365 * 86_400_000), kind: 'auto' });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'no_vacation_days') return false;
    throw err;
  }
}

/**
 * After a player's move: an auto-vacation ends once none of their clocks is out of time any
 * more (they are back, and have answered every game that had run out). `isOutOfTime` tells
 * whether a game's seat still has no time.
 */
export async function endAutoVacationIfBack(
  ctx: ServiceCtx,
  user: User,
  isOutOfTime: (row: Awaited<ReturnType<typeof loadGame>>, seat: number) => boolean,
): Promise<void> {
  const open = await openVacation(ctx.db, user.id, ctx.now);
  if (open?.kind !== 'auto' || open.startsAt > ctx.now) return;
  for (const { gameId, seat } of await timedSeats(ctx.db, user.id)) {
    if (isOutOfTime(await loadGame(ctx.db, gameId), seat)) return;
  }
  await endVacation(ctx, user);
}

/** The vacations of a user, newest first (their data, for settings and an export). */
export async function vacationHistory(db: Db, userId: string, limit = 20) {
  return db.select().from(vacations).where(eq(vacations.userId, userId)).orderBy(desc(vacations.startsAt)).limit(limit);
}
