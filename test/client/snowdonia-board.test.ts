/**
 * The Snowdonia board's pure helpers (client/games/snowdonia/controls.ts): the server's legal
 * moves become controls one to one, the count pickers reach exactly the listed mixes, Lay Track
 * reaches the right Track cards, and the railway zig-zags up the mountain. Views and moves come
 * from the real engine, so a change of the engine's move list shows up here.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { snowdonia } from '../../engine/games/snowdonia';
import type { SnowdoniaState } from '../../engine/games/snowdonia';
import {
  buildChoice,
  buildRows,
  canAdd,
  choiceFor,
  columnsFor,
  fitSelection,
  controlGroups,
  focusPart,
  groupedMoves,
  layTargets,
  matchCounts,
  mostUnits,
  placeChoice,
  routeLayout,
  stripFocus,
  stripScrollLeft,
  STRIP_SCALE,
  usesStrip,
  withoutPrefix,
  zeroCounts,
  type Choice,
  type Counts,
} from '../../client/games/snowdonia/controls';
import { gameSentence } from '../../client/game-page/turn-prompt';
import { setWords } from '../../client/games/words';
import { snowdoniaWords } from '../../engine/games/snowdonia/words';
import type { LegalMove, SeatInfo } from '../../client/api-types';
import type { RouteCardView, SnowdoniaView } from '../../client/games/snowdonia/types';

const SEED = '0123456789abcdef0123456789abcdef';
const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', userId: 'a', isBot: false },
  { seat: 1, name: 'Bo', userId: 'b', isBot: false },
  { seat: 2, name: '', userId: 'c', isBot: false }, // no name to show: "Seat 3"
];

function newGame(players: number, seed = SEED): SnowdoniaState {
  return snowdonia.setup({
    players,
    options: { buildPrerequisite: 'station-cleared', thinnerFog: false, optionalTrackCards: false },
    seed,
  });
}

/** The legal moves of `seat` as the API sends them: the view's list, labels included. */
function legalOf(s: SnowdoniaState, seat: number): LegalMove[] {
  return snowdonia.view(s, seat).legalMoves;
}

/** Plays bot moves until `until` holds (or the game ends); returns the state there. */
function playUntil(s: SnowdoniaState, until: (s: SnowdoniaState) => boolean, limit = 2000): SnowdoniaState {
  let r = 0.41;
  for (let i = 0; i < limit && s.step.kind !== 'over' && !until(s); i++) {
    const seat = snowdonia.activeSeats(s)[0];
    r = (r * 9301 + 0.49297) % 1;
    const m = snowdonia.botMove!(s, seat, snowdonia.legalMoves(s, seat), r);
    s = snowdonia.applyMove(s, seat, m).state;
  }
  return s;
}

const key = (lm: LegalMove) => JSON.stringify(lm.move);

