/**
 * Clocks through the API, on the test clock: the names of the contract (`timeControl` objects
 * and presets, `clocks` with `remainingMs`, `running`, `pausedBy`, `runsOutAt` in every game
 * answer, `GET /api/me/next`), bank arithmetic across turns, the weekend pause in a player's
 * own zone, and the cron applying a clock's end exactly once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from '../support';
import { clocksOf, DAY, HOUR, MIN, passTurn, statusOf, timedTable } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('the time control of a game', () => {
  it('accepts presets and objects, and every game answer carries the object and each seat’s clock', async () => {
    api.clock.t = Date.parse('2027-02-01T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'fast' });
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json;
    expect(meta.timeControl).toEqual({ kind: 'bank', initialHours: 72, incrementHours: 12, maxHours: 120 });
    expect(meta.timeControlText).toBe('Fast: 72 h, +12 h a turn, at most 120 h');
    const first = {
      seat: 0,
      remainingMs: 72 * HOUR,
      running: true,
      pausedBy: null,
      runsOutAt: new Date(api.clock.t + 72 * HOUR).toISOString(),
      votesOpen: [],
    };
    const second = { seat: 1, remainingMs: 72 * HOUR, running: false, pausedBy: null, runsOutAt: null, votesOpen: [] };
    expect(meta.clocks).toEqual([first, second]);
    expect(await clocksOf(api, id, tokens[1])).toEqual([first, second]);
    const mine = (await api.call('GET', '/api/games', { token: tokens[0] })).json.games.find((g: { id: string }) => g.id === id);
    expect(mine.clocks).toEqual([first, second]);

    const custom = await timedTable(api, { timeControl: { kind: 'bank', initialHours: 48, incrementHours: 6, maxHours: 96 } });
    const c = (await api.call('GET', `/api/games/${custom.id}`, { token: custom.tokens[0] })).json;
    expect(c.timeControl).toEqual({ kind: 'bank', initialHours: 48, incrementHours: 6, maxHours: 96 });
    expect(c.timeControlText).toBe('Time bank: 48 h, +6 h a turn, at most 96 h');
    const perMove = await timedTable(api, { timeControl: { kind: 'per-move', hours: 120 } });
    expect((await api.call('GET', `/api/games/${perMove.id}`, { token: perMove.tokens[0] })).json.timeControl).toEqual({
      kind: 'per-move',
      hours: 120,
    });
  });

  it.each([
    [{ kind: 'per-move', hours: 25 }],
    [{ kind: 'bank', initialHours: 72, incrementHours: 12, maxHours: 24 }],
    [{ kind: 'bank', initialHours: 72, incrementHours: 12 }],
    ['36h'],
    [{ kind: 'sudden-death' }],
  ])('refuses %j with 400, and creates nothing', async (timeControl) => {
    const token = await api.signIn(`bad-tc-${Math.random()}@clock.test`);
    const before = (await api.client.query<{ n: string }>('select count(*) as n from games')).rows[0].n;
    const r = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2, timeControl } });
    expect(r.status, r.text).toBe(400);
    expect(r.json.error.code).toBe('bad_request');
    expect((await api.client.query<{ n: string }>('select count(*) as n from games')).rows[0].n).toBe(before);
  });
});

describe('a time bank through the API', () => {
  it('a finished turn adds the increment to what was left, and the other clock starts', async () => {
    api.clock.t = Date.parse('2027-02-02T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'fast' });
    api.clock.advance(10 * HOUR);
    await passTurn(api, id, tokens[0]);
    const clocks = await clocksOf(api, id, tokens[0]);
    expect(clocks.map((k) => [k.remainingMs / HOUR, k.running])).toEqual([
      [74, false],
      [72, true],
    ]);
    api.clock.advance(5 * HOUR);
    expect((await clocksOf(api, id, tokens[0])).map((k) => k.remainingMs / HOUR)).toEqual([74, 67]);
  });
});

describe('weekend pause', () => {
  it('idle from a Wednesday in Berlin, a 72 h clock runs out after exactly 72 h of weekday time, once', async () => {
    // Wednesday 24 March 2027, 12:00 in Berlin (CET); summer time begins that Sunday.
    api.clock.t = Date.parse('2027-03-24T11:00:00Z');
    const { id, tokens } = await timedTable(
      api,
      { timeControl: '72h', weekendPause: true, allowVacation: false, onTimeout: 'end' },
      { zones: ['Europe/Berlin', 'America/Los_Angeles'] },
    );
    const [mine] = await clocksOf(api, id, tokens[0]);
    // 60 h to Saturday 00:00, 48 h of weekend, 12 h of Monday: Monday 29 March, 13:00 CEST.
    expect(mine.runsOutAt).toBe('2027-03-29T11:00:00.000Z');
    api.clock.t = Date.parse('2027-03-27T12:00:00Z'); // Saturday noon in Berlin
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: false, pausedBy: 'weekend', remainingMs: 12 * HOUR });
    const timeouts = async () =>
      Number(
        (await api.client.query<{ n: string }>("select count(*) as n from game_events where game_id = $1 and kind = 'timeout'", [id]))
          .rows[0].n,
      );
    api.clock.t = Date.parse('2027-03-29T11:00:00Z') - MIN;
    await api.cron();
    expect(await statusOf(api, id)).toBe('active');
    api.clock.t = Date.parse('2027-03-29T11:00:00Z');
    await api.cron();
    await api.cron();
    expect(await timeouts()).toBe(1); // exactly once
    expect(await statusOf(api, id)).toBe('abandoned');
  });
});

describe('GET /api/me/next', () => {
  it('opens the game with the least time left, then the one waiting longest, and counts them; ?except= leaves out the game on screen', async () => {
    api.clock.t = Date.parse('2027-04-05T09:00:00Z');
    const me = await api.signIn('next-me@clock.test');
    const make = async (timeControl: string) => {
      const other = await api.signIn(`next-o-${Math.random()}@clock.test`);
      const c = await api.call('POST', '/api/games', {
        token: me,
        body: { type: 'secret-dice', players: 2, timeControl, startWhenFull: true },
      });
      const invite = new URL(c.json.inviteUrl).searchParams.get('invite');
      expect((await api.call('POST', `/api/games/${c.json.id}/join`, { token: other, body: { invite } })).status).toBe(200);
      return c.json.id as string;
    };
    expect((await api.call('GET', '/api/me/next', { token: me })).json).toEqual({ gameId: null, url: null, waiting: 0 });
    const slow = await make('slow');
    api.clock.advance(HOUR);
    const untimed = await make('none');
    api.clock.advance(HOUR);
    const daily = await make('24h');
    const next = (await api.call('GET', '/api/me/next', { token: me })).json;
    expect(next).toEqual({ gameId: daily, url: `http://localhost/games/${daily}`, waiting: 3 });
    // My games lists the waiting games the same way: least time left first.
    const order = (await api.call('GET', '/api/games', { token: me })).json.games.map((g: { id: string }) => g.id);
    expect(order.slice(0, 3)).toEqual([daily, slow, untimed]);
    expect(DAY).toBeGreaterThan(0);

    // The game on screen left out: the next other game, and the others counted.
    expect((await api.call('GET', `/api/me/next?except=${daily}`, { token: me })).json).toEqual({
      gameId: slow,
      url: `http://localhost/games/${slow}`,
      waiting: 2,
    });
    // A game that is not waiting on you (or does not exist) leaves the answer as it was.
    expect((await api.call('GET', '/api/me/next?except=g_nosuchgame', { token: me })).json).toEqual(next);
    for (const bad of ['', 'x'.repeat(65)]) {
      const res = await api.call('GET', `/api/me/next?except=${bad}`, { token: me });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('bad_request');
    }
  });
});
