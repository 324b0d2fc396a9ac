import { require_, type Seat } from '../../../core';
import { WORKS } from '../components';
import { effectBonus } from '../contracts';
import { say, type Ctx } from '../context';
import type { MoveOf } from '../moves';
import { playerName, type SnowdoniaState } from '../state';
import { trainAbility } from '../train';

/**
 * C. WORKS (rulebook; completion from the README): 1 to 3 conversions, freely mixed:
 * 3 Iron Ore (2 with Enid) -> 1 Steel Bar (Iron Ore to the bag, Steel from the general supply);
 * 2 Rubble -> 1 Stone (Rubble to the general supply, Stone from the Supply Bag; without Stone in
 * the bag that conversion cannot be made).
 */

/** Iron Ore per Steel Bar for `seat`. */
export function ironPerSteel(s: SnowdoniaState, seat: Seat): number {
  return trainAbility(s, seat, 'works-iron')?.iron ?? WORKS.iron;
}

/** Most conversions one Works action of `seat` allows. */
export function maxConversions(s: SnowdoniaState, seat: Seat): number {
  return WORKS.maxConversions + effectBonus(s, seat, 'works-extra', 'conversions');
}

function refusal(s: SnowdoniaState, seat: Seat, steel: number, stone: number): [string, string] | null {
  const p = s.seats[seat];
  const per = ironPerSteel(s, seat);
  const max = maxConversions(s, seat);
  if (steel + stone < WORKS.minConversions) return ['no_conversion', 'Convert at least once: your Labourer is at the Works.'];
  if (steel + stone > max) return ['too_many_conversions', `At most ${max} conversions per Works action.`];
  if (steel * per > p.iron) return ['not_enough_iron', `Each Steel Bar needs ${per} Iron Ore.`];
  if (steel > s.supply.steel) return ['no_steel_in_supply', 'The general supply has not enough Steel Bars.'];
  if (stone * WORKS.rubble > p.rubble) return ['not_enough_rubble', `Each Stone needs ${WORKS.rubble} Rubble.`];
  if (stone > s.bag.stone) return ['no_stone_in_bag', 'The Supply Bag has not enough Stone.'];
  return null;
}

/** Every legal mix of conversions, most Steel first. Empty when not even one is possible. */
export function worksChoices(s: SnowdoniaState, seat: Seat): MoveOf<'convert'>[] {
  const out: MoveOf<'convert'>[] = [];
  const max = maxConversions(s, seat);
  for (let steel = max; steel >= 0; steel--) {
    for (let stone = max - steel; stone >= 0; stone--) {
      if (refusal(s, seat, steel, stone) === null) out.push({ type: 'convert', steel, stone });
    }
  }
  return out;
}

/** Makes the chosen conversions. */
export function convert(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'convert'>): void {
  const why = refusal(s, seat, m.steel, m.stone);
  require_(why === null, why?.[0] ?? '', why?.[1] ?? '');
  const p = s.seats[seat];
  const iron = m.steel * ironPerSteel(s, seat);
  p.iron -= iron;
  s.bag.iron += iron;
  s.supply.steel -= m.steel;
  p.steel += m.steel;
  const rubble = m.stone * WORKS.rubble;
  p.rubble -= rubble;
  s.supply.rubble += rubble;
  s.bag.stone -= m.stone;
  p.stone += m.stone;
  const parts = [];
  if (m.steel) parts.push(`${iron} Iron Ore into ${m.steel} Steel Bar${m.steel > 1 ? 's' : ''}`);
  if (m.stone) parts.push(`${rubble} Rubble into ${m.stone} Stone`);
  say(ctx, seat, `${playerName(seat)} converted ${parts.join(' and ')} at the Works.`);
}
