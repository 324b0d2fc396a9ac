/**
 * The development clock (`GET/POST /dev/clock`): moves the Worker's time forward and runs what
 * came due in the same request, so a deadline can be tried by hand or by a black-box test
 * without waiting; it does not exist in production.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

const HOUR = 3600 * 1000;
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

async function timedGame(onTimeout: 'bot' | 'end') {
  const tokens = [await api.signIn(`clock-${onTimeout}-a@clock.test`), await api.signIn(`clock-${onTimeout}-b@clock.test`)];
  const c = await api.call('POST', '/api/games', {
    token: tokens[0],
    body: { type: 'secret-dice', players: 2, timeControl: '24h', onTimeout, allowVacation: false },
  });
  expect(c.status, c.text).toBe(201);
  const id = c.json.id as string;
  const joined = await api.call('POST', `/api/games/${id}/join`, {
    token: tokens[1],
    body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
  });
  expect(joined.status, joined.text).toBe(200);
  expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
  return { id, tokens };
}

const status = async (id: string) =>
  (await api.client.query<{ status: string }>('select status from games where id = $1', [id])).rows[0].status;

describe('the development clock', () => {
  it('reads zero offset and the current time before anyone moves it', async () => {
    const r = await api.call('GET', '/dev/clock');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ offsetMs: 0, now: api.clock.now().toISOString() });
  });

  it('moving it forward shifts every clock read and applies a deadline that came due, in the same request', async () => {
    const { id, tokens } = await timedGame('end');
    const before = await api.call('POST', '/dev/clock', { body: { advanceMs: 23 * HOUR } });
    expect(before.status, before.text).toBe(200);
    expect(before.json).toMatchObject({ offsetMs: 23 * HOUR, now: new Date(api.clock.now().getTime() + 23 * HOUR).toISOString() });
    expect(before.json.ran).toMatchObject({ timeouts: 0 });
    expect(await status(id)).toBe('active');

    const after = await api.call('POST', '/dev/clock', { body: { advanceMs: HOUR + 1000 } });
    expect(after.status, after.text).toBe(200);
    expect(after.json.offsetMs).toBe(24 * HOUR + 1000);
    expect(after.json.ran).toMatchObject({ timeouts: 1 });
    expect(await status(id)).toBe('abandoned');
    // The game's own answer carries the shifted time's outcome.
    const state = await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] });
    expect(state.json.status).toBe('abandoned');
  });

  it('`run: false` only moves the clock', async () => {
    const r = await api.call('POST', '/dev/clock', { body: { advanceMs: 1, run: false } });
    expect(r.status).toBe(200);
    expect(r.json.ran).toBeNull();
  });

  it.each([
    [{ advanceMs: -1 }, /advanceMs/],
    [{ advanceMs: 1.5 }, /advanceMs/],
    [{ advanceMs: '1' }, /advanceMs/],
    [{}, /advanceMs/],
    [{ advanceMs: 1, extra: true }, /extra|Unrecognized/i],
  ])('refuses %j with 400 and moves nothing', async (body, message) => {
    const offset = (await api.call('GET', '/dev/clock')).json.offsetMs;
    const r = await api.call('POST', '/dev/clock', { body });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('bad_request');
    expect(r.json.error.message).toMatch(message);
    expect((await api.call('GET', '/dev/clock')).json.offsetMs).toBe(offset);
  });

  it('refuses a body that is not JSON with 400, saying so and what to send', async () => {
    const r = await api.call('POST', '/dev/clock', { raw: '{advanceMs: 1', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: 'bad_request', message: 'The body is not JSON. Send {"advanceMs": <milliseconds>}.' });
  });

  it('does not exist in production', async () => {
    const prod = await makeTestApp({ appEnv: 'production' });
    expect((await prod.call('GET', '/dev/clock')).status).toBe(404);
    expect((await prod.call('POST', '/dev/clock', { body: { advanceMs: 1000 } })).status).toBe(404);
  });
});
