import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { chooseBotMove, playMove, rngFromSeed } from '../../engine/core';
import { games } from '../../db/schema';
import type { Db } from '../../db/types';
import { insertOutbox, loadRecipients, noticeRows, type Recipient } from '../notices/enqueue';
import { executedRows } from '../../db/json-row';
import { passReadCall } from '../../db/sql-functions';
import type { EndingInputs } from './ending';
import { ApiError } from '../http/errors';
import { holdNotices, scheduleDrain } from './request-drain';
import { clocksDueAt, type GameClocks, nextReminderAt, outOfTime, runsOutAt } from '../time-control/seat-clocks';
import type { ServiceCtx } from '../types';
import { commitChange } from './commit';
import { randomHex } from '../lib/crypto';
import { VersionConflict } from './events';
import { quietOf } from './game-clocks';
import { gameOf, type GameRow, gameRowFromJson, loadGame, seatList } from '../lib/game-rows';
import { commitClockNews, tryAutoVacation } from './vacations';

/** At most this many bot moves for one timed-out seat (a safety net; real turns are short). */
const MAX_BOT_MOVES = 200;

/** What one pass over a game's clocks did. */
export interface ClockPassReport {
  reminders: number;
  timeouts: number;
  autoVacations: number;
}

/**
 * Everything a game's clocks have come due for at `ctx.now`, once (safe to run twice or at the
 * same time: each step is a commit or an update guarded by the game's version):
 *   1. a table pause whose time is up is logged as over;
 *   2. a seat whose clock ran out spends vacation days when it may (auto-vacation), else times
 *      out (`onTimeout`: the bot plays its turn, or the game ends);
 *   3. reminders whose time came are sent, at most one per seat and run stage;
 *   4. the game's next due instant is written back.
 */
export async function runGameClocks(ctx: ServiceCtx, gameId: string): Promise<ClockPassReport & { after?: GameRow }> {
  const report: ClockPassReport = { reminders: 0, timeouts: 0, autoVacations: 0 };
  const now = ctx.now.getTime();
  const first = await readForPass(ctx.db, gameId, ctx.now);
  let row = first.row;
  // The seats' players and their settings do not change in a pass: read once. The ending's
  // inputs hold until the pass commits something else (a logged pause, a vacation).
  const recipients = first.recipients;
  let ending = first.ending;
  if (row.status !== 'active' || !row.clocks) {
    if (row.dueAt) await ctx.db.update(games).set({ dueAt: null }).where(eq(games.id, row.id));
    return { ...report, after: { ...row, dueAt: null } };
  }

  let logged = false;
  for (const p of row.clocks.pauses) {
    if (p.over || p.to > now) continue;
    logged = await commitClockNews(ctx, row.id, {
      seat: null,
      text: 'The pause is over: the clocks run again.',
      detail: 'the pause is over',
      tell: 'all',
      edit: (c) => ({ ...c, pauses: c.pauses.map((q) => (q.from === p.from ? { ...q, over: true } : q)) }),
    });
  }
  if (logged) {
    row = await loadGame(ctx.db, gameId);
    ending = null;
  }

  const late = row.clocks ? outOfTime(row.clocks, now).filter((s) => !row.botSeats.includes(s)) : [];
  if (late.length) {
    // Only a table that allows vacation may spend a player's days on a clock's end.
    const seated = row.clocks?.allowVacation ? await seatList(ctx.db, row.id) : [];
    // The game as it stands after the last step, when that step read it after its last write.
    let fresh: GameRow | null = null;
    for (const [i, seat] of late.entries()) {
      const userId = seated.find((s) => s.seat === seat)?.userId;
      if (userId && (await tryAutoVacation(ctx, userId))) {
        report.autoVacations++;
        fresh = null;
        ending = null;
        continue;
      }
      // The row read above is current unless this pass changed the game already.
      if (i > 0 || report.autoVacations > 0) row = await loadGame(ctx.db, gameId);
      const out = await applyTimeout(ctx, row, [seat], { recipients, ending: i === 0 ? ending : null });
      report.timeouts += out.timedOut;
      fresh = out.last;
      if (row.onTimeout === 'end') return report;
    }
    row = fresh ?? (await loadGame(ctx.db, gameId));
  }
  if (row.status !== 'active' || !row.clocks) return { ...report, after: row };
  const reminded = await sendReminders(ctx, row, recipients);
  return { ...report, reminders: reminded.sent, after: reminded.after };
}

/**
 * Sends each reminder whose time came, then writes the clocks and the next due instant (guarded by
 * the version). Returns how many it queued and the row as it stands after (absent when another
 * writer changed the game meanwhile).
 */
