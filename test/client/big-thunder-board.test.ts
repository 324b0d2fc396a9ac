/**
 * The Big Thunder board's pure helpers (client/games/big-thunder/controls.ts): the server's
 * legalMoves grouped into the board's controls, without building a single move of its own.
 * States come from the real engine (setup, bot-played turns) or from a small hand-made view.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  buildControls,
  cardClick,
  loopCell,
  marbleKey,
  mineLayout,
  sellAllFor,
  shaftRows,
  type BoardControls,
} from '../../client/games/big-thunder/controls';
import { gameSentence } from '../../client/game-page/turn-prompt';
import { setWords } from '../../client/games/words';
import { bigThunderWords } from '../../engine/games/big-thunder/words';
import type { BigThunderView, CardView } from '../../client/games/big-thunder/types';
import type { LegalMove, SeatInfo } from '../../client/api-types';
import { playMove } from '../../engine/core/play';
import { bigThunder, type BigThunderState } from '../../engine/games/big-thunder';
import { clockwise } from '../../engine/games/big-thunder/words';

const SEATS: SeatInfo[] = [
  { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
  { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
  { seat: 2, name: 'Cy', userId: 'u3', isBot: false },
  { seat: 3, name: 'Di', userId: 'u4', isBot: false },
];

/** What the server sends a seat: its view and its legal moves with their labels. */
function served(s: BigThunderState, seat: number): { view: BigThunderView; legal: LegalMove[] } {
  return {
    view: bigThunder.view(s, seat),
    legal: bigThunder.legalMoves(s, seat).map((move) => ({ label: bigThunder.describeMove!(move, s, seat), move })),
  };
}

/** Every move a control group holds, once per group it is in. */
function primaryMoves(c: BoardControls): LegalMove[] {
  return [
    ...c.play.values(),
    ...c.discardToMove.values(),
    ...c.discard.values(),
    ...c.claimJumper.values(),
    ...c.actions.flatMap((a) => a.moves),
    ...[c.tunnel.enter, c.tunnel.stay].filter((x): x is LegalMove => x !== null),
    ...c.sells,
    ...c.buyUpgrade.values(),
    ...c.removeUpgrade.values(),
    ...(c.buyShare ? [c.buyShare] : []),
    ...c.chooseShare.values(),
    ...(c.endTurn ? [c.endTurn] : []),
    ...c.other,
  ];
}

/** Click targets on the drawing: each must be one of the listed moves, never a new object. */
function targetMoves(c: BoardControls): LegalMove[] {
  return [
    ...[...c.moveTo.values()].flat().map((x) => x.move),
    ...[...c.take.values()].flat().map((x) => x.move),
    ...[...c.resupply.values()].flat().map((x) => x.move),
    ...(c.bail ? [c.bail] : []),
    ...(c.crosscut ? [c.crosscut] : []),
  ];
}

/** Checks the board's promises for one served position. */
function checkControls(view: BigThunderView, legal: LegalMove[]): BoardControls {
  const c = buildControls(view, legal);
  // Each listed move sits in exactly one control group, and nothing else does.
  const primary = primaryMoves(c);
  expect(primary).toHaveLength(legal.length);
  expect(new Set(primary).size).toBe(legal.length);
  for (const lm of primary) expect(legal).toContain(lm);
  // Shortcuts on the drawing carry listed moves (the same objects).
  for (const lm of targetMoves(c)) expect(legal.includes(lm)).toBe(true);
  // The drawn destination of a Move is the one the server names in its label.
  for (const [space, choices] of c.moveTo) {
    for (const ch of choices) {
      const m = ch.move.move as { type: string };
      if (m.type === 'move') expect(ch.move.label).toMatch(space === 0 ? / to Town$/ : new RegExp(` to mine shaft ${space}$`));
      else expect(ch.move.label).toMatch(new RegExp(`mine shaft ${space}$`));
    }
  }
  for (const [key, choices] of c.take) {
    const [shaft, marble] = key.split(':');
    for (const ch of choices) expect(ch.move.label).toContain(`${marble === 'gold' ? 'Gold Nugget' : 'Raw Ore'} from mine shaft ${shaft}`);
  }
  // No move is turned into "other" in a normal game: the board draws every kind.
  expect(c.other).toEqual([]);
  return c;
}

const card = (id: number, name: string, actions: CardView['actions'], discardToMove = false): CardView => ({
  id,
  name,
  actions,
  discardToMove,
  starting: false,
});

