import type { Db } from '../../db/types';
import type { ServiceCtx } from '../types';
import { CLAIM_MS } from '../notices/outbox';
import type { HeldBatch } from '../clock/notes';

/** Longest wait for the grace period inside `waitUntil` (Workers allow about 30 s). */
export const MAX_INLINE_GRACE_S = 25;

/** What a request's one drain delivers: the rows its commits hold (by dedupe key) and, if asked, everything due. */
interface RequestDrain {
  keys: Set<string>;
  all: boolean;
  /** Until when the request's commits hold their notices for it; null when they hold none. */
  until: Date | null;
}

const drains = new WeakMap<ServiceCtx['defer'], RequestDrain>();

/**
 * The request's one drain, scheduled (as the `last` deferred task, after the grace `waitMs`) on
 * first use. Every commit of the request (a move, then the bots' moves it set off) adds to it.
 */
function requestDrain(ctx: ServiceCtx, waitMs: number): RequestDrain {
  const known = drains.get(ctx.defer);
  if (known) return known;
  const grace = ctx.config.notifyGraceSeconds;
  const mine: RequestDrain = {
    keys: new Set(),
    all: false,
    until: ctx.drainsAfter ? new Date(ctx.now.getTime() + grace * 1000 + CLAIM_MS) : null,
  };
  drains.set(ctx.defer, mine);
  ctx.defer(
    async (db: Db) => {
      drains.delete(ctx.defer);
      // After the wait, the request's instant moved on by it (the Worker's clock, so a moved
      // development clock holds here too): the rows held for the grace are due by then.
      const now = new Date(ctx.now.getTime() + waitMs);
      if (mine.all) await ctx.drain(db, now);
      // Held rows are invisible to a claim until their hold lapses: they always go by their keys.
      if (mine.until && mine.keys.size) await ctx.drain(db, now, { keys: [...mine.keys], until: mine.until });
    },
    { last: true, waitMs },
  );
  return mine;
}

/** Notices this context's commits hold for their games' timers, by game, handed over after the answer. */
const timerHolds = new WeakMap<ServiceCtx['defer'], Map<string, Set<string>>>();

/** Whether this context's commits hand their notices to each game's timer (a request, an inbound email, an alarm). */
function timersDeliver(ctx: ServiceCtx): boolean {
  return !!ctx.drainsAfter && ctx.clocks.timersDeliver;
}

/**
 * Until when a game's timer holds what this context's commits queue: the grace, then the
 * claim's length for the timer's drain to finish (after which the cron takes the rows).
 */
function timerHeldUntil(ctx: ServiceCtx): Date {
  return new Date(ctx.now.getTime() + ctx.config.notifyGraceSeconds * 1000 + CLAIM_MS);
}

/**
 * Hands `keys` (rows held until `timerHeldUntil`) to game `gameId`'s timer after the answer: one
 * call per game, however many commits the request made (a move, then the bots' moves it set off).
 */
function holdForTimer(ctx: ServiceCtx, gameId: string, keys: readonly string[]): void {
  let games = timerHolds.get(ctx.defer);
  if (!games) {
    const mine = new Map<string, Set<string>>();
    timerHolds.set(ctx.defer, (games = mine));
    ctx.defer(async () => {
      // Commits after this point (deferred bots' moves) start a new hand-over.
      timerHolds.delete(ctx.defer);
      const at = ctx.now.getTime() + ctx.config.notifyGraceSeconds * 1000;
      const until = timerHeldUntil(ctx).getTime();
      await Promise.all([...mine].map(([id, k]) => ctx.clocks.holdNotices(id, { at, until, keys: [...k] })));
    });
  }
  const held = games.get(gameId) ?? new Set<string>();
  for (const k of keys) held.add(k);
  games.set(gameId, held);
}

/**
 * The shortest grace for which a commit hands its notices to its game's timer before it commits:
 * the batch is then delivered this long after a commit that lands within milliseconds. A
 * shorter grace hands them over after the commit, so the delivery never runs before its rows exist.
 */
export const HOLD_BEFORE_COMMIT_MIN_S = 5;

/**
 * For a commit whose notices its game's timer delivers (`timersDeliver`): the batch to hand it
 * with the commit's version, before the commit (`CommitNews.held`), so no call follows the
 * answer; null where the timers do not deliver or the grace is under `HOLD_BEFORE_COMMIT_MIN_S`
 * (then `scheduleDrain` after the commit). Rows of a commit slower than the grace, or one that
 * failed, are not there when the batch is delivered: the cron takes the first once their claim
 * lapses, and the second never existed.
 */
export function timerBatch(ctx: ServiceCtx, keys: readonly string[]): HeldBatch | null {
  if (!timersDeliver(ctx) || keys.length === 0 || ctx.config.notifyGraceSeconds < HOLD_BEFORE_COMMIT_MIN_S) return null;
  return { at: ctx.now.getTime() + ctx.config.notifyGraceSeconds * 1000, until: timerHeldUntil(ctx).getTime(), keys: [...keys] };
}

/**
 * For a commit about to queue notices: until when to queue them already claimed, for the game's
 * timer to deliver at the grace's end (`timersDeliver`) or for this request's own drain (either
 * reads them by key, with no claim to write); or null - the grace is left to the cron, or this
 * context runs no drain after it (the cron's own pass delivers).
 */
export function holdNotices(ctx: ServiceCtx): Date | null {
  if (timersDeliver(ctx)) return timerHeldUntil(ctx);
  if (!ctx.drainsAfter || ctx.config.notifyGraceSeconds > MAX_INLINE_GRACE_S) return null;
  return requestDrain(ctx, ctx.config.notifyGraceSeconds * 1000).until;
}

/**
 * Has delivered what a commit queued: `keys`, the dedupe keys of rows it holds (`holdNotices`)
 * for game `gameId`, or without keys everything due. Where games have timers, the game's timer
 * delivers held rows at the grace's end (a Durable Object alarm: the request does not wait).
 * Elsewhere the request delivers right after the answer, with a grace period first waiting it
 * out (inside `waitUntil`) so a player watching the game is marked as having seen it; a grace
 * longer than `MAX_INLINE_GRACE_S` is then left to the cron.
 */
export function scheduleDrain(ctx: ServiceCtx, keys?: readonly string[], gameId?: string): void {
  if (keys && gameId && timersDeliver(ctx)) return holdForTimer(ctx, gameId, keys);
  if (ctx.config.notifyGraceSeconds > MAX_INLINE_GRACE_S) return;
  const drain = requestDrain(ctx, ctx.config.notifyGraceSeconds * 1000);
  if (keys && drain.until) for (const k of keys) drain.keys.add(k);
  else drain.all = true;
}

/** Delivers everything due now, after the answer (sign-in emails, test messages); joins a drain the request already scheduled. */
export function drainSoon(ctx: ServiceCtx): void {
  requestDrain(ctx, 0).all = true;
}
