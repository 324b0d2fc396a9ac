/**
 * Vacation days: every account has a balance it may spend to stop its clocks.
 *
 *   - a new account starts with 7 days;
 *   - on the first of every month (UTC) the balance grows by 1.75 days (21 a year);
 *   - the balance never exceeds 21 days (what is not taken within a year is not saved up);
 *   - a vacation is paid for as it is taken: its planned length when it starts, and whatever is
 *     left of it comes back when it ends early.
 *
 * Pure: balances are milliseconds, instants epoch ms.
 */
const DAY_MS = 24 * 3600 * 1000;

/** A new account's balance. */
export const STARTING_BALANCE_MS = 7 * DAY_MS;
/** What each month adds. */
export const MONTHLY_ACCRUAL_MS = 1.75 * DAY_MS;
/** The most a balance holds. */
export const MAX_BALANCE_MS = 21 * DAY_MS;

/** Whole months (first-of-month boundaries, UTC) passed from `from` to `to`. */
function monthStartsBetween(from: number, to: number): number {
  if (to <= from) return 0;
  const a = new Date(from);
  const b = new Date(to);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

/** The balance at `now` of one that was `balanceMs` at `asOf`, with the monthly accruals in between (capped). */
export function accruedBalance(balanceMs: number, asOf: number, now: number): number {
  const months = monthStartsBetween(asOf, now);
  if (months <= 0) return balanceMs;
  return Math.max(balanceMs, Math.min(MAX_BALANCE_MS, balanceMs + months * MONTHLY_ACCRUAL_MS));
}

/**
 * The balance after `refundMs` of a vacation not taken comes back: never past the cap (a planned
 * vacation paid before a month's accrual, then dropped, would otherwise hold more than 21 days),
 * and never less than before.
 */
export function refundedBalance(balanceMs: number, refundMs: number): number {
  return Math.max(balanceMs, Math.min(MAX_BALANCE_MS, balanceMs + refundMs));
}

/** Days, with one decimal, for people and the API (`daysLeft`). */
export function daysOf(ms: number): number {
  return Math.floor((ms / DAY_MS) * 10) / 10;
}
