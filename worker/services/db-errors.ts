/**
 * True when `err`, or an error it wraps (Drizzle's query error, the driver's), carries Postgres
 * SQLSTATE `state`, whichever driver raised it (PGlite, Neon).
 */
export function hasSqlState(err: unknown, state: string): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === state) return true;
  }
  return false;
}

/** True for a Postgres unique/primary-key violation (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, '23505');
}

/**
 * True for a foreign-key violation (SQLSTATE 23503) on a reference to `users` by the acting
 * account's column (a seat's player, a line's author, a report's reporter): a request wrote a
 * row for an account that was deleted meanwhile (it passed its session check before the deletion
 * ended its sessions). The request answers 401 `unauthenticated` (app.ts), as it would a moment later.
 */
export function isVanishedAccount(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code !== '23503') continue;
    const named = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
    return /_(user_id|author_id|reporter_id|invited_by)_users_id_fk\b/.test(named);
  }
  return false;
}

/**
 * SQLSTATEs that say the database cannot serve us now, not that the statement was wrong: class 08
 * (connection exception), 53 (insufficient resources: 53300 too many connections), 57P01-57P03
 * (administrator or crash shutdown, cannot connect now).
 */
const UNAVAILABLE_STATE = /^(08|53|57P0[123])/;
/** Socket-level error codes of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * What the drivers say when there is no connection (pg-pool, the Neon WebSocket, workerd's
 * sockets, the Neon HTTP query when its endpoint or the database behind it cannot be reached).
 */
const UNAVAILABLE_MESSAGE =
  /connection (terminated|refused|timeout|ended|is closed|error)|(could not connect|error connecting) to (the )?database|terminating connection|websocket|network connection lost|socket hang up|timeout exceeded when trying to connect|too many clients|remaining connection slots|the database system is (starting up|shutting down|in recovery mode)|cannot use a pool after calling end|client has encountered a connection error/i;

/**
 * True when `err` (or an error it wraps: Drizzle's query error, the driver's) says the database is
 * unreachable or out of connections, for PGlite behind the bridge, Neon and PostgreSQL alike.
 * Requests then answer 503 `database_unavailable` (app.ts) rather than 500: nothing was wrong
 * with them, and trying again shortly may work.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 6;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^[0-9A-Z]{5}$/.test(code)) {
      if (UNAVAILABLE_STATE.test(code)) return true;
      continue;
    }
    if (NETWORK_CODES.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}
