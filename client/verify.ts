/**
 * Checks a game record in the browser with the same pure verifier as `npm run verify`
 * (engine/core/record.ts): the seed against its published SHA-256, the rules version, a full
 * replay with this client's engines, the result and the final state. Only the verify page
 * imports this module (it brings every game's engine into the bundle).
 */
// First: the engines below build zod schemas on import (strict CSP).
import './zod-jitless';
import { hexOf, verifyRecord, type GameRecord, type Verification } from '../engine/core/record';
import type { AnyGame } from '../engine/core/types';
import { gameRegistry } from '../engine/games';

/** SHA-256 of a UTF-8 string as lowercase hex, with the browser's WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  if (!globalThis.crypto?.subtle) {
    throw new Error('This browser offers no SHA-256 here (WebCrypto needs an https:// page).');
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return hexOf(new Uint8Array(digest));
}

/**
 * Verifies a parsed record. `extraGames` adds rules this client does not ship (a page that
 * embeds the verifier for another game, or the test-only fixture game in browser tests).
 */
export async function verifyInBrowser(record: unknown, extraGames: readonly AnyGame[] = []): Promise<Verification> {
  const extra = extraGames.filter((g) => !gameRegistry.get(g.id));
  const registry = extra.length ? gameRegistry.with(...extra) : gameRegistry;
  try {
    return await verifyRecord(record as GameRecord, registry, sha256Hex);
  } catch (err) {
    // A record of the wrong shape (events missing, say) makes the verifier itself throw.
    return {
      ok: false,
      checks: [{ name: 'record', ok: false, detail: `could not check this record: ${(err as Error).message}` }],
      result: null,
    };
  }
}

export type { GameRecord, Verification };
