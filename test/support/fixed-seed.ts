/**
 * Fixed deals for tests that play real games through the server: the lobby draws each game's
 * secret seed at random, so a test that depends on which Fate card or Mission comes up writes
 * its own seed (and the seed's commitment) into the open game, before anyone joins - the last
 * join may start the game at once, and a seed changed after the start no longer matches the log.
 */
import { createHash } from 'node:crypto';

/** Gives open game `$3` the secret seed `$1` and its commitment `$2` (sha256 hex of the seed). */
export const SET_SEED_SQL = 'update games set seed = $1, seed_hash = $2 where id = $3';

/** A 32-hex-digit seed derived from `label`: the same label deals the same game on every run. */
export function seedFromLabel(label: string): string {
  return createHash('sha256').update(label).digest('hex').slice(0, 32);
}

/** The parameters of `SET_SEED_SQL` for game `gameId` and `seed`. */
export function setSeedParams(seed: string, gameId: string): [string, string, string] {
  return [seed, createHash('sha256').update(seed).digest('hex'), gameId];
}
