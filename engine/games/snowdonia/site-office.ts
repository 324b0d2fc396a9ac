import { SITE_OFFICE_SIZE, contractData } from './components';
import { reveal, say, type Ctx } from './context';
import type { SnowdoniaState } from './state';

/**
 * 3. RESTOCK CONTRACT CARDS (rulebook): a card left on space "1" goes face down to the discard
 * pile; the others shift towards the discard pile; empty spaces are refilled from the top of the
 * deck (a draw: an undo barrier). Reconstruction: an empty deck is not reshuffled; the Site Office
 * then stays short.
 */
export function restockSiteOffice(s: SnowdoniaState, ctx: Ctx): void {
  const first = s.siteOffice[0];
  if (first !== null) {
    s.contractDiscard.push(first);
    say(ctx, null, `Contract ${first} "${contractData(first).name}" left the Site Office for the discard pile.`);
  }
  const kept = s.siteOffice.slice(1).filter((id): id is number => id !== null);
  while (kept.length < SITE_OFFICE_SIZE && s.contractDeck.length > 0) {
    const id = s.contractDeck.shift()!;
    kept.push(id);
    reveal(ctx, 'the Contract cards drawn for the Site Office');
    say(ctx, null, `Contract ${id} "${contractData(id).name}" was drawn into the Site Office.`);
  }
  s.siteOffice = Array.from({ length: SITE_OFFICE_SIZE }, (_, i) => kept[i] ?? null);
}
