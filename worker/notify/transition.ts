import type { GameRow } from '../services/game-rows';
import type { SeatNotice } from './enqueue';

/** Milliseconds per move for each time control. */
export const TIME_CONTROL_MS: Record<GameRow['timeControl'], number | null> = {
  none: null,
  '24h': 24 * 3600 * 1000,
  '72h': 72 * 3600 * 1000,
};

/** The part of a game row a transition reads. */
type Before = Pick<GameRow, 'status' | 'activeSeats' | 'deadlineAt' | 'reminderStage' | 'timeControl' | 'players'>;

/**
 * What a change of a game means for notifications and deadlines (docs/design.md "Notifications"):
 * a seat that becomes active is told once (`your_turn`; not again while it stays active); when
 * the game starts the seats not yet to move hear `game_started`; when it ends everyone hears
 * `game_over`. The per-move deadline restarts whenever some seat becomes active, and is kept
 * while the active seats only shrink (simultaneous decisions).
 */
export function planTransition(before: Before, after: { status: GameRow['status']; activeSeats: number[] }, now: Date) {
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
  const perMove = TIME_CONTROL_MS[before.timeControl];
  let deadline = { deadlineAt: before.deadlineAt, reminderStage: before.reminderStage };
  if (after.status !== 'active' || perMove === null) deadline = { deadlineAt: null, reminderStage: 0 };
  else if (newlyActive.length > 0) deadline = { deadlineAt: new Date(now.getTime() + perMove), reminderStage: 0 };
  return { notices, update: deadline };
}
