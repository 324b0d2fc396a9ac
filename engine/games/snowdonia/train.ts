import type { Seat } from '../../core';
import { trainData, type TrainAbility } from './components';
import type { SnowdoniaState } from './state';

/** The ability of `seat`'s Train if it is of `kind` (README "Trains"). */
export function trainAbility<K extends TrainAbility['kind']>(
  s: SnowdoniaState,
  seat: Seat,
  kind: K,
): Extract<TrainAbility, { kind: K }> | null {
  const no = s.seats[seat].train;
  if (no === null) return null;
  const a = trainData(no).ability;
  return a.kind === kind ? (a as Extract<TrainAbility, { kind: K }>) : null;
}
