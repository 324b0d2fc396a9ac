import { resultSentence } from '../../engine/core/log-names';
import { beforeAll, describe, expect, test } from 'vitest';
import { nextPollDelay, withJitter, DEFAULT_TIMING } from '../../client/poll-controller';
import { changesBySeat, changeText, diffViews } from '../../client/game-page/view-diff';
import { MAX_KEPT, readLastView, writeLastView, lastViewKey } from '../../client/game-page/last-view-store';
import { globalMoves, promptText, type PromptInput } from '../../client/game-page/turn-prompt';
import { actedLast, newestFirst, sinceLines, withNames } from '../../client/game-page/log-lines';
import { confirmQuestion, findLegal } from '../../client/game-page/move-confirm';
import type { LegalMove, LogEntry, SeatInfo } from '../../client/api-types';
import { bigThunder } from '../../engine/games/big-thunder';
import { snowdonia } from '../../engine/games/snowdonia';
import { spaceMountain } from '../../engine/games/space-mountain';
import { QUANTITY_WORDS as BIG_THUNDER_WORDS, bigThunderWords } from '../../engine/games/big-thunder/words';
import { snowdoniaWords } from '../../engine/games/snowdonia/words';
import { QUANTITY_WORDS as SPACE_MOUNTAIN_WORDS, spaceMountainWords } from '../../engine/games/space-mountain/words';
import { setWords, wordsFor } from '../../client/games/words';

const SEED = '0123456789abcdef0123456789abcdef';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
  { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
];
const withBot: SeatInfo[] = [seats[0], { seat: 1, name: 'Robo', userId: null, isBot: true }];

describe('network: poll backoff schedule', () => {
  test('visible 3 s, a bot moving 1 s, a hidden tab every 3 minutes', () => {
    expect(nextPollDelay(false, 0)).toBe(3_000);
    expect(nextPollDelay(false, 0, DEFAULT_TIMING, true)).toBe(1_000);
    expect(nextPollDelay(true, 0, DEFAULT_TIMING, true)).toBe(180_000);
    expect(nextPollDelay(true, 0)).toBeGreaterThanOrEqual(120_000);
  });

  test('failures double the wait up to two minutes, never below the plain wait', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => nextPollDelay(false, n))).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 96_000, 120_000]);
    expect(nextPollDelay(false, 3, DEFAULT_TIMING, true)).toBe(8_000);
    expect(nextPollDelay(true, 4)).toBe(180_000);
  });

  test('jitter spreads a wait over +-20% and nothing more', () => {
    expect(withJitter(10_000, 0.2, 0)).toBe(8_000);
    expect(withJitter(10_000, 0.2, 0.5)).toBe(10_000);
    expect(withJitter(10_000, 0.2, 0.999999)).toBe(12_000);
    expect(withJitter(10_000, 0, 0.3)).toBe(10_000);
    expect(DEFAULT_TIMING.timeoutMs).toBeLessThan(DEFAULT_TIMING.maxBackoffMs);
  });
});

