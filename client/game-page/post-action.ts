/**
 * POSTs a game action (a move, undo, resign, rematch) with one Idempotency-Key for all attempts,
 * retrying network failures and 502/503 up to three times, so a flaky connection never applies a
 * move twice and rarely loses one. Other errors are thrown as they came (ApiError).
 */
import { ApiError, api, newIdempotencyKey } from '../api';

export async function postAction<T>(url: string, body: unknown, attempts = 3): Promise<T> {
  const key = newIdempotencyKey();
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<T>('POST', url, { body, headers: { 'idempotency-key': key } });
    } catch (err) {
      const retryable = err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 503);
      if (!retryable || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 400 * attempt));
    }
  }
}
