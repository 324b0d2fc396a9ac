/**
 * PollController: a Lit reactive controller that keeps one JSON resource fresh by polling it.
 *
 * - Sends `If-None-Match` with the last `ETag`, so an unchanged resource costs a 304.
 * - Polls every `visibleMs` (~3 s) while the tab is visible, every `fastMs` (~1 s) while the host
 *   says something is about to change (a bot is moving), every `hiddenMs` (~3 min) while the tab is
 *   hidden (notifications cover a background tab), and at once when the tab becomes visible again
 *   or the browser says it is back online. Each wait is spread by +-`jitter` so many open tabs do
 *   not poll in step.
 * - Tells the server whether the player can see the page: `X-Page-Visible: 1` while the tab is
 *   visible, `0` while it is hidden. Only a visible fetch marks a game's version as seen (which
 *   cancels the pending "your turn" email), so a background tab never swallows a notification.
 * - When the tab becomes visible again it fetches once WITHOUT `If-None-Match`: a 304 would not
 *   reach the code that marks the version seen, and the version the player now looks at may be
 *   one a hidden poll already fetched. Conditional polling resumes after that fetch succeeds.
 * - Backs off exponentially after failures (network errors, 5xx, 429, timeouts), up to
 *   `maxBackoffMs`; a request that has no answer after `timeoutMs` is aborted and counts as one.
 * - Pauses while `url()` returns null (`resume()` polls at once when it no longer does), and stops
 *   when the host element is disconnected.
 *
 * The host reads `controller.data` in `render()`; `accept()` lets it install a newer copy it got
 * another way (the body of a move's 200 or 409) without waiting for the next poll.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, readResponse } from './api';
import { reportReachable } from './connectivity';
import { takePrefetched } from './prefetch';

/** Poll waits in milliseconds; `jitter` is a fraction (0.2 = each wait is 80%..120% of its value). */
export interface PollTiming {
  visibleMs: number;
  hiddenMs: number;
  maxBackoffMs: number;
  fastMs: number;
  timeoutMs: number;
  jitter: number;
}

export const DEFAULT_TIMING: PollTiming = {
  visibleMs: 3_000,
  hiddenMs: 180_000,
  maxBackoffMs: 120_000,
  fastMs: 1_000,
  timeoutMs: 10_000,
  jitter: 0.2,
};

/** The `X-Page-Visible` header value for a document visibility state. */
export function pageVisibleHeader(visibilityState: DocumentVisibilityState | string): '1' | '0' {
  return visibilityState === 'visible' ? '1' : '0';
}

/**
 * The request headers of one poll: the ETag only when a conditional request is allowed.
 * Pure, so the visibility rule is tested without a browser.
 */
export function pollHeaders(
  etag: string | null,
  visibilityState: DocumentVisibilityState | string,
  unconditional: boolean,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-page-visible': pageVisibleHeader(visibilityState) };
  if (etag && !unconditional) headers['if-none-match'] = etag;
  return headers;
}

/**
 * The wait before the next poll, before jitter. Failures double the wait up to `maxBackoffMs`, but
 * never make it shorter than the plain wait (a hidden tab's 3 min stays 3 min). Pure, so it is
 * tested without timers or a DOM.
 */
export function nextPollDelay(hidden: boolean, failures: number, timing: Partial<PollTiming> = DEFAULT_TIMING, fast = false): number {
  const t = { ...DEFAULT_TIMING, ...timing };
  const base = hidden ? t.hiddenMs : fast ? t.fastMs : t.visibleMs;
  if (failures <= 0) return base;
  return Math.max(base, Math.min(t.maxBackoffMs, base * 2 ** Math.min(failures, 16)));
}

/** `ms` spread uniformly over +-`jitter` of itself; `random` is a number in [0, 1). */
export function withJitter(ms: number, jitter: number, random: number = Math.random()): number {
  return Math.round(ms * (1 - jitter + 2 * jitter * random));
}

export interface PollOptions<T> {
  /** The resource to poll, or null to pause (checked again on every tick and `refresh()`). */
  url: () => string | null;
  /** Called with each new body (never for a 304). */
  onData?: (data: T) => void;
  /** Called for every failed poll; 4xx answers are not retried faster than the backoff. */
  onError?: (err: ApiError) => void;
  timing?: Partial<PollTiming>;
  /** True while the host expects a change soon (a bot is moving): poll every `fastMs`. */
  fast?: () => boolean;
}