/** A view with what the helpers read; `over` replaces fields. */
function givenView(over: Partial<BigThunderView> & { position?: number } = {}): BigThunderView {
  const { position = 3, ...rest } = over;
  const seat = (i: number) => ({
    seat: i,
    name: ['U.R. Courageous', 'U.B. Bold'][i],
    colour: 'x',
    position: i === 0 ? position : 0,
    cart: { gold: 0, ore: 0 },
    tokens: 0,
    score: 0,
    track: { space: 0, laps: 0 },
    upgrades: [],
    handCount: 4,
    deckCount: 4,
    discard: [],
    shareCount: 0,
    shares: i === 0 ? [] : null,
    reachedTarget: false,
    final: null,
  });
  return {
    players: 2,
    you: 0,
    target: 20,
    turn: 0,
    turnNumber: 1,
    phase: 'play',
    activeSeats: [0],
    endTriggeredBy: null,
    mine: Array.from({ length: 7 }, (_, i) => ({ shaft: i + 1, gold: 0, ore: 0, water: 0 })),
    basin: { gold: 7, ore: 7, water: 7, fate: 1 },
    fateMarble: null,
    lastRun: [],
    lastFate: null,
    seats: [seat(0), seat(1)],
    hand: [],
    current: null,
    town: null,
    pending: null,
    market: [null, null, null],
    suppliesCount: 27,
    fateDeckCount: 10,
    fateDiscard: [],
    townSharesCount: 14,
    setAside: { count: 1, values: null },
    upgrades: [],
    result: null,
    ...rest,
  };
}

