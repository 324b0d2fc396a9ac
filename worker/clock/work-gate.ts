import { DurableObject } from 'cloudflare:workers';

/** How long an admitted pass may hold its place before it counts as gone (ms). */
const LEASE_MS = 60_000;

/**
 * One object (`idFromName('passes')`) that admits at most `limit` game passes (alarms of
 * `GameTimer`) at a time, so thousands of clocks due in the same minute go through the database
 * a few at a time and ordinary requests still get their turn. A pass not admitted tries again a
 * moment later. Its places live in memory: an object that is evicted forgets them, which at
 * worst lets a few more passes in for a moment.
 */
export class WorkGate extends DurableObject {
  private readonly running = new Map<string, number>();
  /** Keys turned away lately, and when: how long the queue is. */
  private readonly waiting = new Map<string, number>();

  /**
   * Takes a place for `key` at `now` (epoch ms) if fewer than `limit` are taken: `retryMs` 0.
   * Otherwise how long to wait before asking again, longer the more passes wait, so a queue of
   * thousands asks about as often as places come free.
   */
  async enter(key: string, limit: number, now: number): Promise<{ retryMs: number }> {
    for (const [k, until] of this.running) if (until < now) this.running.delete(k);
    for (const [k, at] of this.waiting) if (at < now - 30_000) this.waiting.delete(k);
    if (!this.running.has(key) && this.running.size >= limit) {
      this.waiting.set(key, now);
      // About 250 ms per pass ahead of this one in each place, spread so they do not come back together.
      const ahead = Math.ceil(this.waiting.size / limit);
      return { retryMs: Math.min(30_000, 250 * ahead) * (0.5 + Math.random()) + 100 };
    }
    this.waiting.delete(key);
    this.running.set(key, now + LEASE_MS);
    return { retryMs: 0 };
  }

  /** Gives `key`'s place back. */
  async leave(key: string): Promise<void> {
    this.running.delete(key);
  }

  /** Places taken now (tests, logs). */
  async taken(): Promise<number> {
    return this.running.size;
  }
}