describe('since you last looked: diff of views', () => {
  const before = {
    round: 2,
    seats: [
      { seat: 0, name: 'U.R. Courageous', score: 12, tokens: 1, cart: { gold: 2, ore: 0 }, discard: [1, 2], upgrades: [] },
      { seat: 1, name: 'I.M. Brave', score: 8, tokens: 0, cart: { gold: 0, ore: 1 }, discard: [], upgrades: [] },
    ],
  };
  const after = {
    round: 3,
    seats: [
      { seat: 0, name: 'U.R. Courageous', score: 12, tokens: 1, cart: { gold: 2, ore: 0 }, discard: [1, 2], upgrades: [] },
      { seat: 1, name: 'I.M. Brave', score: 15, tokens: 0, cart: { gold: 3, ore: 1 }, discard: [4, 5], upgrades: ['x'] },
    ],
  };

  // Big Thunder's words, and "round" for the table's own number.
  const words = { ...BIG_THUNDER_WORDS, round: 'round' };

  test("scores, number groups and list lengths per seat, then the table, in the game's words", () => {
    const changes = diffViews(before, after, words);
    expect(changes.map((c) => [c.seat, changeText(c)])).toEqual([
      [1, 'points 8 → 15'],
      [1, 'Gold Nuggets in the Mine Cart 0 → 3'],
      [1, 'Upgrades 0 → 1'],
      [null, 'round 2 → 3'],
    ]);
    expect(changes[0].path).toBe('seats.1.score');
    expect(changesBySeat(changes).map((g) => [g.seat, g.changes.length])).toEqual([
      [1, 3],
      [null, 1],
    ]);
    // Internal counters (a discard pile's length, deck sizes) are not news in players' words: left out.
    expect(changes.some((c) => /count|discard/.test(c.what))).toBe(false);
  });

  test('nothing changed, or not views at all: no changes', () => {
    expect(diffViews(before, structuredClone(before), words)).toEqual([]);
    expect(diffViews(null, after, words)).toEqual([]);
    expect(diffViews(before, 'x', words)).toEqual([]);
    // Another game's words name none of these quantities.
    expect(diffViews(before, after, SPACE_MOUNTAIN_WORDS).map(changeText)).toEqual(['round 2 → 3']);
  });

  test('Space Mountain keeps its players under `players`', () => {
    const a = { fuel: { level: 5, start: 9 }, players: [{ seat: 0, missionsComplete: 0, starportsVisited: 1 }] };
    const b = { fuel: { level: 4, start: 9 }, players: [{ seat: 0, missionsComplete: 1, starportsVisited: 1 }] };
    expect(diffViews(a, b, SPACE_MOUNTAIN_WORDS).map(changeText)).toEqual(['Missions completed 0 → 1', 'Fuel Gauge 5 → 4']);
  });

  /** A Storage over a Map (what localStorage is, without a browser). */
  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      key: (i: number) => [...map.keys()][i] ?? null,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      clear: () => map.clear(),
    };
  }

  test('the last view drawn is kept per game and seat', () => {
    const store = memoryStorage();
    expect(readLastView('g1', 0, store)).toBeNull();
    writeLastView('g1', 0, { version: 7, view: before }, store, 1000);
    expect(readLastView('g1', 0, store)).toEqual({ version: 7, view: before, at: 1000 });
    expect(readLastView('g1', 1, store)).toBeNull();
    expect(lastViewKey('g1', null)).toBe('mp:last-view:g1:w');
    const full = {
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(readLastView('g1', 0, full)).toBeNull();
    expect(() => writeLastView('g1', 0, { version: 1, view: {} }, full)).not.toThrow();
  });

  test('at most MAX_KEPT games are kept, the least recently drawn go first', () => {
    const store = memoryStorage();
    store.setItem('other', 'kept');
    for (let i = 0; i < MAX_KEPT + 5; i++) writeLastView(`g${i}`, 0, { version: i, view: {} }, store, 1000 + i);
    expect(store.length).toBe(MAX_KEPT + 1);
    expect(readLastView('g0', 0, store)).toBeNull();
    expect(readLastView('g4', 0, store)).toBeNull();
    expect(readLastView('g5', 0, store)?.version).toBe(5);
    expect(store.getItem('other')).toBe('kept');
  });
});

