import type { Db } from '../../db/types';
import type { ServiceCtx } from '../types';
import { CLAIM_MS } from '../notices/outbox';

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

/**
 * For a commit about to queue notices: until when to queue them already claimed for this request's
 * drain (the drain then reads them by key, with no claim to write), or null - the grace is
 * left to the cron, or this context runs no drain after it (the cron's own pass delivers).
 */
export function holdNotices(ctx: ServiceCtx): Date | null {
  if (!ctx.drainsAfter || ctx.config.notifyGraceSeconds > MAX_INLINE_GRACE_S) return null;
  return requestDrain(ctx, ctx.config.notifyGraceSeconds * 1000).until;
}

/**
 * Delivers right after the answer what a commit queued: `keys`, the dedupe keys of rows it holds
 * (`holdNotices`), or without keys everything due. With a grace period, waits it out first
 * (inside `waitUntil`) so a player watching the game is marked as having seen it; a grace longer
 * than `MAX_INLINE_GRACE_S` is left to the cron.
 */
export function scheduleDrain(ctx: ServiceCtx, keys?: readonly string[]): void {
  if (ctx.config.notifyGraceSeconds > MAX_INLINE_GRACE_S) return;
  const drain = requestDrain(ctx, ctx.config.notifyGraceSeconds * 1000);
  if (keys && drain.until) for (const k of keys) drain.keys.add(k);
  else drain.all = true;
}

/** Delivers everything due now, after the answer (sign-in emails, test messages); joins a drain the request already scheduled. */
export function drainSoon(ctx: ServiceCtx): void {
  requestDrain(ctx, 0).all = true;
}
