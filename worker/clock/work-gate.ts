import { DurableObject } from 'cloudflare:workers';
import type { ClockBindings } from './notes';

/** How long an admitted pass may hold its place before it counts as gone (ms). */
const LEASE_MS = 60_000;

/** What a pass is taken to last before any has been timed (ms). */
const FIRST_PASS_MS = 250;
/** Weight of the newest pass in the running mean of pass times. */
const PASS_MS_WEIGHT = 0.1;
/** Longest wait handed out (ms): a pass asks again at least this often. */
const MAX_RETRY_MS = 30_000;
/** How long a place handed on to a waiting pass is kept for it before another may take it (ms). */
const HANDED_MS = 5_000;

/**
 * One object (`idFromName('passes')`) that admits at most `limit` game passes (alarms of
 * `GameTimer`) at a time, so thousands of clocks due in the same minute go through the database
 * a few at a time and ordinary requests still get their turn. A pass not admitted is told when
 * its turn should come: the passes waiting ahead of it (in the order they first asked) times the
 * mean time a pass has held its place, shared among the places. A place that comes free is
 * handed on at once to the pass that has waited longest: kept for it and its game's timer woken
 * (`GameTimer.wake`), so no place stands empty until a waiting pass's own retry comes round, as
 * it did while a burst's last passes waited out their estimates. Its places live in memory: an
 * object that is evicted forgets them, which at worst lets a few more passes in.
 */
export class WorkGate extends DurableObject<ClockBindings> {
  /**
   * Admitted keys: when their lease lapses and when they entered (epoch ms); `handed` while a
   * place handed on waits for its pass to come and take it.
   */
  private readonly running = new Map<string, { until: number; since: number; handed?: boolean }>();
  /** Keys turned away and not yet admitted, in the order they first asked, with when they last asked. */
  private readonly waiting = new Map<string, number>();
  /** Running mean of how long an admitted pass held its place (ms). */
  private passMs = FIRST_PASS_MS;

  /**
   * Takes a place for `key` at `now` (epoch ms) if fewer than `limit` are taken: `retryMs` 0.
   * Otherwise how long to wait before asking again (ms, at most 30 s).
   */
  async enter(key: string, limit: number, now: number): Promise<{ retryMs: number }> {
    for (const [k, r] of this.running) if (r.until < now) this.running.delete(k);
    for (const [k, at] of this.waiting) if (at < now - 2 * MAX_RETRY_MS) this.waiting.delete(k);
    if (!this.running.has(key) && this.running.size >= limit) {
      let ahead = 0;
      for (const k of this.waiting.keys()) {
        if (k === key) break;
        ahead++;
      }
      this.waiting.set(key, now);
      // The place this one waits for comes free after the `ahead` before it have had theirs.
      const wait = ((ahead + 1) * this.passMs) / limit;
      return { retryMs: Math.round(Math.min(MAX_RETRY_MS, wait) * (0.9 + 0.2 * Math.random()) + 20) };
    }
    this.waiting.delete(key);
    this.running.set(key, { until: now + LEASE_MS, since: now });
    return { retryMs: 0 };
  }

  /** Gives `key`'s place back and hands it on to the pass waiting longest; `now` (epoch ms), when given, times the pass. */
  async leave(key: string, now?: number): Promise<void> {
    const r = this.running.get(key);
    this.running.delete(key);
    if (r && now !== undefined && now >= r.since && !r.handed) this.passMs += PASS_MS_WEIGHT * (now - r.since - this.passMs);
    this.handOn(Date.now());
  }

  /**
   * Keeps a free place for the pass that has waited longest and wakes its game's timer, whose
   * `enter` then takes it. Without a timer to wake (none bound, or it has no pass waiting any
   * more) the place goes to the next in line. Does not wait for the wake call.
   */
  private handOn(now: number): void {
    const timers = this.env.GAME_TIMER;
    const first = this.waiting.keys().next();
    if (!timers || first.done) return;
    const key = first.value;
    this.waiting.delete(key);
    this.running.set(key, { until: now + HANDED_MS, since: now, handed: true });
    const unused = () => {
      if (!this.running.get(key)?.handed) return;
      this.running.delete(key);
      this.handOn(Date.now());
    };
    timers
      .get(timers.idFromName(key))
      .wake()
      .then((woken) => (woken ? undefined : unused()), unused);
  }

  /** Places taken now (tests, logs). */
  async taken(): Promise<number> {
    return this.running.size;
  }
}
