import { and, gt, inArray, sql } from 'drizzle-orm';
import { deliveryEndpoints } from '../../db/schema';
import type { Db } from '../../db/types';

/** Failed attempts in a row after which an endpoint is skipped for a while. */
export const BREAKER_THRESHOLD = 3;
/** How long an endpoint is skipped the first time the breaker opens; it doubles with each further failure, up to `BREAKER_MAX_OPEN_MS`. */
export const BREAKER_OPEN_MS = 15 * 60 * 1000;
export const BREAKER_MAX_OPEN_MS = 6 * 3600 * 1000;

/** An endpoint whose last attempts failed, as the settings page shows it. */
export interface EndpointTrouble {
  /** ISO instant of the first failure of the current run of failures. */
  failingSince: string;
  /** Failed attempts in a row. */
  failures: number;
  lastError: string;
  /** ISO instant until which nothing is sent there (the breaker is open); null while it is still tried. */
  pausedUntil: string | null;
}

/** The troubles of `endpoints` (webhook URLs, push endpoints) that have any, by endpoint. */
export async function endpointTroubles(db: Db, endpoints: readonly string[]): Promise<Map<string, EndpointTrouble>> {
  if (endpoints.length === 0) return new Map();
  const rows = await db
    .select()
    .from(deliveryEndpoints)
    .where(inArray(deliveryEndpoints.endpoint, [...new Set(endpoints)]));
  return new Map(
    rows.map((r) => [
      r.endpoint,
      {
        failingSince: r.failingSince.toISOString(),
        failures: r.failures,
        lastError: r.lastError,
        pausedUntil: r.openUntil?.toISOString() ?? null,
      },
    ]),
  );
}

/** Of `endpoints`, those whose breaker is open at `now`, with the instant it closes. */
export async function openBreakers(db: Db, endpoints: readonly string[], now: Date): Promise<Map<string, Date>> {
  if (endpoints.length === 0) return new Map();
  const rows = await db
    .select({ endpoint: deliveryEndpoints.endpoint, openUntil: deliveryEndpoints.openUntil })
    .from(deliveryEndpoints)
    .where(and(inArray(deliveryEndpoints.endpoint, [...new Set(endpoints)]), gt(deliveryEndpoints.openUntil, now)));
  return new Map(rows.map((r) => [r.endpoint, r.openUntil!]));
}

/**
 * Records one attempt's end for the breaker, in one statement: a success forgets the endpoint's
 * failures; a failure counts one more and, from the `BREAKER_THRESHOLD`th in a row, opens the
 * breaker until `BREAKER_OPEN_MS` after `now`, doubled for each failure beyond the threshold
 * (at most `BREAKER_MAX_OPEN_MS`). The count is kept by the database, so concurrent drains add up.
 */
export async function recordAttempt(db: Db, endpoint: string, failure: string | null, now: Date): Promise<void> {
  if (failure === null) {
    await db.delete(deliveryEndpoints).where(sql`${deliveryEndpoints.endpoint} = ${endpoint}`);
    return;
  }
  const at = now.toISOString();
  const opened = (failures: unknown) =>
    sql`case when ${failures} >= ${BREAKER_THRESHOLD} then ${at}::timestamptz + least(${BREAKER_OPEN_MS}::bigint * (2 ^ least(${failures} - ${BREAKER_THRESHOLD}, 10))::bigint, ${BREAKER_MAX_OPEN_MS}::bigint) * interval '1 millisecond' end`;
  await db.execute(sql`insert into delivery_endpoints (endpoint, failures, failing_since, open_until, last_error)
    values (${endpoint}, 1, ${at}::timestamptz, ${opened(sql`1`)}, ${failure})
    on conflict (endpoint) do update set failures = delivery_endpoints.failures + 1, last_error = excluded.last_error,
      open_until = ${opened(sql`(delivery_endpoints.failures + 1)`)}`);
}