describe('controlGroups: every legal move becomes exactly one control', () => {
  test('whole games for 2 to 5 players: nothing lost, nothing doubled, nothing unrecognised', () => {
    const typesSeen = new Set<string>();
    for (const players of [2, 3, 4, 5]) {
      let s = newGame(players, `${SEED.slice(0, 31)}${players}`);
      let r = 0.13 * players;
      for (let i = 0; i < 3000 && s.step.kind !== 'over'; i++) {
        for (const seat of snowdonia.activeSeats(s)) {
          const legal = legalOf(s, seat);
          const g = controlGroups(legal);
          const grouped = groupedMoves(g);
          expect(grouped.map(key).sort()).toEqual(legal.map(key).sort());
          expect(g.other).toEqual([]);
          for (const lm of legal) typesSeen.add((lm.move as { type: string }).type);
          // The controls carry the server's own entries, never copies or rebuilt moves.
          for (const lm of grouped) expect(legal).toContain(lm);
        }
        const seat = snowdonia.activeSeats(s)[0];
        r = (r * 9301 + 0.49297) % 1;
        s = snowdonia.applyMove(s, seat, snowdonia.botMove!(s, seat, snowdonia.legalMoves(s, seat), r)).state;
      }
      expect(s.step.kind).toBe('over');
    }
    // The games above reached the usual decisions (so the test checks them all).
    for (const t of [
      'place',
      'hire-temporary',
      'take-cubes',
      'convert',
      'build-station',
      'buy-train',
      'take-contract',
      'activate-contract',
      'pass-contracts',
    ]) {
      expect(typesSeen).toContain(t);
    }
  });

  test('a repeated or unknown move is a plain button (other), never dropped', () => {
    // A move's shape is the engine's (its schema checks every move the server lists): the board
    // sorts by type only, and keeps what it has no control for.
    const place = { label: 'Place on A1', move: { type: 'place', area: 'A', space: 1 } };
    const again = { label: 'Place on A1 again', move: { type: 'place', area: 'A', space: 1 } };
    const odd = { label: 'Something new', move: { type: 'dance', steps: 3 } };
    const none = { label: 'No move at all', move: null };
    const g = controlGroups([place, again, odd, none]);
    expect(g.place.map((c) => c.legal)).toEqual([place]);
    expect(g.other).toEqual([again, odd, none]);
    expect(groupedMoves(g)).toHaveLength(4);
    expect(controlGroups(undefined).other).toEqual([]);
  });

  test('round 1, 2 players: ten placements A1 to G1, each space maps to its own move', () => {
    const s = newGame(2);
    const first = s.startPlayer;
    const legal = legalOf(s, first);
    const g = controlGroups(legal);
    // 2 players: A 2, B 2, C 1, D 1, E 2, F 1 spaces (README table), G unlimited: next is 1.
    expect(g.place.map((c) => `${c.value.area}${c.value.space}`)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'D1', 'E1', 'E2', 'F1', 'G1']);
    expect(g.hire).toBeNull(); // no Train yet, so no Temporary Labourer
    expect(placeChoice(g, 'C', 1)).toBe(legal.find((l) => key(l) === JSON.stringify({ type: 'place', area: 'C', space: 1 })));
    expect(placeChoice(g, 'C', 2)).toBeNull();
    expect(focusPart(g)).toBe('areas');
    // The other seat has nothing to do: no controls at all.
    expect(groupedMoves(controlGroups(legalOf(s, 1 - first)))).toEqual([]);
  });
});

describe('count pickers: the Stock Yard (7 Iron Ore, 4 Stone, 1 Coal at setup)', () => {
  function stockYardChoices(): { legal: LegalMove[]; choices: Choice<Counts<'iron' | 'stone' | 'coal'>>[] } {
    // Both players' first Labourers on the Stock Yard: the first to resolve picks cubes.
    let s = newGame(2);
    const p = s.startPlayer;
    s = snowdonia.applyMove(s, p, { type: 'place', area: 'A', space: 1 }).state;
    s = snowdonia.applyMove(s, 1 - p, { type: 'place', area: 'A', space: 2 }).state;
    s = snowdonia.applyMove(s, p, { type: 'place', area: 'F', space: 1 }).state;
    s = snowdonia.applyMove(s, 1 - p, { type: 'place', area: 'B', space: 1 }).state;
    expect(s.step).toMatchObject({ kind: 'action', area: 'A', seat: p });
    const legal = legalOf(s, p);
    return { legal, choices: controlGroups(legal).takeCubes };
  }

  test('up to 3 cubes, at most 1 Coal; Take is the listed move for exactly the chosen cubes', () => {
    const { legal, choices } = stockYardChoices();
    expect(mostUnits(choices)).toBe(3);
    let sel = zeroCounts(['iron', 'stone', 'coal'] as const);
    expect(matchCounts(choices, sel)).toBeNull(); // nothing chosen: the action is mandatory
    expect(canAdd(choices, sel, 'coal')).toBe(true);
    sel = { ...sel, coal: 1 };
    expect(canAdd(choices, sel, 'coal')).toBe(false); // max 1 Coal
    sel = { ...sel, iron: 2 };
    const take = matchCounts(choices, sel)!;
    expect(take.move).toEqual({ type: 'take-cubes', iron: 2, stone: 0, coal: 1 });
    expect(take.label).toBe('Take 2 Iron Ore, 1 Coal');
    expect(legal).toContain(take);
    expect(canAdd(choices, sel, 'iron')).toBe(false); // 3 cubes already
    expect(canAdd(choices, sel, 'stone')).toBe(false);
  });

  test('every listed mix can be reached one cube at a time, and nothing else can', () => {
    const { choices } = stockYardChoices();
    const reached = new Set<string>();
    const walk = (sel: Counts<'iron' | 'stone' | 'coal'>) => {
      const lm = matchCounts(choices, sel);
      if (lm) reached.add(key(lm));
      for (const k of ['iron', 'stone', 'coal'] as const) if (canAdd(choices, sel, k)) walk({ ...sel, [k]: sel[k] + 1 });
    };
    walk(zeroCounts(['iron', 'stone', 'coal'] as const));
    expect([...reached].sort()).toEqual(choices.map((c) => key(c.legal)).sort());
  });

  test('a selection is trimmed when the choices shrink under it', () => {
    const { choices } = stockYardChoices();
    const fewer = choices.filter((c) => c.value.coal === 0);
    expect(fitSelection(fewer, { iron: 1, stone: 1, coal: 1 })).toEqual({ iron: 1, stone: 1, coal: 0 });
    expect(fitSelection(choices, { iron: 1, stone: 1, coal: 1 })).toEqual({ iron: 1, stone: 1, coal: 1 });
  });
});

