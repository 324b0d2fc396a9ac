/**
 * The pure parts of "what changed, on the board": which marks differ between two drawings
 * (client/game-page/board-marks.ts), and the steps of "Step through on the board"
 * (client/game-page/step-through.ts). The drawing and marking itself is proved in the browser
 * (test/e2e/board-marks.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { changedKeys } from '../../client/game-page/board-marks';
import { stepsOf } from '../../client/game-page/step-through';
import type { LogEntry, SeatInfo } from '../../client/api-types';

const SEATS: SeatInfo[] = [
  { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
  { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
];

describe('changedKeys', () => {
  test('a changed value and a new key are marked; a key gone and an unchanged one are not', () => {
    const before = new Map([
      ['cart-0', 'town:0:0'],
      ['cart-1', 'shaft-3:1:0'],
      ['market-0', '12'],
      ['field:score@0', '0 points'],
    ]);
    const after = new Map([
      ['cart-0', 'shaft-1:0:0'],
      ['cart-1', 'shaft-3:1:0'],
      ['field:score@0', '3 points'],
      ['token-C3', 'planet'],
    ]);
    expect([...changedKeys(before, after)].sort()).toEqual(['cart-0', 'field:score@0', 'token-C3']);
  });

  test('no drawing to compare with marks nothing', () => {
    expect(changedKeys(new Map(), new Map([['cart-0', 'town']])).size).toBe(0);
  });
});

describe('stepsOf', () => {
  const line = (seq: number, seat: number | null, text: string, undone = false): LogEntry =>
    ({ seq, seat, text, undone, at: '2026-12-03T10:00:00.000Z' }) as LogEntry;

  test('one step per event, its lines together and named, oldest first, a move taken back left out', () => {
    const steps = stepsOf(
      [
        line(7, 1, 'plays Move 2'),
        line(7, 1, 'Bo moves 2 spaces to mine shaft 3'),
        line(8, 1, 'plays Bail Water', true),
        line(9, null, 'A Raw Ore ran into mine shaft 5.'),
      ],
      SEATS,
    );
    expect(steps).toEqual([
      { seq: 7, lines: ['Bo: plays Move 2', 'Bo moves 2 spaces to mine shaft 3'] },
      { seq: 9, lines: ['A Raw Ore ran into mine shaft 5'] },
    ]);
  });
});
