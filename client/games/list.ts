/**
 * The one list of the games the client knows: adding a game is its folder under client/games/
 * (whose index.ts exports its manifest) and one line here (test/client/manifests.test.ts fails
 * when a game the engine ships has no manifest, or a manifest lacks a part).
 */
import { bigThunderManifest } from './big-thunder';
import type { GameManifest } from './manifest';
import { snowdoniaManifest } from './snowdonia';
import { spaceMountainManifest } from './space-mountain';

export const gameManifests: readonly GameManifest[] = [bigThunderManifest, snowdoniaManifest, spaceMountainManifest];

/** The manifest of game type `type`, or undefined for a type the client has no board for (the generic board shows it). */
export function manifestFor(type: string | null | undefined): GameManifest | undefined {
  return gameManifests.find((m) => m.id === type);
}