describe('Works, Build, Site Office controls from real game positions', () => {
  test('Works: conversions are reached by plus buttons; Convert is the listed move', () => {
    const s = playUntil(newGame(2), (x) => x.step.kind === 'action' && x.step.area === 'C');
    expect(s.step).toMatchObject({ kind: 'action', area: 'C' });
    const seat = snowdonia.activeSeats(s)[0];
    const g = controlGroups(legalOf(s, seat));
    expect(g.convert.length).toBeGreaterThan(1);
    for (const c of g.convert) {
      let sel = zeroCounts(['steel', 'stone'] as const);
      for (const k of ['steel', 'stone'] as const) {
        while (sel[k] < c.value[k]) {
          expect(canAdd(g.convert, sel, k)).toBe(true);
          sel = { ...sel, [k]: sel[k] + 1 };
        }
      }
      expect(matchCounts(g.convert, sel)).toBe(c.legal);
    }
  });

  test('Build: each listed building space and Train has its control; the rest have none', () => {
    const s = playUntil(
      newGame(2),
      (x) => x.step.kind === 'action' && x.step.area === 'E' && snowdonia.legalMoves(x, x.step.seat).some((m) => m.type === 'buy-train'),
    );
    const seat = snowdonia.activeSeats(s)[0];
    const legal = legalOf(s, seat);
    const g = controlGroups(legal);
    const view = snowdonia.view(s, seat) as SnowdoniaView;
    let spaces = 0;
    for (const card of view.route) {
      if (card.kind !== 'station') continue;
      for (const b of card.building) {
        const lm = buildChoice(g, card.station, b.space);
        const listed = legal.find((l) => key(l) === JSON.stringify({ type: 'build-station', station: card.station, space: b.space }));
        expect(lm).toBe(listed ?? null);
        if (lm) spaces++;
      }
    }
    expect(spaces).toBe(g.buildStation.length);
    for (const t of view.engineShed)
      expect(choiceFor(g.buyTrain, t.no)).toBe(legal.find((l) => key(l) === JSON.stringify({ type: 'buy-train', train: t.no })) ?? null);
    expect(g.buyTrain.length).toBeGreaterThan(0);
  });

  test("Build in the prompt: one row a Station, in route order, each listed space once without the Station's name", () => {
    const anyTime = snowdonia.setup({
      players: 2,
      options: { buildPrerequisite: 'none', thinnerFog: false, optionalTrackCards: false },
      seed: SEED,
    });
    const s = playUntil(
      anyTime,
      (x) =>
        x.step.kind === 'action' &&
        x.step.area === 'E' &&
        snowdonia.legalMoves(x, x.step.seat).filter((m) => m.type === 'build-station').length > 4,
    );
    const seat = snowdonia.activeSeats(s)[0];
    const g = controlGroups(legalOf(s, seat));
    const view = snowdonia.view(s, seat) as SnowdoniaView;
    const rows = buildRows(view.route, g.buildStation);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.flatMap((r) => r.spaces.map((b) => key(b.legal))).sort()).toEqual(g.buildStation.map((c) => key(c.legal)).sort());
    const order = view.route.flatMap((c) => (c.kind === 'station' ? [c.station] : []));
    const at = rows.map((r) => order.indexOf(r.station));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    for (const r of rows) for (const b of r.spaces) expect(b.text).toMatch(/^Space \d: \d+ (Stone|Steel Bars?) for \d+ VP$/);
    expect(withoutPrefix('Buy Padarn for 2 Steel Bars', 'Build Two Viaducts ')).toBe('Buy Padarn for 2 Steel Bars');
  });

  test('Site Office: Take on each face-up Contract', () => {
    const s = playUntil(newGame(3), (x) => x.step.kind === 'action' && x.step.area === 'F');
    const seat = snowdonia.activeSeats(s)[0];
    const view = snowdonia.view(s, seat) as SnowdoniaView;
    const g = controlGroups(view.legalMoves);
    expect(focusPart(g)).toBe('site-office');
    const office = view.siteOffice.filter((k) => k !== null);
    expect(g.takeContract.map((c) => c.value).sort()).toEqual(office.map((k) => k!.id).sort());
    for (const k of office) expect(choiceFor(g.takeContract, k!.id)!.move).toEqual({ type: 'take-contract', contract: k!.id });
  });
});

