import { z } from 'zod';
import type { AnyGame } from '../../engine/core';

/** One option's words, from the game's options schema: its title and the title of each value. */
interface OptionWords {
  label?: string;
  values: Map<unknown, string>;
}

/** The JSON Schema words of each game's options, built once per game object. */
const wordsCache = new WeakMap<AnyGame, Map<string, OptionWords>>();

/**
 * Each option's words as the game's options schema gives them (`.meta({ title })` on the option
 * and on each value of a choice): the same words the new-game form shows, read from the same
 * JSON Schema (`GET /api/game-types`), so they exist once, beside the rule they name.
 */
function optionWords(game: AnyGame): Map<string, OptionWords> {
  const cached = wordsCache.get(game);
  if (cached) return cached;
  const out = new Map<string, OptionWords>();
  const schema = z.toJSONSchema(game.optionsSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { title?: string; anyOf?: { const?: unknown; title?: string }[] }>;
  };
  for (const [key, p] of Object.entries(schema.properties ?? {})) {
    const values = new Map<unknown, string>();
    for (const alt of p.anyOf ?? []) if ('const' in alt && typeof alt.title === 'string') values.set(alt.const, alt.title);
    out.set(key, { label: p.title, values });
  }
  wordsCache.set(game, out);
  return out;
}

/**
 * A game's options as short lines for people, in the rulebook's words where the game's options
 * schema gives them ("Station building spaces may be built: once its Station card has no Rubble
 * left", "Thinner Fog Variant: yes"), in the order the options object holds them. Without the game,
 * or for a key its schema does not name, the key's own words ("Thinner fog: yes"). The invitation
 * email, the waiting room and the lobby show them; each option's description holds the rule.
 * `skip` names options left out: those that carry each seat's own choice (`SeatChoice.option`),
 * which the seat list shows beside each player.
 */
export function optionsText(options: unknown, skip: readonly string[] = [], game?: AnyGame): string[] {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return [];
  const words = game ? optionWords(game) : new Map<string, OptionWords>();
  return Object.entries(options as Record<string, unknown>)
    .filter(([key]) => !skip.includes(key))
    .map(([key, value]) => {
      const w = words.get(key);
      return `${w?.label ?? optionLabel(key)}: ${w?.values.get(value) ?? optionValue(value)}`;
    });
}

/** `thinnerFog` -> "Thinner fog"; a one-letter word keeps its capital (`overlayBuildAfterE` -> "Overlay build after E"). */
function optionLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length === 1 ? w : w.toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionValue(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return 'none';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
