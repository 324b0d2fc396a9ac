import { AsyncLocalStorage } from 'node:async_hooks';
import type { DueClock } from './due-clock';
import type { GameVersions } from './game-versions';

/** What a `GameVersions` object knows of one viewer: enough to rebuild the ETag the database would give. */
export interface KnownViewer {
  version: number;
  user: string | null;
  seat: number | null;
  /** The seat's seen mark (null for a watcher). */
  mark: number | null;
}

/** A version (and seat marks) the database has, or is about to have. */
export interface VersionNote {
  version: number;
  /** seat -> seen mark */
  marks?: Record<number, number>;
}

/** A session allowed to read the game: `key` is its token's SHA-256 hex, or '-' without one. */
export interface ViewerNote {
  key: string;
  user: string | null;
  seat: number | null;
}

/** The Durable Object namespaces bound by wrangler.toml (absent in-process: then nothing is noted). */
export interface ClockBindings {
  GAME_VERSIONS?: DurableObjectNamespace<GameVersions>;
  DUE_CLOCK?: DurableObjectNamespace<DueClock>;
  GAME_TIMER?: DurableObjectNamespace<GameTimerStub>;
}

/** What callers use of a game's timer (worker/clock/game-timer.ts). */
export interface GameTimerStub extends Rpc.DurableObjectBranded {
  schedule(gameId: string, at: number | null): Promise<void>;
}

/** The cron's "nothing known to be due" instant (a number, so storage keeps it exactly; past Date's range). */
export const NEVER = Number.MAX_SAFE_INTEGER;

const current = new AsyncLocalStorage<ClockBindings>();

/** Runs `fn` (a request, a cron run, an email) with the clock bindings of `env` in reach of `noteCommit`. */
export function withClocks<T>(env: ClockBindings, fn: () => T): T {
  return current.run({ GAME_VERSIONS: env.GAME_VERSIONS, DUE_CLOCK: env.DUE_CLOCK, GAME_TIMER: env.GAME_TIMER }, fn);
}

/** The game's `GameVersions` object, or null where none is bound. */
export function versionsOf(env: ClockBindings | undefined, gameId: string) {
  const ns = env?.GAME_VERSIONS;
  return ns ? ns.get(ns.idFromName(gameId)) : null;
}

/** The cron's `DueClock`, or null where none is bound. */
export function dueClockOf(env: ClockBindings | undefined) {
  const ns = env?.DUE_CLOCK;
  return ns ? ns.get(ns.idFromName('schedule')) : null;
}

/**
 * Called by `appendEvent` BEFORE it commits event `version`: the game's `GameVersions`
 * learns the version (and the acting seat's mark), so a 304 can never confirm an older one once
 * the commit is visible; and the cron's `DueClock` learns that something may be due at `dueAt`
 * (the cron's next pass recomputes the exact instant from Postgres). Both in parallel, and
 * neither fails the commit: a version note that fails makes the object forget the game (and it
 * answers no lookup meanwhile, game-versions.ts), so the next polls cost a full answer instead
 * of a stale 304; a due note that fails is tried once more and logged. A no-op without bindings
 * (in-process tests, scripts).
 */
export async function noteCommit(gameId: string, note: VersionNote, dueAt: Date): Promise<void> {
  const env = current.getStore();
  if (!env) return;
  const versions = versionsOf(env, gameId);
  const due = dueClockOf(env);
  await Promise.all([
    versions ? noteVersion(versions, gameId, note) : undefined,
    due
      ?.earlier(dueAt.getTime())
      .catch(() => due.earlier(dueAt.getTime()))
      .catch((err: unknown) => console.error('due clock: commit note failed', err)),
  ]);
}

/** Notes `note` in the game's object; when that fails, makes it forget the game. Never throws. */
async function noteVersion(versions: NonNullable<ReturnType<typeof versionsOf>>, gameId: string, note: VersionNote): Promise<void> {
  try {
    await versions.note({ ...note, now: Date.now() });
    return;
  } catch (err) {
    console.error(`game versions: note of ${gameId} v${note.version} failed; forgetting the game`, err);
  }
  await versions.forget().catch((err: unknown) =>
    // The object refuses writes altogether: it also answers no lookup until one succeeds.
    console.error(`game versions: forgetting ${gameId} failed too`, err),
  );
}

/** Something outside a commit will be due at `at` (an outbox retry): moves the cron's instant earlier. Best effort. */
export async function noteDue(at: Date): Promise<void> {
  const due = dueClockOf(current.getStore());
  if (!due) return;
  await due.earlier(at.getTime()).catch((err: unknown) => console.error('due clock: note failed', err));
}

/**
 * The game's clocks come due next at `at` (null: never): its timer's alarm moves there, so the
 * instant is met within seconds. Best effort: the cron passes over due games anyway.
 */
export async function noteGameDue(gameId: string, at: Date | null): Promise<void> {
  const ns = current.getStore()?.GAME_TIMER;
  if (!ns) return;
  await ns
    .get(ns.idFromName(gameId))
    .schedule(gameId, at === null ? null : at.getTime())
    .catch((err: unknown) => console.error('game timer: schedule failed', err));
}
