import type { GameRegistry } from '../engine/core';
import type { Db } from '../db/types';
import type { Config, Env } from './env';
import type { ClockNotes } from './clock/notes';
import type { WorkerClock } from './clock/worker-clock';
import type { HeldNotices } from './delivery/deliver';
import type { GameRequest } from './services/game-request';

/** A signed-in user as the routes see it. */
export interface User {
  id: string;
  email: string;
  name: string;
}

/** What the app needs from outside; tests pass PGlite and a fixed clock, the Worker passes Neon. */
export interface Deps {
  registry: GameRegistry;
  /** The database for one request (and a hook to release it once the answer is sent). */
  db: (env: Env) => { db: Db; release?: () => Promise<void> };
  /** Current time; injectable so deadline and token-expiry tests need no sleeping. */
  now?: () => Date;
  /** The Worker's clock (worker/clock/worker-clock.ts); by default one over `now`, so POST /dev/clock can move it. */
  clock?: WorkerClock;
  /** Overrides parts of `Config` (tests). */
  config?: Partial<Config>;
}

/** Hono generics: bindings plus per-request variables set by middleware. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    config: Config;
    now: () => Date;
    /** The clock behind `now`, for the development clock route. */
    clock: WorkerClock;
    registry: GameRegistry;
    user: User | null;
    authVia: 'cookie' | 'bearer' | null;
    defer: ServiceCtx['defer'];
    /** The request's clock notes and outbox drain (worker/service-deps.ts). */
    clocks: ClockNotes;
    drain: ServiceCtx['drain'];
    /** The session, game and seat read in one statement on the hot paths (middleware/game-request). */
    gameRequest?: GameRequest;
  };
}

/**
 * What services need from a request (or a cron run): database, games, configuration, time, and
 * what they tell outside themselves - the Durable Objects (`clocks`) and the outbox's delivery
 * (`drain`) - wired where the Worker starts (worker/service-deps.ts), so services import neither.
 */
export interface ServiceCtx {
  db: Db;
  registry: GameRegistry;
  config: Config;
  now: Date;
  /**
   * Work to run after the answer is sent (outbox drain, bots), awaited inline where there is no
   * waitUntil. Tasks run on the request's connection; one with `waitMs` first releases it and
   * waits, then gets a connection of its own, so no connection is held idle meanwhile. A `last`
   * task (the outbox drain) runs once, after every other task - bots' moves included - so it
   * sends what they caused.
   */
  defer: (task: (db: Db) => Promise<unknown>, opts?: { last?: boolean; waitMs?: number }) => void;
  /**
   * True where `last` deferred tasks run after the answer (a request, an inbound email), so a
   * commit may queue its notices already claimed for the request's drain (worker/services/request-drain.ts).
   */
  drainsAfter?: boolean;
  /** What commits, deliveries and clock passes note in the Durable Objects (no-ops where none are bound). */
  clocks: ClockNotes;
  /**
   * Delivers what is due in the outbox at `now` (with `held`: only the rows a request's commits
   * hold for it, by key); worker/delivery/deliver.ts `drainOutbox`. Services call it through
   * worker/services/request-drain.ts, after the answer.
   */
  drain: (db: Db, now: Date, held?: HeldNotices) => Promise<unknown>;
}