describe('Lay Track reaches the lowest unlaid Track cards', () => {
  const track = (position: number, rubble: number, owner: number | 'game' | null = null): RouteCardView => ({
    kind: 'track',
    position,
    card: position,
    rubble,
    rubbleStart: 3,
    vp: 3,
    owner,
  });
  const station = {
    kind: 'station',
    station: 'hebron',
    name: 'Hebron',
    number: 3,
    surveyorVp: 4,
    cleared: true,
    excavation: [],
    building: [],
    surveyors: [],
  } as RouteCardView;
  const lay = (n: number): Choice<number> => ({ legal: { label: `Lay track on ${n}`, move: { type: 'lay-track', count: n } }, value: n });

  test('the k-th unlaid card carries "lay on k cards"; laid cards and Stations are skipped', () => {
    // route: T1 laid, T2 cleared, Station, T3 cleared, T4 cleared, T5 rubble
    const route = [track(1, 0, 0), track(2, 0), station, track(3, 0), track(4, 0), track(5, 2)];
    const targets = layTargets(route, [lay(1), lay(2)]);
    expect([...targets.entries()].map(([i, c]) => [i, c.value])).toEqual([
      [1, 1],
      [3, 2],
    ]);
    expect(layTargets(route, []).size).toBe(0);
  });

  test("a phone's strip opens on the step's first card, else at the work front", () => {
    const route = [track(1, 0, 0), track(2, 0), station, track(3, 0), track(4, 2)];
    const none = { buildStation: [], layTrack: [] };
    // Nothing to do on the railway: the first Track card without track.
    expect(stripFocus(route, none)).toBe(1);
    expect(stripFocus(route, { ...none, layTrack: [lay(1)] })).toBe(1);
    const build = {
      legal: { label: 'Build Hebron space 1', move: { type: 'build-station' } },
      value: { station: 'hebron' as const, space: 1 },
    };
    // A Station to build on comes before the work front.
    expect(stripFocus([track(1, 0), track(2, 0), station], { buildStation: [build], layTrack: [] })).toBe(2);
    expect(stripFocus([track(1, 0, 0), station, track(2, 0)], { buildStation: [build], layTrack: [] })).toBe(1);
    // Every Track card laid: the strip opens at Llanberis.
    expect(stripFocus([track(1, 0, 0)], none)).toBe(0);
    // The card before the one shown stays in view, at the strip's scale.
    expect(stripScrollLeft(0)).toBe(0);
    expect(stripScrollLeft(1)).toBe(8 * STRIP_SCALE);
    expect(stripScrollLeft(3)).toBe((8 + 2 * 116) * STRIP_SCALE);
  });
});

