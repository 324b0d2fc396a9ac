import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error the API answers with `{ error: { code, message } }` and `status`. Thrown from routes
 * and services; anything else becomes a logged 500 `internal` with no details.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra top-level fields for the body (a 409 carries the current state). */
    readonly extra?: Record<string, unknown>,
    /** Seconds to wait before trying again, sent as `Retry-After` (429). */
    readonly retryAfterS?: number,
    /** Extra fields of the `error` object itself (a stale move's `changed` lines). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The JSON body of an error answer; `details` go inside `error`, after `code` and `message`. */
export function errorBody(code: string, message: string, extra?: Record<string, unknown>, details?: Record<string, unknown>) {
  return { error: { code, message, ...details }, ...extra };
}

/** Seconds a 503 `database_unavailable` asks the client to wait (`Retry-After`). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * 503 `database_unavailable` with Retry-After: what every route answers when the database is
 * unreachable or out of connections (app.ts maps such errors here; `/api/ready` says it too).
 */
export function databaseUnavailable(): ApiError {
  return new ApiError(
    503,
    'database_unavailable',
    'The database cannot be reached right now; try again shortly.',
    undefined,
    DATABASE_RETRY_AFTER_S,
  );
}
