/**
 * True for a Postgres unique/primary-key violation (SQLSTATE 23505), whichever driver raised it
 * (PGlite, Neon) and whether or not Drizzle wrapped it.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}
