/**
 * The state of one form's submission, the one helper every settings form shares: whether it is on
 * its way (the button waits), and what the last attempt said (a confirmation, a problem found before
 * sending, or the error in the server's words). A reactive controller: the form redraws when it changes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { messageOf } from './api';

export class FormState implements ReactiveController {
  /** A submission is on its way. */
  busy = false;
  /** What the last attempt said, or null. */
  said: { ok: boolean; text: string } | null = null;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  /**
   * Runs `work` unless a submission is already on its way; the sentence it returns (if any)
   * confirms it, an error it throws is said (after `failed` had a look at it, e.g. to mark a field).
   */
  async run(work: () => Promise<string | undefined>, failed?: (err: unknown) => void): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.said = null;
    this.host.requestUpdate();
    try {
      const text = await work();
      if (text) this.said = { ok: true, text };
    } catch (err) {
      failed?.(err);
      this.said = { ok: false, text: messageOf(err) };
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  /** Says `text` without sending (a problem found in the form, or a note). */
  say(ok: boolean, text: string): void {
    this.said = { ok, text };
    this.host.requestUpdate();
  }

  clear(): void {
    if (!this.said) return;
    this.said = null;
    this.host.requestUpdate();
  }
}
