/**
 * The words each game gives every surface (engine/games/<id>/words.ts): the Game contract's
 * `prompt` and `quantityWords` are those words; the prompt says what the seat must do, from that
 * seat's side, naming players with markers; and the legal moves group by type without losing one.
 */
import { describe, expect, test } from 'vitest';
import { groupMoves } from '../../../engine/core/group-moves';
import { renderLogText } from '../../../engine/core/log-names';
import { shippedGames } from '../../../engine/games';
import { bigThunder } from '../../../engine/games/big-thunder';
import { bigThunderWords } from '../../../engine/games/big-thunder/words';
import { snowdonia } from '../../../engine/games/snowdonia';
import type { SnowdoniaMove } from '../../../engine/games/snowdonia/moves';
import { snowdoniaWords } from '../../../engine/games/snowdonia/words';
import { spaceMountain } from '../../../engine/games/space-mountain';
import { spaceMountainWords } from '../../../engine/games/space-mountain/words';

const SEED = '0123456789abcdef0123456789abcdef';
const names = (text: string | null) => renderLogText(text ?? '', (s) => ['Ada', 'Bo', 'Cy'][s]);

describe('every shipped game gives its words to the contract', () => {
  test.each(shippedGames.map((g) => [g.id, g] as const))('%s: title, prompt and quantity words', (_, g) => {
    expect(g.prompt).toBeTypeOf('function');
    expect(Object.keys(g.quantityWords ?? {}).length).toBeGreaterThan(3);
    const words = { 'big-thunder': bigThunderWords, snowdonia: snowdoniaWords, 'space-mountain': spaceMountainWords }[g.id];
    expect(words?.title).toBe(g.title);
    expect(g.prompt).toBe(words?.prompt);
  });
});

describe('the prompt: one sentence for a seat about now', () => {
  test('Space Mountain, Step 1: the seats choose Go or Refuel, and watchers see who decides', () => {
    let s = spaceMountain.setup({ players: 2, options: spaceMountain.optionsSchema.parse({}), seed: SEED });
    // Launch: every Rocket goes on a Starport first.
    for (const seat of [0, 1]) {
      expect(names(spaceMountain.prompt!(spaceMountain.view(s, seat), seat))).toMatch(/^Your turn: put your Rocket on a Starport/);
    }
    while (s.phase === 'launch') {
      const seat = spaceMountain.activeSeats(s)[0];
      s = spaceMountain.applyMove(s, seat, spaceMountain.legalMoves(s, seat)[0]).state;
    }
    expect(s.phase).toBe('plan');
    expect(names(spaceMountain.prompt!(spaceMountain.view(s, 0), 0))).toBe('Your turn: choose Go or Refuel.');
    expect(names(spaceMountain.prompt!(spaceMountain.view(s, null), null))).toBe('Waiting for Ada and Bo to choose Go or Refuel.');
    s = spaceMountain.applyMove(s, 0, { type: 'go' }).state;
    expect(names(spaceMountain.prompt!(spaceMountain.view(s, 0), 0))).toBe('Waiting for Bo to choose Go or Refuel.');
  });

  test('Snowdonia: the seat to place a Labourer is asked, the other waits for it by name', () => {
    const s = snowdonia.setup({ players: 2, options: snowdonia.optionsSchema.parse({}), seed: SEED });
    const first = snowdonia.activeSeats(s)[0];
    const other = 1 - first;
    expect(snowdonia.prompt!(snowdonia.view(s, first), first)).toBe('Your turn: place a Labourer.');
    expect(names(snowdonia.prompt!(snowdonia.view(s, other), other))).toBe(`Waiting for ${['Ada', 'Bo'][first]} to place a Labourer.`);
  });

  test('Snowdonia, an Action Space: what the action asks, and where', () => {
    let s = snowdonia.setup({ players: 2, options: snowdonia.optionsSchema.parse({}), seed: SEED });
    // Place every Labourer on the first space listed until the Stock Yard resolves.
    for (let i = 0; i < 200 && !(s.step.kind === 'action' && s.step.area === 'A'); i++) {
      const seat = snowdonia.activeSeats(s)[0];
      const legal = snowdonia.legalMoves(s, seat);
      const pick = legal.find((m) => m.type === 'place' && m.area === 'A') ?? legal.find((m) => m.type !== 'hire-temporary') ?? legal[0];
      s = snowdonia.applyMove(s, seat, pick).state;
    }
    expect(s.step.kind).toBe('action');
    const st = s.step as Extract<typeof s.step, { kind: 'action' }>;
    expect(snowdonia.prompt!(snowdonia.view(s, st.seat), st.seat)).toBe(`Your turn: take cubes from the Stock Yard (A${st.space}).`);
    expect(names(snowdonia.prompt!(snowdonia.view(s, null), null))).toBe(
      `Waiting for ${['Ada', 'Bo'][st.seat]}: Stock Yard (A${st.space}).`,
    );
  });

  test('Big Thunder: the player on turn is told what is open, the others whose turn it is', () => {
    const s = bigThunder.setup({ players: 2, options: bigThunder.optionsSchema.parse({}), seed: SEED });
    const turn = s.turn;
    const v = bigThunder.view(s, turn);
    expect(v.pending).toBeNull();
    // Every Mine Cart starts in Town, so its Town actions are open too.
    expect(bigThunder.prompt!(v, turn)).toBe('Your turn: play cards or take Town actions, then End turn.');
    expect(bigThunder.prompt!({ ...v, town: null }, turn)).toBe('Your turn: play cards, then End turn.');
    expect(bigThunder.prompt!({ ...v, town: null, hand: [] }, turn)).toBe('Your turn: End turn when you are done.');
    expect(names(bigThunder.prompt!(bigThunder.view(s, 1 - turn), 1 - turn))).toBe(
      `${['Ada', 'Bo'][turn]}'s turn: playing cards and taking Town actions.`,
    );
  });

  test('Big Thunder, final round and Town: the sentence says so', () => {
    const s = bigThunder.setup({ players: 2, options: bigThunder.optionsSchema.parse({}), seed: SEED });
    const v = { ...bigThunder.view(s, s.turn), endTriggeredBy: 1, pending: null, town: { sold: false, bought: false } };
    expect(bigThunder.prompt!(v, s.turn)).toBe('Your turn (final round): play cards or take Town actions, then End turn.');
  });
});

describe('groupMoves', () => {
  test('sorts listed moves by type, keeps their order, and puts repeats and non-moves in other', () => {
    const listed = [
      { label: 'A1', move: { type: 'place', area: 'A', space: 1 } },
      { label: 'skip', move: { type: 'skip' } },
      { label: 'A2', move: { type: 'place', area: 'A', space: 2 } },
      { label: 'again', move: { type: 'skip' } },
      { label: 'junk', move: 42 },
    ] as { label: string; move: SnowdoniaMove }[];
    const g = groupMoves<SnowdoniaMove, (typeof listed)[number]>(listed);
    expect(g.of('place').map((l) => l.move.space)).toEqual([1, 2]);
    expect(g.first('place', (m) => m.space === 2)?.label).toBe('A2');
    expect(g.has('skip')).toBe(true);
    expect(g.has('convert')).toBe(false);
    expect(g.types).toEqual(['place', 'skip']);
    expect(g.other.map((l) => l.label)).toEqual(['again', 'junk']);
    expect(g.except(['place']).map((l) => l.label)).toEqual(['skip', 'again', 'junk']);
  });
});
