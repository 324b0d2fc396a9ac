import { describe, expect, test } from 'vitest';
import { isOpenToVisitors, matchRoute } from '../../client/router';
import { botChoices, clampBots, startsAtOnce } from '../../client/new-game-options';
import { chatDraftProblem, chatSegments, completeMention, lastChatId, mentionsMe, mergeChat } from '../../client/chat-text';
import { checkLabel, parseRecordText } from '../../client/record-check';
import { clampStep, lensValue, lensView, parseLens, stepCaption } from '../../client/replay';
import { emptySeats, recordFileName, resignConsequence, resignedSeat, viewerSeat } from '../../client/table';
import type { ChatLine, SeatInfo } from '../../client/api-types';

const line = (id: number, text = `line ${id}`, seat: number | null = 0): ChatLine => ({
  id,
  seat,
  playerId: 'u_ada',
  name: 'Ada',
  text,
  at: '2026-01-01T00:00:00Z',
});

describe('chat mentions', () => {
  const seated = ['Ada', 'Bo', 'Ada Lovelace', 'ivan+games', 'Zo\u00eb', null];

  test("split into text and @name mentions of seated names, the viewer's own marked", () => {
    expect(chatSegments('hi @Bo and @ada!', seated, 'Ada')).toEqual([
      { text: 'hi ', mention: false },
      { text: '@Bo', mention: true, name: 'Bo', you: false },
      { text: ' and ', mention: false },
      { text: '@ada', mention: true, name: 'Ada', you: true },
      { text: '!', mention: false },
    ]);
    expect(mentionsMe('hi @ADA', seated, 'ada')).toBe(true);
    expect(mentionsMe('hi @adam', seated, 'ada')).toBe(false);
    expect(mentionsMe('hi @ada lovelace', seated, 'Ada')).toBe(false);
    expect(mentionsMe('hi @ada', seated, null)).toBe(false);
  });

  test('markup stays text: segments carry the characters as typed', () => {
    const segs = chatSegments('<b>hi</b> @Bo<script>', seated, 'Bo');
    expect(segs.map((s) => s.text).join('')).toBe('<b>hi</b> @Bo<script>');
    expect(segs.filter((s) => s.mention)).toEqual([{ text: '@Bo', mention: true, name: 'Bo', you: true }]);
  });

  test('names with spaces, + and accents in either normalisation form (as the server reads them)', () => {
    expect(
      chatSegments('@ada lovelace, @IVAN+games and @Zoe\u0308 ok', seated, null)
        .filter((s) => s.mention)
        .map((s) => s.mention && s.name),
    ).toEqual(['Ada Lovelace', 'ivan+games', 'Zo\u00eb']);
    expect(chatSegments('no mention here, mail me@ada.example', seated, 'Ada').filter((s) => s.mention)).toEqual([]);
    expect(chatSegments('', seated, 'Ada')).toEqual([]);
  });

  test('completion: names starting with what follows @ before the caret, put in with a space', () => {
    const c = completeMention('hi @ada lo', 10, seated)!;
    expect(c.names).toEqual(['Ada Lovelace']);
    expect(c.apply('Ada Lovelace')).toEqual({ draft: 'hi @Ada Lovelace ', caret: 17 });
    expect(completeMention('hi @', 4, seated)!.names).toEqual(['Bo', 'Ada', 'Zo\u00eb', 'ivan+games', 'Ada Lovelace']);
    expect(completeMention('@b and more', 2, seated)!.apply('Bo')).toEqual({ draft: '@Bo and more', caret: 4 });
    expect(completeMention('mail me@a', 9, seated)).toBeNull();
  });
});

describe('chat polling', () => {
  test('merging keeps each id once, oldest first, and the newest only', () => {
    const a = [line(1), line(2)];
    expect(mergeChat(a, [])).toBe(a);
    expect(mergeChat(a, [line(3), line(2)]).map((l) => l.id)).toEqual([1, 2, 3]);
    // The POST's answer arrives before the poll that also carries it.
    expect(mergeChat(mergeChat(a, [line(4)]), [line(3), line(4)]).map((l) => l.id)).toEqual([1, 2, 3, 4]);
    expect(mergeChat([line(1), line(2), line(3)], [line(4)], 2).map((l) => l.id)).toEqual([3, 4]);
  });

  test('polls after the newest id', () => {
    expect(lastChatId([])).toBe(0);
    expect(lastChatId([line(7), line(3)])).toBe(7);
  });

  test('a draft needs 1 to 1000 characters', () => {
    expect(chatDraftProblem('  ')).toMatch(/Write something/);
    expect(chatDraftProblem('x'.repeat(1000))).toBeNull();
    expect(chatDraftProblem('x'.repeat(1001))).toMatch(/at most 1000/);
  });
});

