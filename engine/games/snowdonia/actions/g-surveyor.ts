import type { Seat } from '../../../core';
import { stationData } from '../components';
import { effectBonus } from '../contracts';
import { say, type Ctx } from '../context';
import { stationOrder } from '../route';
import { playerName, type SnowdoniaState } from '../state';

/**
 * G. MOVE THE SURVEYOR (README): the Surveyor moves one Station up the line (more with a
 * Contract), never past Yr Wyddfa; unlimited spaces. A forced step.
 */
export function moveSurveyor(s: SnowdoniaState, ctx: Ctx, seat: Seat): void {
  const order = stationOrder(s);
  const p = s.seats[seat];
  const from = order.indexOf(p.surveyor);
  const to = Math.min(order.length - 1, from + 1 + effectBonus(s, seat, 'surveyor-extra', 'stations'));
  p.surveyor = order[to];
  if (to === from) say(ctx, seat, `${playerName(seat)} keeps the Surveyor at ${stationData(p.surveyor).name}: it is already there.`);
  else say(ctx, seat, `${playerName(seat)} moved the Surveyor up to ${stationData(p.surveyor).name}.`);
}
