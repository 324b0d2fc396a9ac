import type { Seat } from '../../core';
import { SUPPLIES, TOWN_SHARES, upgrade } from './components';
import { plural } from './context';
import { MARBLE_NAMES } from './marbles';
import { clockwise, spaceName } from './movement';
import type { BigThunderMove } from './moves';
import type { BigThunderState } from './state';
import { saleTokens, salePoints } from './town';

/**
 * A short button label for a move, in the rulebook's words ("Move 2 spaces to mine shaft 5",
 * "Sell 2 Gold Nuggets for 4 points"). Labels go only to the seat that may make the move, so a
 * set-aside Town Share's value may be named to the player choosing it.
 */
export function describeMove(m: BigThunderMove, s: BigThunderState, seat: Seat): string {
  const p = s.seats[seat];
  switch (m.type) {
    case 'play':
      return `Play ${SUPPLIES[m.card].name}`;
    case 'discardToMove':
      return `Discard to Move: ${SUPPLIES[m.card].name}, 1 space to ${spaceName(clockwise(p.position, 1))}`;
    case 'move':
      return `Move ${plural(m.spaces, 'space')} to ${spaceName(clockwise(p.position, m.spaces))}`;
    case 'pick':
      return `Pick for Gold: take a ${MARBLE_NAMES[m.marble]} from mine shaft ${m.shaft}`;
    case 'pan':
      return `Pan for Gold: take a ${MARBLE_NAMES[m.marble]} from mine shaft ${m.shaft}`;
    case 'bail':
      return `Bail Water from mine shaft ${p.position}`;
    case 'resupply': {
      const id = s.market[m.slot];
      return `Resupply: take ${id === null || id === undefined ? 'an empty space' : SUPPLIES[id].name} from the Market`;
    }
    case 'crosscut':
      return 'Crosscut Tunnel: run one marble';
    case 'tunnel':
      return m.enter
        ? `Take the Crosscut Tunnel to ${s.pending?.kind === 'tunnel' ? spaceName(s.pending.shaft) : 'the mine shaft'}`
        : 'Stay where you are';
    case 'sell': {
      const parts: string[] = [];
      if (m.goldForPoints + m.oreForPoints > 0)
        parts.push(`${sold(m.goldForPoints, m.oreForPoints)} for ${plural(salePoints(s, seat, m), 'point')}`);
      if (m.goldForTokens + m.oreForTokens > 0)
        parts.push(`${sold(m.goldForTokens, m.oreForTokens)} for ${plural(saleTokens(s, seat, m), 'Town Token')}`);
      return `Sell ${parts.join(', ')}`;
    }
    case 'buyUpgrade': {
      const u = upgrade(m.upgrade);
      return `Buy ${u.name} (${u.cost} Town Tokens)`;
    }
    case 'removeUpgrade':
      return `Remove ${upgrade(m.upgrade).name} to make room`;
    case 'buyShare':
      return 'Buy a Town Share (2 Town Tokens)';
    case 'chooseShare': {
      const id = s.setAside[m.index];
      return id === undefined ? 'Take a set-aside Town Share' : `Take the set-aside Town Share worth ${plural(TOWN_SHARES[id], 'point')}`;
    }
    case 'discard':
      // in Play Cards a discard ends card play; the label says so, apart from Discard to Move.
      return s.phase === 'discard' ? `Discard ${SUPPLIES[m.card].name}` : `Stop playing cards: discard ${SUPPLIES[m.card].name}`;
    case 'endTurn':
      return 'End turn and draw';
    case 'claimJumper':
      return `Discard ${SUPPLIES[m.card].name} (Claim Jumper)`;
  }
}

function sold(gold: number, ore: number): string {
  return [gold > 0 ? plural(gold, MARBLE_NAMES.gold) : '', ore > 0 ? `${ore} ${MARBLE_NAMES.ore}` : ''].filter(Boolean).join(' and ');
}
