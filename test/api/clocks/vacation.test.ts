/**
 * Vacations on the test clock: a vacation stops a player's clocks in every game that allows it
 * and the others are told once; an early end gives the days back; one longer than the days left
 * ends when they are spent, and the player is told; a clock about to run out spends days by
 * itself (auto-vacation), which ends when the player is back; a table that forbids vacation is
 * never stopped by one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from '../support';
import { clocksOf, DAY, HOUR, logOf, noticesTo, passTurn, statusOf, timedTable } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const me = async (token: string) => (await api.call('GET', '/api/me', { token })).json;
const setBalance = (email: string, days: number) =>
  api.client.query('update users set vacation_balance_ms = $1, vacation_balance_at = $2 where email = $3', [
    days * DAY,
    new Date(api.clock.t).toISOString(),
    email,
  ]);

describe('a vacation', () => {
  it('stops the player’s clock, the others see until when and are told once; ending it early gives the days back', async () => {
    api.clock.t = Date.parse('2027-05-03T09:00:00Z');
    const { id, tokens, emails } = await timedTable(api, { timeControl: 'fast' });
    expect((await me(tokens[0])).vacation).toEqual({ daysLeft: 7, activeUntil: null, planned: null, auto: true });
    api.clock.advance(2 * HOUR);
    const until = new Date(api.clock.t + 2 * DAY).toISOString();
    const put = await api.call('PUT', '/api/me/vacation', { token: tokens[0], body: { until } });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toEqual({ from: new Date(api.clock.t).toISOString(), until, kind: 'manual' });
    expect((await me(tokens[0])).vacation).toMatchObject({ daysLeft: 5, activeUntil: until });

    api.clock.advance(DAY);
    const [mine] = await clocksOf(api, id, tokens[1]);
    expect(mine).toMatchObject({ running: false, pausedBy: 'vacation', remainingMs: 70 * HOUR });
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json;
    expect(meta.away).toEqual([{ seat: 0, until }]);
    expect((await logOf(api, id, tokens[1])).filter((t) => t.includes('is on vacation until'))).toHaveLength(1);
    expect(await noticesTo(api, emails[1], 'clock')).toHaveLength(1);
    expect(await noticesTo(api, emails[0], 'clock')).toHaveLength(0);

    const del = await api.call('DELETE', '/api/me/vacation', { token: tokens[0] });
    expect(del.status, del.text).toBe(200);
    expect(del.json).toMatchObject({ daysLeft: 6, activeUntil: null });
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: true, pausedBy: null, remainingMs: 70 * HOUR });
    expect((await logOf(api, id, tokens[1])).some((t) => t.includes('is back from vacation'))).toBe(true);
    expect((await api.call('DELETE', '/api/me/vacation', { token: tokens[0] })).status).toBe(404);
  });

  it('with 3 days left and 4 days away: it ends after 3 days, the balance is 0, the clock runs again, and the player is told', async () => {
    api.clock.t = Date.parse('2027-05-10T09:00:00Z');
    const { id, tokens, emails } = await timedTable(api, { timeControl: 'slow' });
    await setBalance(emails[0], 3);
    const start = api.clock.t;
    const put = await api.call('PUT', '/api/me/vacation', { token: tokens[0], body: { until: new Date(start + 4 * DAY).toISOString() } });
    expect(put.json.until).toBe(new Date(start + 3 * DAY).toISOString());
    api.clock.t = start + 3 * DAY - HOUR;
    await api.cron();
    expect((await me(tokens[0])).vacation.activeUntil).not.toBeNull();
    api.clock.t = start + 3 * DAY + HOUR;
    await api.cron();
    expect((await me(tokens[0])).vacation).toMatchObject({ daysLeft: 0, activeUntil: null });
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: true, pausedBy: null, remainingMs: 71 * HOUR });
    expect((await logOf(api, id, tokens[0])).some((t) => t.includes('back from vacation (the vacation is over)'))).toBe(true);
    expect(await noticesTo(api, emails[0], 'clock')).toHaveLength(1);
    const again = await api.call('PUT', '/api/me/vacation', {
      token: tokens[0],
      body: { until: new Date(api.clock.t + DAY).toISOString() },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('no_vacation_days');
  });

  it('refuses an end before the start, a start in the past or over a year ahead and a malformed date with 400', async () => {
    api.clock.t = Date.parse('2027-05-12T09:00:00Z');
    const token = await api.signIn('bad-vacation@clock.test');
    for (const body of [
      { until: new Date(api.clock.t - HOUR).toISOString() },
      { until: new Date(api.clock.t + DAY).toISOString(), from: new Date(api.clock.t - DAY).toISOString() },
      { until: 'next week' },
      { until: new Date(api.clock.t + DAY).toISOString(), extra: 1 },
      { from: '9999-01-01T00:00:00Z', until: '9999-01-02T00:00:00Z' },
      { from: new Date(api.clock.t + 367 * DAY).toISOString(), until: new Date(api.clock.t + 368 * DAY).toISOString() },
    ]) {
      const r = await api.call('PUT', '/api/me/vacation', { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await me(token)).vacation).toMatchObject({ daysLeft: 7, activeUntil: null });
  });

  it('a vacation planned for later starts by itself on its day', async () => {
    api.clock.t = Date.parse('2027-05-17T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'slow' });
    const from = new Date(api.clock.t + DAY).toISOString();
    const put = await api.call('PUT', '/api/me/vacation', {
      token: tokens[0],
      body: { from, until: new Date(api.clock.t + 3 * DAY).toISOString() },
    });
    expect(put.status, put.text).toBe(200);
    expect((await me(tokens[0])).vacation.planned).toMatchObject({ from });
    expect((await clocksOf(api, id, tokens[0]))[0].pausedBy).toBeNull();
    api.clock.advance(DAY + HOUR);
    await api.cron();
    expect((await clocksOf(api, id, tokens[0]))[0].pausedBy).toBe('vacation');
  });

  it('a planned vacation dropped after a month’s days came gives back no more than the 21-day cap', async () => {
    api.clock.t = Date.parse('2027-05-20T09:00:00Z');
    const { tokens, emails } = await timedTable(api, { timeControl: 'slow' });
    await setBalance(emails[0], 21);
    const from = Date.parse('2027-06-05T09:00:00Z');
    const put = await api.call('PUT', '/api/me/vacation', {
      token: tokens[0],
      body: { from: new Date(from).toISOString(), until: new Date(from + 5 * DAY).toISOString() },
    });
    expect(put.status, put.text).toBe(200);
    expect((await me(tokens[0])).vacation.daysLeft).toBe(16);
    // The first of June adds 1.75 days to the 16 left: 17.75, and the 5 planned ones come back on top.
    api.clock.t = Date.parse('2027-06-02T09:00:00Z');
    expect((await me(tokens[0])).vacation.daysLeft).toBe(17.7);
    expect((await api.call('DELETE', '/api/me/vacation', { token: tokens[0] })).status).toBe(200);
    expect((await me(tokens[0])).vacation).toMatchObject({ daysLeft: 21, planned: null, activeUntil: null });
  });

  it('a second vacation replaces the first: one is open, and the first one’s days came back', async () => {
    api.clock.t = Date.parse('2027-05-24T09:00:00Z');
    const { id, tokens, emails } = await timedTable(api, { timeControl: 'slow' });
    await setBalance(emails[0], 7);
    for (const days of [3, 2]) {
      const put = await api.call('PUT', '/api/me/vacation', {
        token: tokens[0],
        body: { until: new Date(api.clock.t + days * DAY).toISOString() },
      });
      expect(put.status, put.text).toBe(200);
    }
    const open = await api.client.query(
      'select v.id from vacations v join users u on u.id = v.user_id where u.email = $1 and v.ended_at is null',
      [emails[0]],
    );
    expect(open.rows).toHaveLength(1);
    expect((await me(tokens[0])).vacation.daysLeft).toBe(5);
    expect((await api.call('DELETE', '/api/me/vacation', { token: tokens[0] })).status).toBe(200);
    expect((await me(tokens[0])).vacation).toMatchObject({ daysLeft: 7, activeUntil: null });
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: true, pausedBy: null });
  });
});

describe('a table that forbids vacation', () => {
  it('is never stopped by a manual vacation, and auto-vacation never fires there', async () => {
    api.clock.t = Date.parse('2027-05-24T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h', allowVacation: false, onTimeout: 'end' });
    await api.call('PUT', '/api/me/vacation', { token: tokens[0], body: { until: new Date(api.clock.t + 5 * DAY).toISOString() } });
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: true, pausedBy: null });
    expect((await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json.away).toEqual([]);
    api.clock.advance(24 * HOUR);
    await api.cron();
    expect(await statusOf(api, id)).toBe('abandoned');
    expect((await logOf(api, id, tokens[1])).some((t) => t.includes('on vacation'))).toBe(false);
  });
});

describe('auto-vacation', () => {
  it('a clock at its end spends vacation days instead; the log and a notice say so; it ends when the player is back', async () => {
    api.clock.t = Date.parse('2027-06-01T09:00:00Z');
    const { id, tokens, emails } = await timedTable(api, { timeControl: '24h', onTimeout: 'end' });
    api.clock.advance(24 * HOUR);
    await api.cron();
    expect(await statusOf(api, id)).toBe('active');
    expect((await logOf(api, id, tokens[1])).some((t) => t.includes('ran out of time and is on vacation'))).toBe(true);
    expect(await noticesTo(api, emails[0], 'clock')).toHaveLength(1); // the player is told too
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: false, pausedBy: 'vacation', remainingMs: 0 });
    // The passes after it leave the game alone while the days last: the clock stands still at 0,
    // and the game is next due when the time away ends, not again at once.
    api.clock.advance(1000);
    await api.cron();
    api.clock.advance(HOUR);
    await api.cron();
    expect(await statusOf(api, id)).toBe('active');
    const due = await api.client.query<{ due_at: string | null }>('select due_at from games where id = $1', [id]);
    expect(new Date(due.rows[0].due_at!).getTime()).toBeGreaterThan(api.clock.t);

    api.clock.advance(5 * HOUR);
    await passTurn(api, id, tokens[0]);
    const vacation = (await me(tokens[0])).vacation;
    expect(vacation.activeUntil).toBeNull();
    expect(vacation.daysLeft).toBe(6.7); // 7 days less the 6 hours away
  });

  it("the player's other games say the vacation began, not that a clock ran out there", async () => {
    api.clock.t = Date.parse('2027-06-04T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h', onTimeout: 'end' });
    // A second game where the other player moves first: the first player's clock stands there.
    const created = await api.call('POST', '/api/games', {
      token: tokens[1],
      body: { type: 'secret-dice', players: 2, options: { rounds: 10 }, startWhenFull: false, timeControl: '72h' },
    });
    const other = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    expect((await api.call('POST', `/api/games/${other}/join`, { token: tokens[0], body: { invite } })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${other}/start`, { token: tokens[1] })).status).toBe(200);
    api.clock.advance(24 * HOUR);
    await api.cron();
    const about = (lines: string[], seat: number) => lines.filter((t) => t.includes(`{{p:${seat}}}`) && t.includes('on vacation'));
    expect(about(await logOf(api, id, tokens[1]), 0)).toEqual([expect.stringContaining('ran out of time and is on vacation')]);
    // There the first player sits in seat 1.
    const there = about(await logOf(api, other, tokens[1]), 1);
    expect(there).toHaveLength(1);
    expect(there[0]).not.toContain('ran out of time');
  });

  it('a clock that runs out while a vacation of its player has begun but is not yet written into the game waits for it', async () => {
    api.clock.t = Date.parse('2027-06-05T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h', onTimeout: 'end' });
    api.clock.advance(24 * HOUR);
    // As when another game's pass started it a moment before this one read the game.
    const user = (await me(tokens[0])).id as string;
    await api.client.query(
      "insert into vacations (user_id, kind, starts_at, ends_at, charged_ms, applied) values ($1, 'auto', $2, $3, 0, false)",
      [user, new Date(api.clock.t - 1000), new Date(api.clock.t + 7 * DAY)],
    );
    await api.cron();
    expect(await statusOf(api, id)).toBe('active');
    // The second it still had when the vacation began is kept for its return.
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: false, pausedBy: 'vacation', remainingMs: 1000 });
  });

  it('when the days are spent the vacation ends and the clock, still at 0, times out', async () => {
    api.clock.t = Date.parse('2027-06-07T09:00:00Z');
    const { id, emails } = await timedTable(api, { timeControl: '24h', onTimeout: 'end' });
    await setBalance(emails[0], 1);
    api.clock.advance(24 * HOUR);
    await api.cron();
    api.clock.advance(DAY);
    await api.cron();
    await api.cron();
    expect(await statusOf(api, id)).toBe('abandoned');
  });

  it('can be switched off in settings', async () => {
    api.clock.t = Date.parse('2027-06-14T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h', onTimeout: 'end' });
    const settings = (await api.call('GET', '/api/me/notifications', { token: tokens[0] })).json;
    const { failures: _f, ...body } = settings;
    expect(
      (await api.call('PUT', '/api/me/notifications', { token: tokens[0], body: { ...body, autoVacation: false } })).json.autoVacation,
    ).toBe(false);
    expect((await me(tokens[0])).vacation.auto).toBe(false);
    api.clock.advance(24 * HOUR);
    await api.cron();
    expect(await statusOf(api, id)).toBe('abandoned');
  });
});
