/**
 * The words of the games whose boards this page has loaded (`loadBoard` puts them here), for the
 * turn bar's sentence and "what changed". A game whose board has not arrived yet has none: the
 * page then says the usual "Your turn." until it does. Pure (no DOM).
 */
import type { GameWords } from '../../engine/core/types';

// biome-ignore lint/suspicious/noExplicitAny: each game's words read its own view; the platform hands them `state.view`
type AnyWords = GameWords<any>;

const loaded = new Map<string, AnyWords>();

/** Keeps `type`'s words (from its board's module). */
export function setWords(type: string, words: AnyWords): void {
  loaded.set(type, words);
}

/** `type`'s words, once its board has loaded. */
export function wordsFor(type: string | null | undefined): AnyWords | undefined {
  return type ? loaded.get(type) : undefined;
}
