import type { GameRow } from '../lib/game-rows';
import type { SeatNotice } from './enqueue';

/** The part of a game row a transition reads. */
type Before = Pick<GameRow, 'status' | 'activeSeats' | 'players'>;

/**
 * What a change of a game means for notifications and deadlines (docs/design.md "Notifications"):
 * a seat that becomes active is told once (`your_turn`; not again while it stays active); when
 * the game starts the seats not yet to move hear `game_started`; when it ends everyone hears
 * `game_over`. (The seats' clocks follow the same change: services/game-clocks.ts.)
 */
export function planTransition(before: Before, after: { status: GameRow['status']; activeSeats: number[] }): { notices: SeatNotice[] } {
  const notices: SeatNotice[] = [];
  const newlyActive =
    after.status === 'active' ? after.activeSeats.filter((s) => before.status !== 'active' || !before.activeSeats.includes(s)) : [];
  if (after.status === 'finished' || after.status === 'abandoned') {
    for (let s = 0; s < before.players; s++) notices.push({ seat: s, kind: 'game_over' });
  } else {
    for (const s of newlyActive) notices.push({ seat: s, kind: 'your_turn' });
    if (before.status === 'open') {
      for (let s = 0; s < before.players; s++) if (!newlyActive.includes(s)) notices.push({ seat: s, kind: 'game_started' });
    }
  }
  return { notices };
}