describe('legal moves become board controls', () => {
  test('the first turn of a 2-player game: play a card or end the turn, Town open', () => {
    const s = bigThunder.setup({
      players: 2,
      options: { longerGame: false, fateOnEmptyBasin: true, firstPlayer: 'creator' },
      seed: '0123456789abcdef0123456789abcdef',
    });
    const { view, legal } = served(s, 0);
    const c = checkControls(view, legal);
    expect(view.seats[0].position).toBe(0); // carts start in their Town spaces
    expect([...c.play.keys()].sort((a, b) => a - b)).toEqual(view.hand!.map((h) => h.id).sort((a, b) => a - b));
    expect(c.endTurn?.label).toBe('End turn and draw');
    for (const h of view.hand!) expect(cardClick(c, h.id)).toBe(c.play.get(h.id));
    // The other seat, not active, gets no controls at all.
    const other = served(s, 1);
    expect(other.legal).toEqual([]);
    const none = buildControls(other.view, other.legal);
    expect(primaryMoves(none)).toEqual([]);
    expect(none.moveTo.size + none.take.size).toBe(0);
  });

  test('Move 2 from Town: shafts 1 and 2 are the click targets, with the server labels', () => {
    const view = givenView({
      position: 0,
      current: { card: card(0, 'Move 2', [{ kind: 'move', spaces: 2 }]), used: [false] },
    });
    const legal: LegalMove[] = [
      { label: 'Move 1 space to mine shaft 1', move: { type: 'move', action: 0, spaces: 1 } },
      { label: 'Move 2 spaces to mine shaft 2', move: { type: 'move', action: 0, spaces: 2 } },
      { label: 'End turn and draw', move: { type: 'endTurn' } },
    ];
    const c = checkControls(view, legal);
    expect([...c.moveTo.keys()]).toEqual([1, 2]);
    expect(c.moveTo.get(2)).toEqual([{ move: legal[1], text: 'Use the Move 2 action' }]);
    expect(c.actions).toHaveLength(1);
    expect(c.actions[0].moves).toEqual([legal[0], legal[1]]);
  });

  test('past shaft 7 the cart rolls into Town: Move 2 from shaft 6 targets shaft 7 and Town', () => {
    expect(clockwise(6, 1)).toBe(7);
    expect(clockwise(6, 2)).toBe(0);
    expect(clockwise(7, 3)).toBe(2);
    const view = givenView({ position: 6, current: { card: card(0, 'Move 2', [{ kind: 'move', spaces: 2 }]), used: [false] } });
    const legal: LegalMove[] = [
      { label: 'Move 1 space to mine shaft 7', move: { type: 'move', action: 0, spaces: 1 } },
      { label: 'Move 2 spaces to Town', move: { type: 'move', action: 0, spaces: 2 } },
    ];
    const c = checkControls(view, legal);
    expect(c.moveTo.get(0)?.[0].move).toBe(legal[1]);
  });

  test('a Move 2 and a Move 1 on one card that both reach a shaft: the click asks which action', () => {
    const view = givenView({
      position: 3,
      current: {
        card: card(40, 'Move 2 + Move 1', [
          { kind: 'move', spaces: 2 },
          { kind: 'move', spaces: 1 },
        ]),
        used: [false, false],
      },
    });
    const legal: LegalMove[] = [
      { label: 'Move 1 space to mine shaft 4', move: { type: 'move', action: 0, spaces: 1 } },
      { label: 'Move 2 spaces to mine shaft 5', move: { type: 'move', action: 0, spaces: 2 } },
      { label: 'Move 1 space to mine shaft 4', move: { type: 'move', action: 1, spaces: 1 } },
    ];
    const c = checkControls(view, legal);
    expect(c.moveTo.get(4)?.map((x) => x.text)).toEqual(['Use the Move 2 action', 'Use the Move 1 action']);
    expect(c.moveTo.get(5)).toHaveLength(1);
  });

  test('two Move 1 actions, or two Pick for Gold actions, are one click (the first listed)', () => {
    const view = givenView({
      position: 3,
      current: {
        card: card(41, 'Move 1 + Move 1', [
          { kind: 'move', spaces: 1 },
          { kind: 'move', spaces: 1 },
        ]),
        used: [false, false],
      },
    });
    const legal: LegalMove[] = [
      { label: 'Move 1 space to mine shaft 4', move: { type: 'move', action: 0, spaces: 1 } },
      { label: 'Move 1 space to mine shaft 4', move: { type: 'move', action: 1, spaces: 1 } },
    ];
    expect(checkControls(view, legal).moveTo.get(4)).toEqual([{ move: legal[0], text: 'Use the Move 1 action' }]);

    const picks = givenView({
      position: 3,
      current: { card: card(43, 'Pick for Gold + Pick for Gold', [{ kind: 'pick' }, { kind: 'pick' }]), used: [false, false] },
    });
    const pickMoves: LegalMove[] = [0, 1].flatMap((action) => [
      { label: 'Pick for Gold: take a Gold Nugget from mine shaft 3', move: { type: 'pick', action, shaft: 3, marble: 'gold' } },
      { label: 'Pick for Gold: take a Raw Ore from mine shaft 3', move: { type: 'pick', action, shaft: 3, marble: 'ore' } },
    ]);
    const c = checkControls(picks, pickMoves);
    expect(c.take.get(marbleKey(3, 'gold'))).toEqual([{ move: pickMoves[0], text: 'Pick for Gold' }]);
    expect(c.take.get(marbleKey(3, 'ore'))).toEqual([{ move: pickMoves[1], text: 'Pick for Gold' }]);
    // ... while the card-in-play panel still offers each action's own moves.
    expect(c.actions.map((a) => a.moves.length)).toEqual([2, 2]);
  });

  test('Pick and Pan for the same Gold Nugget (Pick to Pan, Water in the shaft) stay two choices', () => {
    const view = givenView({
      position: 5,
      current: { card: card(45, 'Pick for Gold + Pan for Gold', [{ kind: 'pick' }, { kind: 'pan' }]), used: [false, false] },
    });
    const legal: LegalMove[] = [
      { label: 'Pick for Gold: take a Gold Nugget from mine shaft 5', move: { type: 'pick', action: 0, shaft: 5, marble: 'gold' } },
      { label: 'Pan for Gold: take a Gold Nugget from mine shaft 5', move: { type: 'pan', action: 1, shaft: 5, marble: 'gold' } },
    ];
    expect(
      checkControls(view, legal)
        .take.get(marbleKey(5, 'gold'))
        ?.map((x) => x.text),
    ).toEqual(['Pick for Gold', 'Pan for Gold']);
  });

  test('Bail Water, Resupply and Crosscut Tunnel; the tunnel shaft is a target while it is asked', () => {
    const view = givenView({
      position: 2,
      current: { card: card(50, 'Resupply + Bail Water', [{ kind: 'resupply' }, { kind: 'bail' }]), used: [false, false] },
    });
    const legal: LegalMove[] = [
      { label: 'Resupply: take Move 3 from the Market', move: { type: 'resupply', action: 0, slot: 0 } },
      { label: 'Resupply: take Crosscut Tunnel from the Market', move: { type: 'resupply', action: 0, slot: 2 } },
      { label: 'Bail Water from mine shaft 2', move: { type: 'bail', action: 1 } },
    ];
    const c = checkControls(view, legal);
    expect([...c.resupply.keys()]).toEqual([0, 2]);
    expect(c.bail).toBe(legal[2]);

    const tunnel = givenView({ position: 2, pending: { kind: 'tunnel', shaft: 6 } });
    const answers: LegalMove[] = [
      { label: 'Take the Crosscut Tunnel to mine shaft 6', move: { type: 'tunnel', enter: true } },
      { label: 'Stay where you are', move: { type: 'tunnel', enter: false } },
    ];
    const t = checkControls(tunnel, answers);
    expect(t.tunnel).toEqual({ enter: answers[0], stay: answers[1] });
    expect(t.moveTo.get(6)?.[0].move).toBe(answers[0]);
  });

  test('a card click: Claim Jumper discard first, else play, else discard in the Draw step', () => {
    const claim = buildControls(givenView(), [{ label: 'Discard Move 2 (Claim Jumper)', move: { type: 'claimJumper', card: 9 } }]);
    expect(cardClick(claim, 9)?.move).toEqual({ type: 'claimJumper', card: 9 });
    const draw = buildControls(givenView({ phase: 'discard' }), [
      { label: 'Discard Move 2', move: { type: 'discard', card: 9 } },
      { label: 'End turn and draw', move: { type: 'endTurn' } },
    ]);
    expect(cardClick(draw, 9)?.label).toBe('Discard Move 2');
    const play = buildControls(givenView(), [
      { label: 'Play Move 2', move: { type: 'play', card: 9 } },
      { label: 'Stop playing cards and discard Move 2', move: { type: 'discard', card: 9 } },
    ]);
    expect(cardClick(play, 9)?.label).toBe('Play Move 2');
    expect(cardClick(play, 10)).toBeNull();
  });

  test('a move of a shape the board does not know is kept as a plain button', () => {
    const odd: LegalMove = { label: 'Something new', move: { type: 'somethingNew' } };
    const broken: LegalMove = { label: 'No type', move: 42 };
    const c = buildControls(givenView(), [odd, broken]);
    expect(c.other).toEqual([odd, broken]);
  });

  test('random bot games, 2 to 4 players: every served position keeps the promises', () => {
    let positions = 0;
    for (const players of [2, 3, 4]) {
      let s = bigThunder.setup({
        players,
        options: { longerGame: false, fateOnEmptyBasin: true, firstPlayer: 'creator' },
        seed: `5eed${players}0000000000000000000000000000`.slice(0, 32),
      });
      let r = players;
      for (let i = 0; i < 600 && s.phase !== 'over'; i++) {
        const active = bigThunder.activeSeats(s);
        for (const seat of active) {
          const { view, legal } = served(s, seat);
          checkControls(view, legal);
          positions++;
        }
        const seat = active[0];
        r = (r * 16807) % 2147483647;
        const move = bigThunder.botMove!(s, seat, bigThunder.legalMoves(s, seat), r / 2147483647);
        s = playMove(bigThunder, s, seat, move).state;
      }
    }
    expect(positions).toBeGreaterThan(300);
  });
});

