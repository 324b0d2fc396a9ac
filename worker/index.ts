import { gameRegistry } from '../engine/games';
import { createWorker } from './entry';

/** The production Worker: shipped games only (no test fixtures). */
export default createWorker(gameRegistry);
