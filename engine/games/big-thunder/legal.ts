import type { Seat } from '../../core';
import { SUPPLIES, UPGRADE_TYPES } from './components';
import type { BigThunderMove } from './moves';
import { reachableShafts } from './mining';
import { whyIllegal } from './rules';
import type { BigThunderState } from './state';
import { possibleSales } from './town';
import { activeSeats } from './turn';

/**
 * Every legal move of `seat` now, in a stable order: the candidates a player could name, kept
 * when `whyIllegal` accepts them (so `legalMoves` and `applyMove` never disagree). Finite: hands,
 * card actions, shafts and sales are all small.
 */
export function legalMoves(s: BigThunderState, seat: Seat): BigThunderMove[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players || !activeSeats(s).includes(seat)) return [];
  return candidates(s, seat).filter((m) => whyIllegal(s, seat, m) === null);
}

function candidates(s: BigThunderState, seat: Seat): BigThunderMove[] {
  const p = s.seats[seat];
  const hand = [...p.hand];
  const pending = s.pending;
  if (pending) {
    switch (pending.kind) {
      case 'claimJumper':
        return hand.map((card) => ({ type: 'claimJumper', card }));
      case 'tunnel':
        return [
          { type: 'tunnel', enter: true },
          { type: 'tunnel', enter: false },
        ];
      case 'removeUpgrade':
        return p.upgrades.map((upgrade) => ({ type: 'removeUpgrade', upgrade }));
      case 'chooseShare':
        return s.setAside.map((_, index) => ({ type: 'chooseShare', index }));
    }
  }
  const out: BigThunderMove[] = [];
  if (s.phase === 'play') {
    const current = s.current;
    if (current) {
      SUPPLIES[current.card].actions.forEach((a, action) => {
        if (current.used[action]) return;
        switch (a.kind) {
          case 'move':
            for (let spaces = 1; spaces <= a.spaces; spaces++) out.push({ type: 'move', action, spaces });
            break;
          case 'pick':
          case 'pan':
            for (const shaft of reachableShafts(s, seat)) {
              out.push({ type: a.kind, action, shaft, marble: 'gold' }, { type: a.kind, action, shaft, marble: 'ore' });
            }
            break;
          case 'bail':
          case 'crosscut':
            out.push({ type: a.kind, action });
            break;
          case 'resupply':
            for (let slot = 0; slot < s.market.length; slot++) out.push({ type: 'resupply', action, slot });
            break;
        }
      });
    }
    if (s.town) {
      for (const sale of possibleSales(s, seat)) out.push({ type: 'sell', ...sale });
      for (const upgrade of UPGRADE_TYPES) out.push({ type: 'buyUpgrade', upgrade });
      out.push({ type: 'buyShare' });
    }
    for (const card of hand) out.push({ type: 'play', card });
    for (const card of hand) if (SUPPLIES[card].discardToMove) out.push({ type: 'discardToMove', card });
  }
  for (const card of hand) out.push({ type: 'discard', card });
  out.push({ type: 'endTurn' });
  return out;
}