describe('Town: sell forms offer exactly the listed sales', () => {
  // Town EXAMPLE (rulebook): gray has 2 Gold Nuggets and 1 Raw Ore and 2 Town Tokens (room for 3).
  const sale = (gt: number, gp: number, ot: number, op: number): LegalMove => ({
    label: `sell ${gt}/${gp}/${ot}/${op}`,
    move: { type: 'sell', goldForTokens: gt, goldForPoints: gp, oreForTokens: ot, oreForPoints: op },
  });
  const listed = [
    sale(0, 0, 0, 1),
    sale(0, 0, 1, 0),
    sale(0, 1, 0, 0),
    sale(1, 0, 0, 0),
    sale(0, 2, 0, 0),
    sale(0, 2, 1, 0),
    sale(0, 2, 0, 1),
    sale(1, 1, 1, 0),
  ];

  test('"all for points" is the biggest listed sale of points only', () => {
    expect(sellAllFor(listed, 'points')).toBe(listed[6]); // 2 Gold Nuggets and the Raw Ore: 5 points
  });

  test('"all for Town Tokens" is the biggest listed sale of tokens only (the mat has room for 3)', () => {
    expect(sellAllFor(listed, 'tokens')).toBe(listed[1]); // one marble for tokens at most here; ties keep the first listed
    expect(sellAllFor([sale(1, 0, 1, 0), sale(1, 0, 0, 0)], 'tokens')?.move).toMatchObject({ goldForTokens: 1, oreForTokens: 1 });
  });

  test('no listed sale, no shortcut; the form lists the sales in the server order', () => {
    expect(sellAllFor([], 'points')).toBeNull();
    const c = buildControls(givenView({ position: 0, town: { sold: false, bought: false } }), listed);
    expect(c.sells).toEqual(listed);
  });
});