describe('the railway zig-zags up the mountain', () => {
  test('Llanberis bottom left, each card next to the one before, summit on the top row', () => {
    for (const [n, cols] of [
      [19, 3],
      [19, 4],
      [23, 5],
      [23, 6],
    ]) {
      const L = routeLayout(n, cols);
      expect(L.cells).toHaveLength(n);
      expect(L.cells[0]).toMatchObject({ row: 0, col: 0 });
      expect(L.cells[0].y).toBe(Math.max(...L.cells.map((c) => c.y))); // the bottom
      expect(L.cells[n - 1].y).toBe(Math.min(...L.cells.map((c) => c.y))); // the top
      for (let i = 1; i < n; i++) {
        const a = L.cells[i - 1];
        const b = L.cells[i];
        expect(Math.abs(a.row - b.row) + Math.abs(a.col - b.col)).toBe(1);
      }
      const spots = new Set(L.cells.map((c) => `${c.x},${c.y}`));
      expect(spots.size).toBe(n);
      for (const c of L.cells) {
        expect(c.x + L.cardW).toBeLessThanOrEqual(L.width);
        expect(c.y + L.cardH).toBeLessThanOrEqual(L.height);
      }
    }
  });

  test('a phone gets the one-row strip, drawn large enough for 11 px text; a wider board the zig-zag', () => {
    expect(usesStrip(335)).toBe(true);
    expect(usesStrip(520)).toBe(false);
    expect(usesStrip(0)).toBe(false);
    expect(9.5 * STRIP_SCALE).toBeGreaterThanOrEqual(11);
    const L = routeLayout(19, 19);
    expect(L.rows).toBe(1);
    expect(L.cells[0].x).toBeLessThan(L.cells[18].x);
  });

  test('a phone gets 2 columns, a wide board more, each card drawn at least 1.2 times its size', () => {
    expect(columnsFor(320)).toBe(2);
    expect(columnsFor(0)).toBe(3);
    expect(columnsFor(520)).toBe(3);
    expect(columnsFor(700)).toBe(4);
    expect(columnsFor(2000)).toBe(6);
    for (const px of [300, 320, 480, 520, 700, 900]) {
      const L = routeLayout(14, columnsFor(px));
      expect(px / L.width).toBeGreaterThanOrEqual(1.2);
    }
  });
});

describe("status line: the engine's sentence, as the board and the turn bar show it", () => {
  // What the board brings when its chunk loads (client/games/index.ts `loadBoard`).
  beforeAll(() => setWords('snowdonia', snowdoniaWords));

  const say = (v: SnowdoniaView, you: number | null) => gameSentence('snowdonia', v, you, seats, v.activeSeats);

  test('says whose turn it is and what for', () => {
    const s = newGame(2);
    const v = snowdonia.view(s, s.startPlayer) as SnowdoniaView;
    expect(say(v, s.startPlayer)).toBe('Your turn: place a Labourer.');
    const other = 1 - s.startPlayer;
    expect(say(snowdonia.view(s, other), other)).toBe(`Waiting for ${seats[s.startPlayer].name} to place a Labourer.`);
    const action = { ...v, step: { kind: 'action' as const, area: 'A' as const, areaName: 'Stock Yard', space: 2, seat: 2, remaining: 1 } };
    expect(say(action, 0)).toBe('Waiting for Seat 3: Stock Yard (A2).');
    expect(say({ ...action, you: 1, step: { ...action.step, seat: 1, area: 'F', areaName: 'Site Office', remaining: 2 } }, 1)).toBe(
      'Your turn: take 2 Contracts from the Site Office (F2).',
    );
    expect(say({ ...action, you: 1, step: { ...action.step, seat: 1, area: 'E', areaName: 'Build', space: null } }, 1)).toBe(
      "Your turn: Padarn's extra Build: build a Station or buy a Train, or skip.",
    );
  });

  test("game over: the winner and final scores in the players' names, ties shared", () => {
    const v = snowdonia.view(newGame(2), 0) as SnowdoniaView;
    const over = {
      ...v,
      step: { kind: 'over' as const },
      result: { scores: [80, 83, 41], ranking: [1, 0, 2], summary: 'Player 2 wins with 83 VP.' },
    };
    expect(say(over, 0)).toBe('Game over. Bo wins with 83 VP. Final scores: Bo 83, Ada 80, Seat 3 41.');
    const tie = { ...over, result: { scores: [80, 80, 41], ranking: [0, 1, 2], ties: [[0, 1]] } };
    expect(say(tie, 0)).toBe('Game over. Ada and Bo share the win with 80 VP. Final scores: Ada 80, Bo 80, Seat 3 41.');
  });
});
