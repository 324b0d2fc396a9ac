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

/** What callers use of a game's timer (worker/scheduled/game-timer.ts). */
export interface GameTimerStub extends Rpc.DurableObjectBranded {
  schedule(gameId: string, at: number | null): Promise<void>;
  ensure(gameId: string, at: number, slackMs: number): Promise<void>;
  hold(gameId: string, batch: HeldBatch): Promise<void>;
  wake(): Promise<boolean>;
}

/**
 * Notices a commit queued already claimed for its game's timer: delivered by the timer's alarm at
 * `at` (the end of the notification grace), found by their dedupe `keys` and their claim, which
 * lasts until `until` (then the cron takes them). Instants are epoch ms, the Worker's time.
 */
export interface HeldBatch {
  at: number;
  until: number;
  keys: string[];
}

/** What the cron calls on an outbox drain lane (worker/scheduled/fan-out.ts). */
export interface OutboxDrainStub extends Rpc.DurableObjectBranded {
  start(): Promise<void>;
}

/** The cron's "nothing known to be due" instant (a number, so storage keeps it exactly; past Date's range). */
export const NEVER = Number.MAX_SAFE_INTEGER;

/**
 * What a commit, a delivery or a clock pass tells the Durable Objects (a service context's
 * `clocks`): each call is best effort and never throws; all are no-ops where nothing is bound
 * (in-process tests, scripts).
 */
export interface ClockNotes {
  /**
   * Called by `appendEvent` BEFORE it commits event `note.version`: the game's `GameVersions`
   * learns the version (and the acting seat's mark), so a 304 can never confirm an older one once
   * the commit is visible; and the cron's `DueClock` learns that something may be due at `dueAt`
   * (the cron's next pass recomputes the exact instant from Postgres). Both in parallel, and
   * neither fails the commit: a version note that fails makes the object forget the game (and it
   * answers no lookup meanwhile, game-versions.ts), so the next polls cost a full answer instead
   * of a stale 304; a due note that fails is tried once more and logged.
   */
  commit(gameId: string, note: VersionNote, dueAt: Date): Promise<void>;
  /**
   * Makes the games' `GameVersions` objects forget what they know (the sessions they trust with a
   * 304 among it), so a session that just ended - its account suspended or deleted - gets no 304
   * but the 401 of the database path at once. The next polls of those games cost a full answer.
   */
  forget(gameIds: readonly string[]): Promise<void>;
  /** Something outside a commit will be due at `at` (an outbox retry): moves the cron's instant earlier. */
  due(at: Date): Promise<void>;
  /** The game's clocks come due next at `at` (null: never): its timer's alarm moves there, so the instant is met within seconds. */
  gameDue(gameId: string, at: Date | null): Promise<void>;
  /**
   * Whether each game has a timer that delivers its commits' notices (`holdNotices`): true where
   * GAME_TIMER is bound; elsewhere a request delivers them itself after its answer.
   */
  readonly timersDeliver: boolean;
  /**
   * Hands notices a commit queued (claimed until `batch.until`) to the game's timer, which
   * delivers them at `batch.at`. Best effort: when the call fails, the cron is told to look once
   * the claim lapses, and delivers them then.
   */
  holdNotices(gameId: string, batch: HeldBatch): Promise<void>;
}

/**
 * The clock notes of a Worker's bindings `env`; `nowMs` (epoch ms) stamps version notes with
 * the Worker's clock, so the development clock moves them too. Built where the Worker starts
 * (worker/service-deps.ts). Each note gets its stubs afresh: a stub that threw once fails every
 * later call, so one shared by a whole cron pass would lose the rest of its notes.
 */
export function clockNotes(env: ClockBindings, nowMs: () => number): ClockNotes {
  const timers = env.GAME_TIMER;
  return {
    async commit(gameId, note, dueAt) {
      const versions = versionsOf(env, gameId);
      await Promise.all([
        versions ? noteVersion(env, versions, gameId, note, nowMs()) : undefined,
        dueClockOf(env)
          ?.earlier(dueAt.getTime())
          .catch(() => dueClockOf(env)?.earlier(dueAt.getTime()))
          .catch((err: unknown) => console.error('due clock: commit note failed', err)),
      ]);
    },
    async forget(gameIds) {
      await Promise.all(
        gameIds.map((id) =>
          versionsOf(env, id)
            ?.forget()
            .catch((err: unknown) => console.error(`game versions: forgetting ${id} failed`, err)),
        ),
      );
    },
    async due(at) {
      await dueClockOf(env)
        ?.earlier(at.getTime())
        .catch((err: unknown) => console.error('due clock: note failed', err));
    },
    async gameDue(gameId, at) {
      await timers
        ?.get(timers.idFromName(gameId))
        .schedule(gameId, at === null ? null : at.getTime())
        .catch((err: unknown) => console.error('game timer: schedule failed', err));
    },
    timersDeliver: !!timers,
    async holdNotices(gameId, batch) {
      await timers
        ?.get(timers.idFromName(gameId))
        .hold(gameId, batch)
        .catch(async (err: unknown) => {
          console.error('game timer: holding notices failed', err);
          await dueClockOf(env)
            ?.earlier(batch.until)
            .catch(() => {});
        });
    },
  };
}

/** Clock notes that note nothing: for contexts with no Durable Objects (in-process tests, scripts). */
export const NO_CLOCK_NOTES: ClockNotes = clockNotes({}, () => 0);

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
 * Notes `note` (at `now`, epoch ms) in the game's object; when that fails, makes it forget the
 * game, through a new stub (the one that threw fails every call after). Never throws.
 */
async function noteVersion(
  env: ClockBindings,
  versions: NonNullable<ReturnType<typeof versionsOf>>,
  gameId: string,
  note: VersionNote,
  now: number,
): Promise<void> {
  try {
    await versions.note({ ...note, now });
    return;
  } catch (err) {
    console.error(`game versions: note of ${gameId} v${note.version} failed; forgetting the game`, err);
  }
  await versionsOf(env, gameId)
    ?.forget()
    .catch((err: unknown) =>
      // The object refuses writes altogether: it also answers no lookup until one succeeds.
      console.error(`game versions: forgetting ${gameId} failed too`, err),
    );
}
