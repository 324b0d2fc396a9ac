import { describe, expect, test } from 'vitest';
import { changedOf, refusalLine, retryable } from '../../client/game-page/refusal';
import { collapsedLine, followedEntries, followLines } from '../../client/game-page/since-follow';
import { lastPhaseLine } from '../../client/game-page/round-end';
import type { LegalMove, LogEntry, SeatInfo } from '../../client/api-types';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
  { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
];
const at = '2026-01-01T00:00:00.000Z';
const line = (seq: number, seat: number | null, text: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  seq,
  seat,
  text,
  at,
  ...extra,
});

describe('a refusal says what changed, in one line', () => {
  test('the changed lines of a 409 body name the players, newest three, older ones counted', () => {
    const body = {
      error: {
        code: 'stale_version',
        message: 'x',
        changed: ['{{p:1}} turns right.', '{{p:1}} flips the Encounter token at F3: Any Item.'],
      },
    };
    expect(refusalLine(changedOf(body), seats, 'move')).toBe(
      'The game moved on, so your move was not applied: Bo turns right; Bo flips the Encounter token at F3: Any Item.',
    );
    const five = ['{{p:1}} a.', '{{p:1}} b.', '{{p:1}} c.', '{{p:1}} d.', '{{p:1}} e.'];
    expect(refusalLine(five, seats, 'undo')).toBe(
      'The game moved on, so your undo was not applied: 2 earlier changes, then Bo c; Bo d; Bo e.',
    );
  });

  test('without changed lines the plain sentence is said', () => {
    expect(changedOf({ error: { code: 'stale_version', message: 'x' } })).toBeNull();
    expect(changedOf({ error: { changed: [3] } })).toBeNull();
    expect(refusalLine(null, seats, 'move')).toBe(
      'The game moved on, so your move was not applied. This is the current position: look, then try again.',
    );
  });

  test('Try again is offered only while the same move is listed now (whatever its key order)', () => {
    const legal: LegalMove[] = [{ label: 'Turn left', move: { type: 'turn', dir: 'left' } }];
    expect(retryable({ line: 'x', move: { dir: 'left', type: 'turn' } }, legal)?.label).toBe('Turn left');
    expect(retryable({ line: 'x', move: { type: 'turn', dir: 'right' } }, legal)).toBeNull();
    expect(retryable({ line: 'x', move: null }, legal)).toBeNull();
    expect(retryable(null, legal)).toBeNull();
  });
});

describe('"Since you last looked" follows the live game', () => {
  const since = { fromVersion: 4, entries: [line(5, 1, '{{p:1}} played Pick for Gold.')], missing: false } as never;
  const log = [
    line(3, 1, 'old.'),
    line(5, 1, '{{p:1}} played Pick for Gold.'),
    line(6, 0, '{{p:0}} passed.'),
    line(7, 1, '{{p:1}} ran 3 marbles.', { undone: true }),
    line(8, 1, '{{p:1}} took back Run 3 marbles.'),
    line(9, null, 'Round 2 begins.'),
  ];

  test('before the log is in, the server lines; after, every log line since the mark but the viewer own', () => {
    expect(followedEntries(since, log, false, 0).map((e) => e.seq)).toEqual([5]);
    expect(followedEntries(since, log, true, 0).map((e) => e.seq)).toEqual([5, 7, 8, 9]);
  });

  test('a seat that never looked (a brand-new game) gets no card', () => {
    expect(followedEntries({ fromVersion: 0, entries: [line(1, 1, 'x.')] } as never, log, true, 0)).toEqual([]);
    expect(followedEntries(null, log, true, 0)).toEqual([]);
  });

  test('lines taken back stay, marked; the newest are shown and older ones counted', () => {
    const entries = followedEntries(since, log, true, 0);
    const { lines, earlier } = followLines(entries, seats, 3);
    expect(earlier).toBe(1);
    expect(lines).toEqual([
      { text: 'Bo ran 3 marbles', undone: true },
      { text: 'Bo took back Run 3 marbles', undone: false },
      { text: 'Round 2 begins', undone: false },
    ]);
  });

  test('read, the card is one line: the count and the newest line not taken back', () => {
    const entries = followedEntries(since, log, true, 0);
    expect(collapsedLine(entries, seats)).toBe('3 things happened; latest: Round 2 begins.');
    expect(collapsedLine([], seats)).toBe('Nothing new since you last looked.');
  });
});

describe('the round-end card shows the newest phase line', () => {
  test('the last phase line not taken back, or none', () => {
    const entries = [
      line(3, null, 'Round 1 is over. Weather: Rain.', { kind: 'phase' }),
      line(8, null, 'Round 2 is over. Weather: Sun. Work Rate 3 -> 2.', { kind: 'phase' }),
      line(9, 0, 'x.'),
      line(10, null, 'Round 3 is over.', { kind: 'phase', undone: true }),
    ];
    expect(lastPhaseLine(entries)?.text).toBe('Round 2 is over. Weather: Sun. Work Rate 3 -> 2.');
    expect(lastPhaseLine([line(1, 0, 'x.')])).toBeNull();
  });
});
