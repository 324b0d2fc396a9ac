import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedGames } from '../../../engine/games';

/**
 * Every reading an engine chose where its rulebook is silent is told to players, not only to
 * maintainers: each bullet of an engine README's "Rule choices" section names the How to play
 * notes that say it, as `(notes: id, id)`, and each named note exists in the game's `howToPlay`.
 */

/** The bullets (one string each, continuation lines joined) of the README section whose heading starts with "## Rule choices". */
function ruleChoiceBullets(readme: string): string[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## Rule choices'));
  if (start < 0) return [];
  const bullets: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.startsWith('- ')) bullets.push(line.slice(2));
    else if (line.startsWith('  ') && bullets.length) bullets[bullets.length - 1] += ` ${line.trim()}`;
  }
  return bullets;
}

/** The note ids a bullet names: every `(notes: a, b)` in it. */
function citedNotes(bullet: string): string[] {
  return [...bullet.matchAll(/\(notes: ([a-z0-9-]+(?:, [a-z0-9-]+)*)\)/g)].flatMap((m) => m[1].split(', '));
}

const readmes = shippedGames
  .map((game) => ({ game, path: new URL(`../../../engine/games/${game.id}/README.md`, import.meta.url) }))
  .filter((r) => existsSync(r.path));

describe('readings in an engine README are How to play notes', () => {
  it('at least one engine keeps a README of its rule choices (so the check below checks something)', () => {
    expect(readmes.map((r) => r.game.id)).toContain('snowdonia');
  });

  for (const { game, path } of readmes) {
    it(`${game.title}: every rule choice in its README names How to play notes that exist`, () => {
      const bullets = ruleChoiceBullets(readFileSync(path, 'utf8'));
      expect(bullets.length).toBeGreaterThan(5);
      const ids = new Set(game.howToPlay!.notes.map((n) => n.id));
      for (const bullet of bullets) {
        const cited = citedNotes(bullet);
        expect(cited, `no (notes: ...) in: ${bullet}`).not.toEqual([]);
        for (const id of cited) expect(ids.has(id), `note "${id}" is not in ${game.id}'s How to play`).toBe(true);
      }
    });
  }

  it('the parser finds a citation and refuses a bullet without one', () => {
    const readme =
      '## Rule choices here\n\n- A reading that wraps\n  onto a second line. (notes: a-b, c)\n- No note.\n\n## Next\n- not a reading';
    expect(ruleChoiceBullets(readme).map(citedNotes)).toEqual([['a-b', 'c'], []]);
  });

  for (const game of shippedGames) {
    it(`${game.title}: How to play note ids are unique`, () => {
      const ids = game.howToPlay!.notes.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);
    });
  }
});
