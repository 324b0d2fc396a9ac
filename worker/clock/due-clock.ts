import { DurableObject } from 'cloudflare:workers';
import { NEVER } from './notes';

interface Stored {
  /** Epoch ms of the earliest instant the cron has work; 0 = now. */
  due: number;
  /** The earliest instant noted since the running pass began (NEVER when none). */
  noted: number;
}

/**
 * The one schedule of the cron (`idFromName('schedule')`): the earliest instant anything
 * may be due (a reminder, a deadline, an outbox retry, a digest, a bot's turn, a stored answer
 * to forget). Commits only ever move it earlier (`earlier`); a cron pass `claim`s it, runs, then
 * `settle`s it to what Postgres says is next, keeping whatever was noted during the pass. An
 * idle tick is one call here and no Postgres at all. A fresh object says "due now", so the
 * first tick after a deploy recomputes.
 */
export class DueClock extends DurableObject {
  private async read(): Promise<Stored> {
    return (await this.ctx.storage.get<Stored>('s')) ?? { due: 0, noted: NEVER };
  }

  /** Something may be due at `at` (epoch ms): the instant moves there if that is earlier. */
  async earlier(at: number): Promise<void> {
    const s = await this.read();
    if (at >= s.due && at >= s.noted) return;
    await this.ctx.storage.put('s', { due: Math.min(s.due, at), noted: Math.min(s.noted, at) });
  }

  /** The cron's question: is anything due at `now`? If so, a pass begins (notes from here on are kept). */
  async claim(now: number): Promise<{ run: boolean; due: number }> {
    const s = await this.read();
    if (s.due > now) return { run: false, due: s.due };
    await this.ctx.storage.put('s', { due: s.due, noted: NEVER });
    return { run: true, due: s.due };
  }

  /** After a pass: the next instant Postgres says is due, or earlier if a commit noted one meanwhile. */
  async settle(next: number): Promise<number> {
    const s = await this.read();
    const due = Math.min(next, s.noted);
    await this.ctx.storage.put('s', { due, noted: NEVER });
    return due;
  }

  /** The stored instant (tests, the bench). */
  async peek(): Promise<number> {
    return (await this.read()).due;
  }
}
