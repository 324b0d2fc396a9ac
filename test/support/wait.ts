/**
 * Waiting in tests: for something to be there, never for time to pass. `until` looks again and
 * again until its probe returns a value (or throws when the time is up, naming what it waited
 * for); `pause` is the breath between two looks of a poll loop written out by hand. Neither ever
 * proves that something did NOT happen: a test shows an absence with a counter or a final state
 * it can read (a delivered outbox row, a request count), or with fake timers.
 */

/** Waits until `probe` returns something other than undefined, looking every `intervalMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 15_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(intervalMs);
  }
}

/** The breath between two looks of a poll loop (ms). Not a way to let time pass for a proof. */
export function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
