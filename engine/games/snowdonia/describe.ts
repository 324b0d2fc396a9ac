import type { Seat } from '../../core';
import { AREA_NAMES, WORKS, contractData, effectText, requirementText, stationData, trainData } from './components';
import { cubeList } from './actions/a-stock-yard';
import { buildCost, costText } from './actions/e-build';
import { ironPerSteel } from './actions/c-works';
import type { SnowdoniaMove } from './moves';
import type { SnowdoniaState } from './state';

/** A short label for a move, for buttons and logs ("Place on Works (C1)", "Lay track on 2 cards"). */
export function describeMove(move: SnowdoniaMove, state: SnowdoniaState, seat: Seat): string {
  switch (move.type) {
    case 'hire-temporary': {
      const t = state.seats[seat]?.train;
      return t ? `Pay ${trainData(t).pubCost} Coal for the Temporary Labourer` : 'Hire the Temporary Labourer';
    }
    case 'place':
      return `Place a Labourer on ${AREA_NAMES[move.area]} (${move.area}${move.space})`;
    case 'activate-contract': {
      const k = contractData(move.contract);
      return `Activate "${k.name}": ${effectText(k.effect)}`;
    }
    case 'pass-contracts': {
      // "no (more)" read as a riddle on a button: it says "more" once one was activated at this area.
      const step = state.step;
      const more =
        step.kind === 'contracts' &&
        (state.seats[seat]?.contracts ?? []).some((h) => h.activeThisRound && contractData(h.id).area === step.area);
      return more ? 'Activate no more Contracts' : 'Activate no Contract';
    }
    case 'take-cubes':
      return `Take ${cubeList(move)}`;
    case 'convert': {
      const parts = [];
      if (move.steel)
        parts.push(`${move.steel * ironPerSteel(state, seat)} Iron Ore -> ${move.steel} Steel Bar${move.steel > 1 ? 's' : ''}`);
      if (move.stone) parts.push(`${move.stone * WORKS.rubble} Rubble -> ${move.stone} Stone`);
      return `Convert ${parts.join(', ')}`;
    }
    case 'lay-track':
      return `Lay track on ${move.count} Track card${move.count > 1 ? 's' : ''} (${move.count} Steel Bar${move.count > 1 ? 's' : ''})`;
    case 'build-station': {
      const data = stationData(move.station).building[move.space - 1];
      if (!data) return `Build ${stationData(move.station).name} space ${move.space}`;
      return `Build ${stationData(move.station).name} space ${move.space}: ${costText(buildCost(state, seat, data.cost))} for ${data.vp} VP`;
    }
    case 'buy-train': {
      const t = trainData(move.train);
      return `Buy ${t.name} for ${t.cost} Steel Bar${t.cost > 1 ? 's' : ''}`;
    }
    case 'take-contract': {
      const k = contractData(move.contract);
      return `Take "${k.name}" (${requirementText(k.requirement, k.vp)})`;
    }
    case 'skip':
      return "Decline Padarn's extra Build";
    case 'maintain-train':
      return move.pay ? 'Pay 1 Steel Bar to keep your Train' : 'Let your Train go';
  }
}
