import { gameRegistry } from '../engine/games';
import { gameTimerClass } from './scheduled/game-timer';
import { outboxDrainClass } from './scheduled/fan-out';
import { createWorker } from './entry';

/** The production Worker: shipped games only (no test fixtures). */
export default createWorker(gameRegistry);
// Durable Object classes bound in wrangler.toml.
export { DueClock } from './clock/due-clock';
export { WorkGate } from './clock/work-gate';
/** Each game's one object (wrangler.toml GAME_TIMER): what a 304 needs, and its clock alarm; over the shipped games. */
export const GameTimer = gameTimerClass(gameRegistry);
/** Outbox drain lanes (wrangler.toml OUTBOX_DRAIN), over the shipped games. */
export const OutboxDrain = outboxDrainClass(gameRegistry);