async function sendReminders(ctx: ServiceCtx, row: GameRow, recipients: Recipient[]): Promise<{ sent: number; after?: GameRow }> {
  const now = ctx.now.getTime();
  const clocks = row.clocks as GameClocks;
  const quiet = (seat: number) => quietOf(recipients.find((r) => r.seat === seat));
  const notices: { seat: number; kind: 'reminder'; deadline: string; tag: string }[] = [];
  const seats = clocks.seats.map((k, seat) => {
    const at = nextReminderAt(clocks, seat, quiet(seat));
    if (at === null || at > now || row.botSeats.includes(seat)) return k;
    const end = runsOutAt(clocks, seat);
    notices.push({ seat, kind: 'reminder', deadline: new Date(end ?? now).toISOString(), tag: `${k.since}:${k.reminded + 1}` });
    return { ...k, reminded: k.reminded + 1 };
  });
  const next = { ...clocks, seats };
  const due = clocksDueAt(next, now, quiet);
  const dueAt = due === null ? null : new Date(due);
  if (notices.length === 0) {
    // Nothing to send: the clocks stay as they are, and the due instant is written only when it
    // moved (a pass after a timeout finds it written by the timeout's commit): no transaction.
    if ((row.dueAt?.getTime() ?? null) !== due)
      await ctx.db
        .update(games)
        .set({ dueAt })
        .where(and(eq(games.id, row.id), eq(games.version, row.version)));
    await ctx.clocks.gameDue(row.id, dueAt);
    return { sent: 0, after: { ...row, dueAt } };
  }
  // Queued already claimed for this context's own drain (delivered by key, no claim to write).
  const held = holdNotices(ctx);
  const rows = noticeRows(recipients, { gameId: row.id, version: row.version, notices, now: ctx.now, graceSeconds: 0 }).map((r) =>
    held ? { ...r, claimedUntil: held, attempts: 1 } : r,
  );
  const sent = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const moved = await tx
      .update(games)
      .set({ clocks: next, dueAt })
      .where(and(eq(games.id, row.id), eq(games.version, row.version)))
      .returning({ id: games.id });
    if (moved.length === 0) return 0;
    await insertOutbox(tx, rows);
    return notices.length;
  });
  if (sent > 0)
    scheduleDrain(
      ctx,
      rows.map((r) => r.dedupeKey!),
      row.id,
    );
  await ctx.clocks.gameDue(row.id, dueAt);
  return { sent, after: sent > 0 ? { ...row, clocks: next, dueAt } : undefined };
}

/**
 * A seat whose clock ran out: with `onTimeout = bot`, the built-in bot plays its turn (logged
 * as a timeout move, an undo barrier); with `end`, the game is abandoned. `read` gives what the
 * pass read already (the recipients; the ending's inputs, current for this game). Returns how many seats
 * timed out, and `last`, the game as read after the bot's last move (null when not read since).
 */
export async function applyTimeout(
  ctx: ServiceCtx,
  first: GameRow,
  late: number[],
  read: { recipients?: Recipient[]; ending?: EndingInputs | null } = {},
): Promise<{ timedOut: number; last: GameRow | null }> {
  const game = gameOf(ctx.registry, first);
  try {
    if (first.onTimeout === 'end') {
      await commitChange(ctx, game, first, {
        recipients: read.recipients,
        endingInputs: read.ending ?? undefined,
        kind: 'timeout',
        seat: null,
        payload: { seats: late },
        log: [{ seat: null, text: `${late.map((s) => `{{p:${s}}}`).join(', ')} ran out of time. The game ends.` }],
        reveals: true,
        state: first.snapshot,
        status: 'abandoned',
      });
      return { timedOut: late.length, last: null };
    }
    // The seats' players and their settings do not change while the bot plays: read once.
    const recipients = read.recipients ?? (await loadRecipients(ctx.db, first.id));
    // The row the caller read is current until this loop commits; after a commit, read again.
    let current: GameRow | null = first;
    for (const seat of late) {
      for (let i = 0; i < MAX_BOT_MOVES; i++) {
        const row: GameRow = current ?? (await loadGame(ctx.db, first.id));
        current = row;
        if (row.status !== 'active' || !row.activeSeats.includes(seat)) break;
        const move = chooseBotMove(game, row.snapshot, seat, rngFromSeed(randomHex(16)));
        if (move === null) break;
        current = null;
        const applied = playMove(game, row.snapshot, seat, move);
        const label = game.describeMove?.(move, row.snapshot, seat) ?? JSON.stringify(move);
        await commitChange(ctx, game, row, {
          kind: 'move',
          seat,
          payload: { move: applied.move, timeout: true },
          // The move's name only to its seat: it may be a secret choice (a Claim Jumper discard,
          // a Go/Refuel decision); the engine's own log lines say what everyone may know.
          log: [
            { seat, text: `{{p:${seat}}} ran out of time; the bot played for them.` },
            { seat, text: `The bot played: ${label}.`, only: [seat] },
            ...applied.log,
          ],
          reveals: true,
          state: applied.state,
          notices: i === 0 ? [{ seat, kind: 'timeout' }] : [],
          recipients,
        });
      }
    }
    return { timedOut: late.length, last: current };
  } catch (err) {
    if (err instanceof VersionConflict) return { timedOut: 0, last: null }; // a player moved at the last second: their move stands
    throw err;
  }
}

/** Running games whose clocks have a due instant, soonest first (the development clock re-arms their alarms). */
export async function dueGames(db: Db, limit = 1000): Promise<{ id: string; dueAt: Date | null }[]> {
  return db
    .select({ id: games.id, dueAt: games.dueAt })
    .from(games)
    .where(and(eq(games.status, 'active'), isNotNull(games.dueAt)))
    .orderBy(asc(games.dueAt))
    .limit(limit);
}

/** A pass's first read (`mp_pass_read`): the game, its recipients, and the ending's inputs when a clock that ends it has run out. */
async function readForPass(
  db: Db,
  gameId: string,
  now: Date,
): Promise<{ row: GameRow; recipients: Recipient[]; ending: EndingInputs | null }> {
  const result = await db.execute(passReadCall(gameId, now));
  const read = executedRows<{
    read: { game: Record<string, unknown>; recipients: Recipient[] | null; ending: EndingInputs | null } | null;
  }>(result)[0]?.read;
  if (!read) throw new ApiError(404, 'game_not_found', 'No game with that id.');
  return { row: gameRowFromJson(read.game), recipients: read.recipients ?? [], ending: read.ending };
}