describe('drawing geometry', () => {
  test('the score loop: 26 spaces (start + 1..25) on the rim of a 9 x 6 grid, each next to the one before, 25 next to the start', () => {
    const cells = Array.from({ length: 26 }, (_, s) => loopCell(s));
    expect(new Set(cells.map((c) => `${c.col},${c.row}`)).size).toBe(26);
    for (const c of cells) expect(c.col === 0 || c.col === 8 || c.row === 0 || c.row === 5).toBe(true);
    for (let s = 0; s < 26; s++) {
      const a = cells[s];
      const b = cells[(s + 1) % 26];
      expect(Math.abs(a.col - b.col) + Math.abs(a.row - b.row)).toBe(1);
    }
    expect(loopCell(20)).toEqual({ col: 1, row: 5 }); // the star space, on the bottom row
  });

  test('every shaft is drawn with the same rows: enough for the fullest shaft, at least 3, at most 8', () => {
    const mine = Array.from({ length: 7 }, (_, i) => ({ shaft: i + 1, gold: 0, ore: 0, water: 0 }));
    expect(shaftRows({ mine, fateMarble: null })).toBe(3);
    mine[3] = { shaft: 4, gold: 3, ore: 2, water: 3 };
    expect(shaftRows({ mine, fateMarble: { shaft: 4 } })).toBe(5); // 9 marbles with the Fate marble
    mine[3] = { shaft: 4, gold: 7, ore: 7, water: 7 };
    expect(shaftRows({ mine, fateMarble: null })).toBe(8);
    const a = mineLayout(3);
    const b = mineLayout(5);
    expect(b.height - a.height).toBe(2 * a.pitch);
  });
});

describe("status line: the engine's sentence, as the board and the turn bar show it", () => {
  // What the board brings when its chunk loads (client/games/index.ts `loadBoard`).
  beforeAll(() => setWords('big-thunder', bigThunderWords));

  const say = (view: BigThunderView, seat: number | null, active = view.activeSeats) =>
    gameSentence('big-thunder', view, seat, SEATS, active);
  const hand = [card(9, 'Move 2', [{ kind: 'move', spaces: 2 }])];

  test("whose turn and what is asked, in the viewer's words", () => {
    expect(say(givenView({ hand }), 0)).toBe('Your turn: play cards, then End turn.');
    expect(say(givenView({ hand, town: { sold: false, bought: false } }), 0)).toBe(
      'Your turn: play cards or take Town actions, then End turn.',
    );
    expect(say(givenView({ hand: [], current: { card: hand[0], used: [false] } }), 0)).toBe(
      "Your turn: use your card's actions, then End turn.",
    );
    expect(say(givenView(), 1)).toBe("Ada's turn: playing cards.");
    expect(say(givenView({ phase: 'discard' }), 0)).toBe('Your turn: keep or discard cards, then End turn.');
    expect(say(givenView({ pending: { kind: 'tunnel', shaft: 4 } }), 0)).toBe(
      'Your turn: take the Crosscut Tunnel to mine shaft 4, or stay?',
    );
    expect(say(givenView({ endTriggeredBy: 1, turn: 0 }), 1)).toBe("Ada's turn (final round): playing cards.");
    expect(say(givenView({ phase: 'over' }), 0)).toBe("Game over: the final scoring is on each player's mat.");
  });

  test('Claim Jumper: the choices stay secret until the last is in', () => {
    expect(say(givenView({ activeSeats: [0, 1], pending: { kind: 'claimJumper', waiting: [0, 1], chosen: [], yours: null } }), 1)).toBe(
      'Claim Jumper! Discard one card from your hand (Ada too).',
    );
    expect(say(givenView({ activeSeats: [1], pending: { kind: 'claimJumper', waiting: [1], chosen: [0], yours: null } }), null)).toBe(
      'Claim Jumper: Ada has chosen; waiting for Bo to discard a card.',
    );
    // the chooser sees their own choice; others see only that they have chosen.
    const pick = { id: 3, name: 'Pick for Gold', actions: [], discardToMove: false, starting: true };
    expect(say(givenView({ activeSeats: [1], pending: { kind: 'claimJumper', waiting: [1], chosen: [0], yours: pick } }), 0)).toBe(
      'Claim Jumper: you chose Pick for Gold, hidden until everyone has chosen; waiting for Bo to discard a card.',
    );
  });
});
