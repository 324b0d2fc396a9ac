import type { DueClock } from './due-clock';

/** What a game's object (`GameVersions`, the base of `GameTimer`) knows of one viewer: enough to rebuild the ETag the database would give. */
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
  DUE_CLOCK?: DurableObjectNamespace<DueClock>;
  GAME_TIMER?: DurableObjectNamespace<GameTimerStub>;
}

/**
 * What a commit tells its game's object before it commits: the version (and the acting seat's
 * mark), at `now` (epoch ms); with `held`, the notices it queues for the object to deliver; with
 * `due`, the instant its clocks come due next (epoch ms, the Worker's time; null: none), set only
 * when the commit moves it. `viewer`: a session allowed to read the game (a database answer).
 */
export interface CommitNote extends VersionNote {
  now: number;
  viewer?: ViewerNote;
  held?: HeldBatch;
  due?: number | null;
}

/** What callers use of a game's one object (worker/scheduled/game-timer.ts): its timer and its versions. */
export interface GameTimerStub extends Rpc.DurableObjectBranded {
  schedule(gameId: string, at: number | null): Promise<void>;
  ensure(gameId: string, at: number, slackMs: number): Promise<void>;
  hold(gameId: string, batch: HeldBatch): Promise<void>;
  wake(): Promise<boolean>;
  lookup(viewerKey: string, now: number): Promise<KnownViewer | null>;
  note(n: CommitNote): Promise<void>;
  /** A commit's news before it commits: the version noted as `note` does, `held` held, `due` set. */
  commit(gameId: string, n: CommitNote): Promise<void>;
  forget(): Promise<void>;
}

/** What a commit hands its game's object with the version (`ClockNotes.commit`). */
export interface CommitNews {
  /** Notices the commit queues, claimed for the object to deliver (`HeldBatch`). */
  held?: HeldBatch;
  /** The game's clocks come due next at this instant (null: none); absent when the commit leaves it. */
  clocksDue?: Date | null;
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
   * Called by `appendEvent` BEFORE it commits event `note.version`: the game's object learns the
   * version (and the acting seat's mark), so a 304 can never confirm an older one once the
   * commit is visible, and in the same call what `news` the commit brings its timer (notices to
   * hold, the clocks' next instant); the cron's `DueClock` learns that something may be due at
   * `dueAt` (the cron's next pass recomputes the exact instant from Postgres). Both in parallel,
   * and neither fails the commit: a game's note that fails makes the object forget the game (it
   * answers no lookup meanwhile, game-versions.ts), so the next polls cost a full answer instead
   * of a stale 304, and the cron is told to look when the news comes due; a due note that fails
   * is tried once more and logged.
   */
  commit(gameId: string, note: VersionNote, dueAt: Date, news?: CommitNews): Promise<void>;
  /**
   * Makes the games' objects forget what they know of versions (the sessions they trust with a
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

/** A game's object called in place, not through a stub: the object itself, inside its own alarm. */
export interface LocalGameObject {
  gameId: string;
  object: Pick<GameTimerStub, 'schedule' | 'hold' | 'commit' | 'forget'>;
}

/**
 * The clock notes of a Worker's bindings `env`; `nowMs` (epoch ms) stamps version notes with
 * the Worker's clock, so the development clock moves them too. Built where the Worker starts
 * (worker/service-deps.ts); `local`, inside a game's own object, reaches that game's object by
 * a method call rather than a call to itself. Each note gets its stubs afresh: a stub that threw
 * once fails every later call, so one shared by a whole cron pass would lose the rest of its notes.
 */
export function clockNotes(env: ClockBindings, nowMs: () => number, local?: LocalGameObject): ClockNotes {
  const objectOf = (gameId: string) => (local && local.gameId === gameId ? local.object : gameObjectOf(env, gameId));
  const told = (at: number) =>
    dueClockOf(env)
      ?.earlier(at)
      .catch(() => dueClockOf(env)?.earlier(at))
      .catch((err: unknown) => console.error('due clock: note failed', err));
  return {
    async commit(gameId, note, dueAt, news = {}) {
      const object = objectOf(gameId);
      const now = nowMs();
      const n: CommitNote = {
        ...note,
        now,
        ...(news.held ? { held: news.held } : {}),
        ...(news.clocksDue !== undefined ? { due: news.clocksDue === null ? null : news.clocksDue.getTime() } : {}),
      };
      await Promise.all([object ? commitNote(env, object, gameId, n) : undefined, told(dueAt.getTime())]);
    },
    async forget(gameIds) {
      await Promise.all(
        gameIds.map((id) =>
          objectOf(id)
            ?.forget()
            .catch((err: unknown) => console.error(`game versions: forgetting ${id} failed`, err)),
        ),
      );
    },
    async due(at) {
      await told(at.getTime());
    },
    async gameDue(gameId, at) {
      await objectOf(gameId)
        ?.schedule(gameId, at === null ? null : at.getTime())
        .catch((err: unknown) => console.error('game timer: schedule failed', err));
    },
    timersDeliver: !!env.GAME_TIMER,
    async holdNotices(gameId, batch) {
      await objectOf(gameId)
        ?.hold(gameId, batch)
        .catch(async (err: unknown) => {
          console.error('game timer: holding notices failed', err);
          await told(batch.until);
        });
    },
  };
}

/** Clock notes that note nothing: for contexts with no Durable Objects (in-process tests, scripts). */
export const NO_CLOCK_NOTES: ClockNotes = clockNotes({}, () => 0);

/** The game's one Durable Object (its versions and its timer), or null where none is bound. */
export function gameObjectOf(env: ClockBindings | undefined, gameId: string) {
  const ns = env?.GAME_TIMER;
  return ns ? ns.get(ns.idFromName(gameId)) : null;
}

/** The cron's `DueClock`, or null where none is bound. */
export function dueClockOf(env: ClockBindings | undefined) {
  const ns = env?.DUE_CLOCK;
  return ns ? ns.get(ns.idFromName('schedule')) : null;
}

/**
 * Hands a commit's note `n` to game `gameId`'s object; when that fails, makes it forget the game
 * (through a new stub: the one that threw fails every call after), and tells the cron to look
 * when the note's held notices or clocks come due, as the object would have. Never throws.
 */
async function commitNote(
  env: ClockBindings,
  object: Pick<GameTimerStub, 'commit' | 'forget'>,
  gameId: string,
  n: CommitNote,
): Promise<void> {
  try {
    await object.commit(gameId, n);
    return;
  } catch (err) {
    console.error(`game versions: note of ${gameId} v${n.version} failed; forgetting the game`, err);
  }
  const later = [n.held?.until, n.due ?? undefined].filter((t): t is number => t !== undefined);
  await Promise.all([
    (gameObjectOf(env, gameId) ?? object).forget().catch((err: unknown) =>
      // The object refuses writes altogether: it also answers no lookup until one succeeds.
      console.error(`game versions: forgetting ${gameId} failed too`, err),
    ),
    later.length
      ? dueClockOf(env)
          ?.earlier(Math.min(...later))
          .catch(() => {})
      : undefined,
  ]);
}