describe('turn bar: prompt text', () => {
  // What each game's board brings when its chunk loads (client/games/index.ts `loadBoard`).
  beforeAll(() => {
    for (const w of [bigThunderWords, snowdoniaWords, spaceMountainWords]) setWords(w.id, w);
  });
  const base: PromptInput = {
    type: 'space-mountain',
    status: 'active',
    activeSeats: [0, 1],
    yourSeat: 0,
    seats,
    view: undefined,
    botsToMove: false,
  };
  const lm = (move: unknown, label = 'x'): LegalMove => ({ label, move });

  /** A Space Mountain game at Step 1, every Rocket launched. */
  function spaceMountainAtStep1() {
    let s = spaceMountain.setup({ players: 2, options: spaceMountain.optionsSchema.parse({}), seed: SEED });
    while (s.phase === 'launch') {
      const seat = spaceMountain.activeSeats(s)[0];
      s = spaceMountain.applyMove(s, seat, spaceMountain.legalMoves(s, seat)[0]).state;
    }
    return s;
  }

  test("Space Mountain Step 1: the engine's sentence, with the others who decide too", () => {
    const s = spaceMountainAtStep1();
    expect(promptText({ ...base, view: spaceMountain.view(s, 0) })).toBe('Your turn: choose Go or Refuel (Bo too).');
    expect(promptText({ ...base, yourSeat: null, view: spaceMountain.view(s, null) })).toBe(
      'Waiting for Ada and Bo to choose Go or Refuel.',
    );
    const moves = [lm({ type: 'go' }, 'All Systems Go!'), lm({ type: 'refuel', flip: [] }, 'Refuel'), lm({ type: 'refuel', flip: ['A'] })];
    expect(globalMoves('space-mountain', moves).map((m) => m.label)).toEqual(['All Systems Go!', 'Refuel']);
    // Step 4: left or right in the bar; the facing after a Wormhole on the board's compass only.
    const step4 = [lm({ type: 'turn', dir: 'left' }, 'Turn left'), lm({ type: 'face', facing: 'N' }, 'Face north')];
    expect(globalMoves('space-mountain', step4).map((m) => m.label)).toEqual(['Turn left']);
  });

  test("Big Thunder: the player on turn, and End turn as the bar's button", () => {
    const s = bigThunder.setup({ players: 2, options: bigThunder.optionsSchema.parse({}), seed: SEED });
    const p = { ...base, type: 'big-thunder', activeSeats: [s.turn] };
    expect(promptText({ ...p, yourSeat: s.turn, view: bigThunder.view(s, s.turn) })).toBe(
      'Your turn: play cards or take Town actions, then End turn.',
    );
    expect(promptText({ ...p, yourSeat: 1 - s.turn, view: bigThunder.view(s, 1 - s.turn) })).toBe(
      `${seats[s.turn].name}'s turn: playing cards and taking Town actions.`,
    );
    const moves = [lm({ type: 'play', card: 3 }), lm({ type: 'endTurn' }, 'End turn')];
    expect(globalMoves('big-thunder', moves).map((m) => m.label)).toEqual(['End turn']);
  });

  test("a finished game names its winner by name, not by the result summary's seat label", () => {
    const s = snowdonia.setup({ players: 2, options: snowdonia.optionsSchema.parse({}), seed: SEED });
    const result = { ranking: [1, 0], scores: [80, 83], summary: 'Player 2 wins with 83 VP.' };
    const over = { ...snowdonia.view(s, 0), step: { kind: 'over' }, result };
    const p = { ...base, type: 'snowdonia', status: 'finished' as const, activeSeats: [], summary: result.summary };
    expect(promptText({ ...p, view: over })).toBe(
      `Game over. ${seats[1].name} wins with 83 VP. Final scores: ${seats[1].name} 83, ${seats[0].name} 80.`,
    );
    // Big Thunder names the winner too ("U.B. Bold", its Locomotive, in the result's summary).
    const bt = bigThunder.setup({ players: 2, options: bigThunder.optionsSchema.parse({}), seed: SEED });
    const btResult = { ranking: [1, 0], scores: [25, 28], summary: 'U.B. Bold wins with 28 points.' };
    const btOver = { ...bigThunder.view(bt, 0), phase: 'over', result: btResult };
    expect(promptText({ ...p, type: 'big-thunder', summary: btResult.summary, view: btOver })).toBe(
      `Game over. ${seats[1].name} wins with 28 points. Final scores: ${seats[1].name} 28, ${seats[0].name} 25.`,
    );
    // Players who share the win are named together.
    expect(resultSentence({ ranking: [2, 0, 1], scores: [5, 3, 5], ties: [[2, 0]], summary: '' }, 'VP')).toBe(
      '{{p:2}} and {{p:0}} share the win with 5 VP. Final scores: {{p:2}} 5, {{p:0}} 5, {{p:1}} 3.',
    );
    // A sentence that names no player (a view without the result) keeps the platform's line with the summary.
    expect(promptText({ ...p, type: 'big-thunder', summary: btResult.summary, view: { ...btOver, result: null } })).toBe(
      'Game over. U.B. Bold wins with 28 points.',
    );
  });

  test("Snowdonia: placing a Labourer; passing and skipping are the bar's buttons", () => {
    const s = snowdonia.setup({ players: 2, options: snowdonia.optionsSchema.parse({}), seed: SEED });
    const first = snowdonia.activeSeats(s)[0];
    const p = { ...base, type: 'snowdonia', activeSeats: [first] };
    expect(promptText({ ...p, yourSeat: first, view: snowdonia.view(s, first) })).toBe('Your turn: place a Labourer.');
    expect(promptText({ ...p, yourSeat: 1 - first, view: snowdonia.view(s, 1 - first) })).toBe(
      `Waiting for ${seats[first].name} to place a Labourer.`,
    );
    const moves = [
      lm({ type: 'take-cubes', iron: 1, stone: 0, coal: 0 }),
      lm({ type: 'skip' }, 'Skip'),
      lm({ type: 'pass-contracts' }, 'No'),
    ];
    expect(globalMoves('snowdonia', moves).map((m) => m.label)).toEqual(['No', 'Skip']);
  });

  test('before its board (and words) arrive, a game says the usual line', () => {
    expect(wordsFor('not-loaded-yet')).toBeUndefined();
    expect(promptText({ ...base, type: 'not-loaded-yet', activeSeats: [0, 1], view: spaceMountainAtStep1() })).toBe('Your turn (Bo too).');
  });

  test('waiting for a person, a bot playing, a game without words of its own, a view the words do not know', () => {
    expect(promptText({ ...base, activeSeats: [1] })).toBe('Waiting for Bo.');
    expect(promptText({ ...base, activeSeats: [1], seats: withBot, botsToMove: true })).toBe('Bot is playing…');
    expect(promptText({ ...base, type: 'other', activeSeats: [0], view: { a: 1 } })).toBe('Your turn.');
    expect(promptText({ ...base, activeSeats: [0], view: { not: 'a Space Mountain view' } })).toBe('Your turn.');
    expect(promptText({ ...base, status: 'finished', summary: 'Ada wins.', view: spaceMountainAtStep1() })).toBe('Game over. Ada wins.');
  });
});

