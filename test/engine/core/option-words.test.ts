import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shippedGames } from '../../../engine/games';

/**
 * Options are shown in the rulebook's words, never as code ("Build prerequisite: station-cleared"):
 * every option of every game carries a title, and every value of a choice its own, in the options
 * schema itself, where the new-game form and the server's option lines both read them.
 */
describe('options in the rulebook words', () => {
  for (const game of shippedGames) {
    it(`${game.title}: every option and every choice of an option has a title`, () => {
      const schema = z.toJSONSchema(game.optionsSchema, { io: 'input' }) as {
        properties: Record<string, { title?: string; enum?: unknown[]; anyOf?: { const?: unknown; title?: string }[] }>;
      };
      for (const [key, p] of Object.entries(schema.properties)) {
        expect(p.title, `${game.id}.${key}`).toMatch(/^[A-Z]/);
        expect(p.enum, `${game.id}.${key}: a bare enum shows its values as code`).toBeUndefined();
        for (const alt of p.anyOf ?? []) expect(alt.title, `${game.id}.${key} = ${String(alt.const)}`).toBeTruthy();
      }
    });
  }
});
