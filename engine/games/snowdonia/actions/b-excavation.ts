import type { Seat } from '../../../core';
import { effectBonus } from '../contracts';
import { say, type Ctx } from '../context';
import { excavateRubble } from '../route';
import { playerName, type SnowdoniaState } from '../state';
import { trainAbility } from '../train';

/**
 * B. EXCAVATION (rulebook): take exactly the Excavation Work Rate plus bonuses in Rubble (all
 * that is left if less), strictly up the mountain; a forced step, never a choice.
 */

/** Rubble one Excavation action of `seat` must take: Work Rate + L.A.D.A.S. + Contracts. */
export function excavationAmount(s: SnowdoniaState, seat: Seat): number {
  return s.workRate.excavation + (trainAbility(s, seat, 'excavate')?.bonus ?? 0) + effectBonus(s, seat, 'excavate-extra', 'rubble');
}

/** Resolves one Excavation action. */
export function excavate(s: SnowdoniaState, ctx: Ctx, seat: Seat): void {
  const amount = excavationAmount(s, seat);
  const taken = excavateRubble(s, ctx, seat, amount);
  say(ctx, seat, taken === 0 ? `${playerName(seat)} found no Rubble left to excavate.` : `${playerName(seat)} excavated ${taken} Rubble.`);
}