export class PollController<T> implements ReactiveController {
  /** The latest body, or undefined before the first successful poll. */
  data: T | undefined = undefined;
  /** The last error, cleared by the next successful poll. */
  error: ApiError | null = null;
  /** Consecutive failed polls. */
  failures = 0;
  private etag: string | null = null;
  /** Set when the tab becomes visible: the next fetch goes without If-None-Match. */
  private unconditional = false;
  private lastUrl: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: AbortController | null = null;
  private connected = false;
  /** The last poll found no URL: it waits for the next tick (or `resume()`). */
  private paused = false;
  private readonly timing: PollTiming;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: PollOptions<T>,
  ) {
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.onOnline);
    void this.refresh();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    this.clearTimer();
    this.inflight?.abort();
    this.inflight = null;
  }

  /** Installs data obtained another way; the next poll then fetches in full (no ETag). */
  accept(data: T): void {
    // A poll still in flight may carry an older copy: drop it.
    this.inflight?.abort();
    this.inflight = null;
    this.data = data;
    this.etag = null;
    this.error = null;
    this.failures = 0;
    this.host.requestUpdate();
    this.schedule();
  }

  /** Forgets the data and ETag (for example when the host now shows another game). */
  reset(): void {
    this.inflight?.abort();
    this.inflight = null;
    this.data = undefined;
    this.etag = null;
    this.unconditional = false;
    this.error = null;
    this.failures = 0;
    this.lastUrl = null;
  }

  /** Polls now (cancelling the pending timer), then schedules the next poll. */
  async refresh(): Promise<void> {
    this.clearTimer();
    if (!this.connected) return;
    const url = this.options.url();
    this.paused = url === null;
    if (url === null) {
      this.schedule();
      return;
    }
    if (url !== this.lastUrl) {
      this.etag = null;
      this.lastUrl = url;
    }
    this.inflight?.abort();
    const ctrl = new AbortController();
    this.inflight = ctrl;
    // A request with no answer in time is given up and counts as a failure (then backoff).
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.timing.timeoutMs);
    // Read the visibility when the request leaves: that is what the server should know.
    const visible = document.visibilityState === 'visible';
    const unconditional = this.unconditional && visible;
    try {
      const headers = pollHeaders(this.etag, document.visibilityState, unconditional);
      let res: Response;
      try {
        // The first poll of a page opened at this URL may find its answer already on the way (client/prefetch.ts).
        const early = this.etag === null ? takePrefetched(url, ctrl.signal) : null;
        res = await (early ?? fetch(url, { headers, signal: ctrl.signal, credentials: 'same-origin', cache: 'no-store' }));
      } catch {
        if (ctrl.signal.aborted && !timedOut) return;
        reportReachable(false);
        throw new ApiError(
          0,
          'network',
          timedOut ? 'The server did not answer in time; retrying.' : 'Could not reach the server; retrying.',
        );
      }
      reportReachable(true);
      if (ctrl.signal.aborted && !timedOut) return;
      if (res.status !== 304) {
        const body = await readResponse<T>(res, url);
        if (ctrl.signal.aborted && !timedOut) return;
        const etag = res.headers.get('etag');
        // An unconditional fetch of what we already have changes nothing on screen.
        const same = etag !== null && etag === this.etag && this.data !== undefined;
        this.etag = etag;
        if (!same) {
          this.data = body;
          this.options.onData?.(body);
        }
      }
      if (unconditional) this.unconditional = false;
      this.failures = 0;
      this.error = null;
    } catch (err) {
      if (ctrl.signal.aborted && !timedOut) return;
      this.failures += 1;
      this.error = err instanceof ApiError ? err : new ApiError(0, 'client', String(err));
      this.options.onError?.(this.error);
    } finally {
      clearTimeout(timeout);
      if (this.inflight === ctrl) {
        this.inflight = null;
        this.host.requestUpdate();
        this.schedule();
      }
    }
  }

  private schedule(): void {
    this.clearTimer();
    if (!this.connected) return;
    const delay = nextPollDelay(document.visibilityState === 'hidden', this.failures, this.timing, this.options.fast?.() ?? false);
    this.timer = setTimeout(() => void this.refresh(), withJitter(delay, this.timing.jitter));
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Back online: poll at once rather than wait out a backoff. */
  private readonly onOnline = (): void => {
    this.failures = 0;
    void this.refresh();
  };

  /**
   * Polls now if the last poll found no URL and `url()` now gives one: the host learned what its
   * URL needs after it was connected (an element upgraded when its chunk arrived gets its
   * properties on its first update, after `hostConnected` polled), so it need not wait a tick.
   */
  resume(): void {
    if (this.connected && this.paused && this.options.url() !== null) void this.refresh();
  }

  /** Polls soon with the current `fast()` answer (after the host learns a bot must move). */
  reschedule(): void {
    if (!this.inflight) this.schedule();
  }

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'visible') {
      this.unconditional = true;
      void this.refresh();
    } else if (!this.inflight) this.schedule();
  };
}
