import { describe } from 'vitest';
import { randomGamesProperty } from './random-games.harness';

describe('Property: random legal 4-player games', () => {
  randomGamesProperty(4);
});
