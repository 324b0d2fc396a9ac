import { BOARD_SIZE } from './components';
import { turned, type Facing } from './words';

export { turned };

const DELTA: Readonly<Record<Facing, readonly [number, number]>> = {
  north: [-1, 0],
  east: [0, 1],
  south: [1, 0],
  west: [0, -1],
};

/** The result of trying to move one square forward. */
export type StepResult = { wrapped: false; row: number; col: number } | { wrapped: true; row: number; col: number };

/**
 * One square forward in `facing`. Running into the edge of the board is Wrapping Around
 * (Galaxy Events): the Rocket goes to the other side of the board in the same row or column,
 * facing the centre - which is the direction it was already flying.
 */
export function stepForward(row: number, col: number, facing: Facing): StepResult {
  const [dr, dc] = DELTA[facing];
  const r = row + dr;
  const c = col + dc;
  if (r < 0) return { wrapped: true, row: BOARD_SIZE - 1, col };
  if (r >= BOARD_SIZE) return { wrapped: true, row: 0, col };
  if (c < 0) return { wrapped: true, row, col: BOARD_SIZE - 1 };
  if (c >= BOARD_SIZE) return { wrapped: true, row, col: 0 };
  return { wrapped: false, row: r, col: c };
}
