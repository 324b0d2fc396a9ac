import { describe, expect, test } from 'vitest';
import { spaceMountain } from '../../engine/games/space-mountain';
import { seatColorProperties } from '../../client/games/space-mountain/controls';
import { printedColour } from '../../client/seat-colours';
import type { SmView } from '../../client/games/space-mountain/types';
import { newGame } from '../engine/space-mountain/helpers';

const viewOf = (rockets?: ('red' | 'blue' | 'yellow' | 'green')[]) =>
  JSON.parse(JSON.stringify(spaceMountain.view(newGame(3, rockets ? { rockets } : {}), null))) as SmView;

describe('rocket colours: the board and the page colour each seat by its chosen Rocket', () => {
  test('seat N flying the Green Rocket gets green as its page colour (seat list, log and chat chips)', () => {
    const v = viewOf(['green', 'red', 'yellow']);
    expect(seatColorProperties(v.players)).toEqual([
      ['--mp-seat-0', '#3aa17e'],
      ['--mp-seat-1', '#d1495b'],
      ['--mp-seat-2', '#f2b134'],
    ]);
    // The board paints Rockets and mats from the view's colour, never from the seat number.
    expect(v.players.map((p) => printedColour(p.color))).toEqual(['#3aa17e', '#d1495b', '#f2b134']);
  });

  test('without choices the page keeps its palette order (seat i, Rocket i)', () => {
    expect(seatColorProperties(viewOf().players).map(([, c]) => c)).toEqual(['#d1495b', '#2e86de', '#f2b134']);
  });

  test("colour values are literal, so a page colour never refers to another seat's variable", () => {
    for (const c of ['red', 'blue', 'yellow', 'green', 'purple']) expect(printedColour(c)).toMatch(/^#[0-9a-f]{6}$/);
  });
});
