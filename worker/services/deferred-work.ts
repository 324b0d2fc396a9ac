import type { Db } from '../../db/types';
import type { ServiceCtx } from '../types';

/** A database for one piece of work, and how to let go of it. */
export interface OpenedDb {
  db: Db;
  release?: () => Promise<void>;
}

type Task = { run: (db: Db) => Promise<unknown>; waitMs: number };

/**
 * The work a request, a cron pass, an inbound email or an alarm leaves for after its answer
 * (`ServiceCtx.defer`: bots' moves, the outbox drain). `run()` does it: the tasks in order on
 * the first connection (tasks may defer more tasks: it runs until none is left), then the one
 * `last` task (the drain, after everything it should deliver). A task that must first wait (the
 * notification grace) releases the connection, waits, and runs on a connection of its own, so no
 * connection is held idle. A failed task is logged and the rest go on.
 */
export function deferredWork(first: OpenedDb, open: () => OpenedDb) {
  const tasks: Task[] = [];
  let last: Task | null = null;
  const defer: ServiceCtx['defer'] = (run, opts) => {
    const task = { run, waitMs: opts?.waitMs ?? 0 };
    if (!opts?.last) tasks.push(task);
    else last ??= task;
  };
  async function run(): Promise<void> {
    let released = false;
    const releaseFirst = async () => {
      if (!released) await first.release?.();
      released = true;
    };
    const one = async (task: Task) => {
      if (task.waitMs > 0) {
        await releaseFirst();
        await new Promise((r) => setTimeout(r, task.waitMs));
      }
      const own = released ? open() : first;
      await task.run(own.db).catch((err) => console.error('deferred task failed', err));
      if (released) await own.release?.();
    };
    for (let task = tasks.shift(); task; task = tasks.shift()) await one(task);
    const final = last;
    if (final) await one(final);
    await releaseFirst();
  }
  return { defer, run };
}