describe('bots and seats', () => {
  test('up to players - 1 bots; all of them start the game at once', () => {
    expect(botChoices(4)).toEqual([0, 1, 2, 3]);
    expect(botChoices(2)).toEqual([0, 1]);
    expect(clampBots(3, 2)).toBe(1);
    expect(clampBots(-1, 4)).toBe(0);
    expect(clampBots(Number.NaN, 4)).toBe(0);
    expect(startsAtOnce(2, 1)).toBe(true);
    expect(startsAtOnce(4, 2)).toBe(false);
    expect(startsAtOnce(2, 0)).toBe(false);
  });

  test('bot seats are taken; empty seats are listed for "Add a bot"', () => {
    const seats: SeatInfo[] = [
      { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
      { seat: 2, name: 'Bot', userId: null, isBot: true },
    ];
    expect(emptySeats(4, seats)).toEqual([1, 3]);
    expect(emptySeats(1, seats)).toEqual([]);
  });

  test("a private game's invite preview (no user ids) still counts its taken seats", () => {
    const preview: SeatInfo[] = [{ seat: 0, name: 'Seat 1', userId: null, isBot: false }];
    expect(emptySeats(2, preview)).toEqual([1]);
  });

  test('a player who resigned to the bot is recognised as such', () => {
    const seats: SeatInfo[] = [
      { seat: 0, name: 'Ada (bot)', userId: 'u1', isBot: true },
      { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
    ];
    expect(resignedSeat(seats, 'u1')).toBe(0);
    expect(resignedSeat(seats, 'u2')).toBeNull();
    expect(resignedSeat(seats, null)).toBeNull();
    expect(resignConsequence('end')).toMatch(/ends for everyone/);
    expect(resignConsequence('bot')).toMatch(/bot plays your seat/);
    expect(resignConsequence(undefined)).toMatch(/bot plays your seat/);
  });
});

describe('who is looking', () => {
  const seats: SeatInfo[] = [
    { seat: 0, name: 'Ada (bot)', userId: 'u1', isBot: true },
    { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
  ];
  test("the state's seat wins; before it arrives a seat the bot took over makes a watcher", () => {
    expect(viewerSeat(0, seats, null)).toBeNull();
    expect(viewerSeat(1, seats, 1)).toBe(1);
    expect(viewerSeat(0, seats)).toBeNull();
    expect(viewerSeat(1, seats)).toBe(1);
    expect(viewerSeat(null, seats)).toBeNull();
  });
});

describe('replay steps', () => {
  test('steps stay within 1..version', () => {
    expect(clampStep(0, 10)).toBe(1);
    expect(clampStep(11, 10)).toBe(10);
    expect(clampStep(4.7, 10)).toBe(4);
    expect(clampStep(Number.NaN, 10)).toBe(10);
    expect(clampStep(3, 0)).toBe(1);
  });

  test('captions name the event', () => {
    expect(stepCaption('start')).toBe('The game started');
    expect(stepCaption('undo')).toBe('A move was taken back');
    expect(stepCaption('some_new_kind')).toBe('Some new kind');
    expect(stepCaption(null)).toBe('');
  });

  test("a seat's view or the full state only once they are sent (the game is over)", () => {
    const running = { view: { mine: 1 }, views: null, state: null, yourSeat: 1 };
    expect(lensView(running, { kind: 'seat', seat: 0 })).toEqual({ view: { mine: 1 }, seat: 1, raw: false });
    expect(lensView(running, { kind: 'state' })).toEqual({ view: { mine: 1 }, seat: 1, raw: false });
    const over = { view: { w: 1 }, views: [{ s: 0 }, { s: 1 }], state: { all: true }, yourSeat: null };
    expect(lensView(over, { kind: 'own' })).toEqual({ view: { w: 1 }, seat: null, raw: false });
    expect(lensView(over, { kind: 'seat', seat: 1 })).toEqual({ view: { s: 1 }, seat: 1, raw: false });
    expect(lensView(over, { kind: 'seat', seat: 5 })).toEqual({ view: { w: 1 }, seat: null, raw: false });
    expect(lensView(over, { kind: 'state' })).toEqual({ view: { all: true }, seat: null, raw: true });
  });

  test('the seat picker value round-trips', () => {
    for (const l of [{ kind: 'own' }, { kind: 'state' }, { kind: 'seat', seat: 3 }] as const) expect(parseLens(lensValue(l))).toEqual(l);
    expect(parseLens('nonsense')).toEqual({ kind: 'own' });
  });
});

describe('records', () => {
  test('file names are safe', () => {
    expect(recordFileName('g_12ab')).toBe('mountain-post-g_12ab.json');
    expect(recordFileName('../x y')).toBe('mountain-post--x-y.json');
  });

  test('pasted text must be a JSON object', () => {
    expect(parseRecordText('')).toEqual({ ok: false, error: expect.stringMatching(/Paste a game record/) });
    expect(parseRecordText('{nope')).toEqual({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(parseRecordText('[1]')).toEqual({ ok: false, error: 'A game record is a JSON object.' });
    expect(parseRecordText(' {"format":"x"} ')).toEqual({ ok: true, record: { format: 'x' } });
  });

  test('every check the verifier makes has words', () => {
    for (const name of [
      'format',
      'seed published',
      'seed hash',
      'game type',
      'rules version',
      'complete',
      'replay',
      'result',
      'final state',
    ]) {
      expect(checkLabel(name)).not.toBe(name);
    }
    expect(checkLabel('new check')).toBe('New check');
  });
});

describe('routes around the table', () => {
  test('/verify, with an optional game to fetch', () => {
    expect(matchRoute('/verify')).toEqual({ name: 'verify', game: null });
    expect(matchRoute('/verify/', '?game=g_1')).toEqual({ name: 'verify', game: 'g_1' });
  });

  test('signed-out visitors may watch a game from its link and check records; invites need a sign-in', () => {
    expect(isOpenToVisitors(matchRoute('/games/g_1'))).toBe(true);
    expect(isOpenToVisitors(matchRoute('/verify'))).toBe(true);
    expect(isOpenToVisitors(matchRoute('/games/g_1', '?invite=abc'))).toBe(false);
    expect(isOpenToVisitors(matchRoute('/new'))).toBe(false);
    expect(isOpenToVisitors(matchRoute('/settings'))).toBe(false);
    expect(isOpenToVisitors(matchRoute('/'))).toBe(false);
  });
});
