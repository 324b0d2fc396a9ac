/**
 * "Step through what happened": the events since the seat last looked, played one at a time on
 * the live board's place, with back and forward. Each step draws the seat's view right after the
 * event (`GET /replay/:seq`) and marks what that event changed (the view before it, `seq - 1`).
 * The steps are the events of the "Since you last looked" lines (client/game-page/since-follow.ts),
 * oldest first, a move taken back left out.
 */
import type { ReactiveControllerHost } from 'lit';
import { api, messageOf } from '../api';
import type { LogEntry, ReplayStep, SeatInfo } from '../api-types';
import { clause } from './log-lines';

/** One step: the event and the lines it wrote. */
export interface Step {
  seq: number;
  lines: string[];
}

/** The steps of the card's entries: one per event (its lines together), oldest first, none taken back. Pure. */
export function stepsOf(entries: readonly LogEntry[], seats: readonly SeatInfo[]): Step[] {
  const steps: Step[] = [];
  for (const e of entries) {
    if (e.undone) continue;
    const last = steps.at(-1);
    if (last?.seq === e.seq) last.lines.push(clause(e, seats));
    else steps.push({ seq: e.seq, lines: [clause(e, seats)] });
  }
  return steps.sort((a, b) => a.seq - b.seq);
}

export class StepThrough {
  /** Open: the board shows step `index` of `steps` instead of the live game. */
  open = false;
  steps: Step[] = [];
  index = 0;
  /** The view after the step's event, and before it (for its marks); null while loading. */
  view: unknown = null;
  before: unknown = null;
  error: string | null = null;
  private frames = new Map<number, Promise<unknown>>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly base: () => string,
  ) {}

  /** Opens at the first step (nothing when there are none). */
  start(steps: Step[]): void {
    if (!steps.length) return;
    this.steps = steps;
    this.open = true;
    this.frames.clear();
    void this.go(0);
  }

  /** Back to the live board. */
  close(): void {
    this.open = false;
    this.view = this.before = null;
    this.error = null;
    this.host.requestUpdate();
  }

  /** Goes to step `i` (kept within the steps). */
  async go(i: number): Promise<void> {
    const index = Math.min(this.steps.length - 1, Math.max(0, i));
    this.index = index;
    this.error = null;
    this.host.requestUpdate();
    const { seq } = this.steps[index];
    try {
      const [view, before] = await Promise.all([this.frame(seq), seq > 1 ? this.frame(seq - 1) : null]);
      if (!this.open || this.index !== index) return;
      this.view = view;
      this.before = before;
    } catch (err) {
      if (this.index === index) this.error = messageOf(err);
    }
    this.host.requestUpdate();
  }

  /** The seat's view right after event `seq` (asked once per step). */
  private frame(seq: number): Promise<unknown> {
    let f = this.frames.get(seq);
    if (!f) {
      f = api<ReplayStep>('GET', `${this.base()}/replay/${seq}`).then((r) => r.view);
      f.catch(() => this.frames.delete(seq));
      this.frames.set(seq, f);
    }
    return f;
  }
}
