/**
 * Keeps a game's log (`GET /api/games/:id/log?after=`) in step with the state the page shows:
 * fetches the entries after the newest few it has (an undo marks recent entries undone), or all
 * of them after the player's own undo. Calls that overlap a running fetch make it go round once more, so the last
 * call always wins. A failed fetch is left for the next state change to retry (the log is
 * secondary to the board).
 */
import type { ReactiveControllerHost } from 'lit';
import { api } from '../api';
import type { Answer, LogEntry } from '../api-types';

/** Events fetched again on each update, to pick up `undone` marks of recent moves. */
const RECHECK_EVENTS = 8;

export class LogLoader {
  /** The entries, oldest first as the server sends them. */
  entries: LogEntry[] = [];
  /** The game version the entries were fetched for (-1: never). */
  version = -1;
  private loading = false;
  private again = false;
  private full = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The log's URL without `?after=`, or null when there is no game. */
    private readonly url: () => string | null,
  ) {}

  /** Forgets everything (another game). */
  reset(): void {
    this.entries = [];
    this.version = -1;
    this.again = this.full = false;
  }

  /** Fetches what is new for `want` (the version on screen); `full` refetches the whole log. */
  async load(want: number, full = false): Promise<void> {
    this.full ||= full;
    if (this.loading) {
      this.again = true;
      return;
    }
    this.loading = true;
    try {
      do {
        this.again = false;
        const all = this.full;
        this.full = false;
        const url = this.url();
        if (!url) return;
        // The last few events again: an undo since then marks their lines `undone`.
        const after = all || !this.entries.length ? 0 : Math.max(0, Math.max(...this.entries.map((e) => e.seq)) - RECHECK_EVENTS);
        const res = await api<Answer<'getGameLog'>>('GET', `${url}?after=${after}`);
        this.entries = [...this.entries.filter((e) => e.seq <= after), ...res.entries];
        this.version = want;
        this.host.requestUpdate();
      } while (this.again || this.full);
    } catch {
      /* the next state change retries */
    } finally {
      this.loading = false;
    }
  }
}
