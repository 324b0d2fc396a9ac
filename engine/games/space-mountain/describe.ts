import type { Seat } from '../../core';
import { KIND_NAMES, STARPORTS, missionCard } from './components';
import type { SpaceMountainMove } from './moves';
import type { SpaceMountainState } from './state';

/** A short label for a move, for buttons and logs ("All Systems Go!", "Turn left"). */
export function describeMove(move: SpaceMountainMove, state: SpaceMountainState, seat: Seat): string {
  switch (move.type) {
    case 'go':
      return 'All Systems Go!';
    case 'refuel':
      if (move.flip.length === 0) return 'Refuel';
      return `Refuel and flip Mission${move.flip.length > 1 ? 's' : ''} ${move.flip.join(', ')}`;
    case 'turn':
      return move.dir === 'left' ? 'Turn left' : 'Turn right';
    case 'place': {
      const card = state.missions[seat]?.find((m) => m.letter === move.mission);
      const picture = card ? missionCard(card.card).pictures[move.space] : undefined;
      return picture
        ? `Place a marker on Mission ${move.mission} (${KIND_NAMES[picture]})`
        : `Place a marker on Mission ${move.mission}, space ${move.space + 1}`;
    }
    case 'starport': {
      const port = STARPORTS.find((p) => p.id === move.starport)!;
      const verb = state.phase === 'move' ? 'Return to' : 'Start at';
      return `${verb} ${port.name} facing ${move.facing}`;
    }
    case 'face':
      return `Face ${move.facing}`;
  }
}
