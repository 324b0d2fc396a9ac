/**
 * One manifest per game, on each side: every game the engine ships (engine/games/index.ts) has a
 * client manifest (client/games/list.ts) with every part the platform reads, and the manifest's
 * words are the engine's own (the same functions and tables, not copies).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { gameManifests, manifestFor } from '../../client/games/list';
import type { GameWords } from '../../engine/core/types';
import { shippedGames } from '../../engine/games';

const root = new URL('../../', import.meta.url);
const file = (path: string) => new URL(path, root);

describe('every registered game has a complete manifest on both sides', () => {
  test('the client lists exactly the games the engine ships, once each', () => {
    expect(gameManifests.map((m) => m.id).sort()).toEqual(shippedGames.map((g) => g.id).sort());
    expect(new Set(gameManifests.map((m) => m.id)).size).toBe(gameManifests.length);
    expect(new Set(gameManifests.map((m) => m.tag)).size).toBe(gameManifests.length);
  });

  test.each(shippedGames.map((g) => [g.id, g] as const))('%s: engine side (words in the Game contract)', (id, game) => {
    expect(game.prompt, `${id} has no prompt`).toBeTypeOf('function');
    expect(Object.keys(game.quantityWords ?? {}).length, `${id} names no quantities`).toBeGreaterThan(0);
    expect(game.howToPlay, `${id} has no How to play`).toBeTruthy();
  });

  test.each(shippedGames.map((g) => [g.id, g] as const))(
    '%s: client side (tag, board module, loader, picture, words, bar moves)',
    async (id, game) => {
      const m = manifestFor(id);
      expect(m, `client/games/${id}/index.ts is not in client/games/list.ts`).toBeTruthy();
      if (!m) return;
      // The board element lives in a module named after its tag (its chunk's name), under the game's folder.
      expect(m.tag).toMatch(/^[a-z]+-[a-z0-9-]+$/);
      const board = file(`client/games/${id}/${m.tag}.ts`);
      expect(existsSync(board), `client/games/${id}/${m.tag}.ts`).toBe(true);
      expect(readFileSync(board, 'utf8')).toContain(`@customElement('${m.tag}')`);
      expect(readFileSync(file(`client/games/${id}/index.ts`), 'utf8')).toContain(`import('./${m.tag}')`);
      expect(m.load).toBeTypeOf('function');
      expect(m.picture).toMatch(/^\/boards\/.+\.(webp|png|svg)$/);
      expect(existsSync(file(`public${m.picture}`)), `public${m.picture}`).toBe(true);
      // The board's module brings the engine's words (so the turn bar, the board, emails and push
      // say the same), and only its own game's.
      const reExport = new RegExp(`export \\{ \\w+ as words \\} from '\\.\\./\\.\\./\\.\\./engine/games/${id}/words';`);
      expect(readFileSync(board, 'utf8')).toMatch(reExport);
      const words = Object.values(await import(`../../engine/games/${id}/words.ts`)).find(
        (x): x is GameWords => !!x && typeof x === 'object' && (x as GameWords).id === id,
      );
      expect(words?.title).toBe(game.title);
      expect(words?.prompt).toBe(game.prompt);
      expect(words?.quantities).toBe(game.quantityWords);
      expect(m.barMoves([])).toEqual([]);
    },
  );

  test('a type without a manifest has none (the generic board shows it)', () => {
    expect(manifestFor('secret-dice')).toBeUndefined();
    expect(manifestFor(undefined)).toBeUndefined();
  });
});
