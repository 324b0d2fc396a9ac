/**
 * The words of Snowdonia for every surface (`GameWords`): the rulebook's names of the weather,
 * the Action Areas and the goods, the phase of the round, the sentence for a seat about what
 * happens now, and the words for the quantities "what changed" reports. Type imports only, so a
 * client carries this module without the rules.
 */
import type { GameResult, GameWords, Seat } from '../../core/types';
import { playerMarker, resultSentence } from '../../core/log-names';
import type { AreaId, BuildCost, Resource, Weather } from './components';
import type { SnowdoniaMove } from './moves';
import type { SnowdoniaView } from './view';

/** Weather icons on the backs of Contract cards and on the Weather discs (rulebook, Setup 12). */
export const WEATHER_NAMES: Readonly<Record<Weather, string>> = { sun: 'Sun', rain: 'Rain', fog: 'Fog' };

/** The seven Action Areas, resolved in this order (rulebook, 2. Resolve Actions). */
export const AREA_IDS: readonly AreaId[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
export const AREA_NAMES: Readonly<Record<AreaId, string>> = {
  A: 'Stock Yard',
  B: 'Excavation',
  C: 'Works',
  D: 'Lay Track',
  E: 'Build',
  F: 'Site Office',
  G: 'Move the Surveyor',
};

/** Resources that live in the Supply Bag and the Stock Yard (rulebook, Actions preamble). */
export const RESOURCE_NAMES: Readonly<Record<Resource, string>> = { iron: 'Iron Ore', stone: 'Stone', coal: 'Coal' };

/** What a player holds: the three resources, Steel Bars and Rubble (rulebook, Components). */
export type GoodsKey = Resource | 'steel' | 'rubble';
export const GOODS_NAMES: Readonly<Record<GoodsKey, string>> = { ...RESOURCE_NAMES, steel: 'Steel Bars', rubble: 'Rubble' };

/** "3 Stone", "1 Steel Bar". */
export function costText(c: BuildCost): string {
  return c.resource === 'stone' ? `${c.amount} Stone` : `${c.amount} Steel Bar${c.amount === 1 ? '' : 's'}`;
}

/** The phase of the round in the rulebook's numbering ("1 Assign Labourers"). */
export function phaseText(v: Pick<SnowdoniaView, 'step'>): string {
  switch (v.step.kind) {
    case 'assign':
      return '1 Assign Labourers';
    case 'contracts':
    case 'action':
      return '2 Resolve Actions';
    case 'maintenance':
      return '5 Restock the Stock Yard: Train maintenance';
    case 'over':
      return 'Game over';
  }
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Players as markers, the viewer left out. */
function others(seats: readonly Seat[], you: Seat | null): string {
  return list(seats.filter((s) => s !== you).map(playerMarker));
}

/** What an Action Area asks of the player whose Labourer is there, in words ("take cubes from the Stock Yard"). */
function actionWords(area: AreaId, listed: ReadonlySet<SnowdoniaMove['type']>, remaining: number): string {
  switch (area) {
    case 'A':
      return 'take cubes from the Stock Yard';
    case 'C':
      return 'convert at the Works';
    case 'D':
      return 'lay Track';
    case 'E':
      if (listed.has('build-station') && !listed.has('buy-train')) return 'build a Station';
      if (listed.has('buy-train') && !listed.has('build-station')) return 'buy a Train';
      return 'build a Station or buy a Train';
    case 'F':
      return remaining > 1 ? `take ${remaining} Contracts from the Site Office` : 'take a Contract from the Site Office';
    default:
      return `take the ${AREA_NAMES[area]} action`;
  }
}

/**
 * The winner and the final scores in ranking order, players as markers ("{{p:1}} wins with
 * 83 VP. Final scores: {{p:1}} 83, {{p:0}} 80."); the engine's summary when the result has
 * another shape.
 */
export function resultText(result: GameResult | null | undefined): string {
  return resultSentence(result, 'VP') ?? result?.summary ?? '';
}

/**
 * The sentence for `seat` about now ("Your turn: place a Labourer.", "Your turn: take cubes from
 * the Stock Yard (A1).", "Waiting for {{p:1}} to place a Labourer.").
 */
export function prompt(v: SnowdoniaView, seat: Seat | null): string {
  const you = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < v.players ? seat : null;
  const st = v.step;
  switch (st.kind) {
    case 'assign':
      return st.seat === you ? 'Your turn: place a Labourer.' : `Waiting for ${playerMarker(st.seat)} to place a Labourer.`;
    case 'contracts':
      return you !== null && st.waiting.includes(you)
        ? `Your turn: activate Contracts before ${st.areaName} (${st.area}) resolves, or not.`
        : `Waiting for ${others(st.waiting, you)} to decide on Contracts before ${st.areaName} (${st.area}).`;
    case 'action': {
      const where = st.space === null ? "Padarn's extra Build" : `${st.areaName} (${st.area}${st.space})`;
      if (st.seat !== you) return `Waiting for ${playerMarker(st.seat)}: ${where}.`;
      const listed = new Set(v.you === you ? v.legalMoves.map((l) => l.move.type) : []);
      const what = actionWords(st.area, listed, st.remaining);
      return st.space === null ? `Your turn: ${where}: ${what}, or skip.` : `Your turn: ${what} (${st.area}${st.space}).`;
    }
    case 'maintenance':
      return you !== null && st.waiting.includes(you)
        ? 'Your turn: Train maintenance, pay 1 Steel Bar or let your Train go.'
        : `Waiting for ${others(st.waiting, you)}: Train maintenance.`;
    case 'over':
      return `Game over. ${resultText(v.result)}`.trim();
  }
}

/** The quantities of a player a returning player checks, in the rulebook's words. */
export const QUANTITY_WORDS: Readonly<Record<string, string>> = {
  iron: 'Iron Ore',
  stone: 'Stone',
  coal: 'Coal',
  steel: 'Steel Bars',
  rubble: 'Rubble',
  markers: 'Ownership Markers left',
  'contracts(count)': 'Contracts',
  'labourers.placed': 'Labourers on Action Spaces',
  'score.total': 'points so far',
};

/** Snowdonia's words, as the platform and the client read them. */
export const snowdoniaWords: GameWords<SnowdoniaView> = {
  id: 'snowdonia',
  title: 'Snowdonia: Mount Snowdon',
  prompt,
  quantities: QUANTITY_WORDS,
};