describe('one log order, names, since you last looked', () => {
  const at = '2026-12-01T00:00:00Z';
  const log: LogEntry[] = [
    { seq: 1, seat: null, text: 'Game started.', at },
    { seq: 2, seat: 1, text: '{{p:1}} played Pick for Gold.', at },
    { seq: 2, seat: 1, text: 'Ran 3 marbles.', at },
    { seq: 3, seat: 1, text: '{{p:1}} ended the turn.', at },
  ];

  test('newest first, the lines of one move in the same order as the moves', () => {
    expect(newestFirst(log).map((e) => e.text)).toEqual([
      '{{p:1}} ended the turn.',
      'Ran 3 marbles.',
      '{{p:1}} played Pick for Gold.',
      'Game started.',
    ]);
  });

  test("who acted last: the first line of the newest event, whatever the game's lines after it say", () => {
    expect(actedLast(log, 1)).toBe(true);
    expect(actedLast(log, 0)).toBe(false);
    expect(
      actedLast([...log, { seq: 4, seat: 0, text: '{{p:0}} took Resupply.', at }, { seq: 4, seat: null, text: 'Drawn.', at }], 0),
    ).toBe(true);
    // Another seat's forced step inside the mover's event (Snowdonia's Excavation) is not its move.
    const dug: LogEntry[] = [
      ...log,
      { seq: 5, seat: 0, text: '{{p:0}} took 2 Iron Ore.', at },
      { seq: 5, seat: 1, text: '{{p:1}} excavated 3 Rubble.', at },
    ];
    expect(actedLast(dug, 1)).toBe(false);
    expect(actedLast(dug, 0)).toBe(true);
    expect(actedLast([], 0)).toBe(false);
    expect(actedLast(log, null)).toBe(false);
  });

  test('name markers become display names; the card lists lines oldest first, named', () => {
    expect(withNames('{{p:0}} and {{p:1}}; {{p:4}}', seats)).toBe('Ada and Bo; Seat 5');
    expect(sinceLines(log.slice(1), seats)).toEqual({
      lines: ['Bo played Pick for Gold', 'Bo: Ran 3 marbles', 'Bo ended the turn'],
      more: 0,
    });
    expect(sinceLines(log, seats, 2).more).toBe(2);
    // A role name that merely contains the player's name is not the player's name.
    expect(sinceLines([{ seq: 4, seat: 1, text: 'U.B. Bold plays Pick for Gold.', at }], seats).lines).toEqual([
      'Bo: U.B. Bold plays Pick for Gold',
    ]);
  });
});

describe('no silent no-ops: ask before a move that does nothing', () => {
  const moves: LegalMove[] = [
    { label: 'Pan for Gold', move: { type: 'pan', action: 0, shaft: 0, marble: 'gold' }, effect: 'none' },
    { label: 'Discard', move: { type: 'discard', card: 4 }, warning: 'Stop playing cards' },
    { label: 'End turn', move: { type: 'endTurn' } },
  ];
  test('the board move is matched whatever its key order, and the question names it', () => {
    const pan = findLegal(moves, { marble: 'gold', shaft: 0, action: 0, type: 'pan' });
    expect(pan?.label).toBe('Pan for Gold');
    expect(confirmQuestion(pan)).toBe('“Pan for Gold” would do nothing now. Send it anyway?');
    expect(confirmQuestion(findLegal(moves, { type: 'discard', card: 4 }))).toBe('Stop playing cards. Send “Discard” anyway?');
    expect(confirmQuestion(findLegal(moves, { type: 'endTurn' }))).toBeNull();
    expect(findLegal(moves, { type: 'endTurn', extra: 1 })).toBeNull();
  });
});
