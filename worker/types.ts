import type { GameRegistry } from '../engine/core';
import type { Db } from '../db/types';
import type { Config, Env } from './env';

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
    registry: GameRegistry;
    user: User | null;
    authVia: 'cookie' | 'bearer' | null;
    defer: ServiceCtx['defer'];
  };
}

/** What services need from a request (or a cron run): database, games, configuration, time. */
export interface ServiceCtx {
  db: Db;
  registry: GameRegistry;
  config: Config;
  now: Date;
  /**
   * Work to run after the answer is sent (outbox drain, bots), awaited inline where there is no
   * waitUntil. The task gets its own database handle, opened after the request's was released,
   * so a task that first waits holds no connection meanwhile. A `last` task (the outbox drain)
   * runs once, after every other task - bots' moves included - so it sends what they caused.
   */
  defer: (task: (db: Db) => Promise<unknown>, opts?: { last?: boolean }) => void;
}
