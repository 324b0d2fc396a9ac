import { beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { ANSWER_SWEEP_BATCH } from '../../worker/services/answer-retention';
import { makeTestApp, type TestApi } from './support';

const HOUR = 3600 * 1000;

// A fresh database per test: the cron's count covers every game, so each test starts from none.
let api: TestApi;
beforeEach(async () => {
  api = await makeTestApp();
});

const move = (id: string, token: string, version: number, m: unknown, key?: string) =>
  api.call('POST', `/api/games/${id}/moves`, { token, body: { version, move: m }, headers: key ? { 'idempotency-key': key } : {} });
const version = async (id: string, token: string) => (await api.call('GET', `/api/games/${id}/state`, { token })).json.version as number;

/** Events with and without a stored answer (all games, or one). */
async function answers(gameId?: string): Promise<{ kept: number; cleared: number }> {
  const r = await api.client.query<{ kept: number; cleared: number }>(
    `select count(*) filter (where response is not null)::int as kept, count(*) filter (where response is null)::int as cleared
       from game_events where $1::text is null or game_id = $1`,
    [gameId ?? null],
  );
  return r.rows[0];
}

describe('IDEMPOTENCY_RETENTION_HOURS', () => {
  it('defaults to 24 and must be a positive whole number of hours', () => {
    expect(readConfig({}).idempotencyRetentionHours).toBe(24);
    expect(readConfig({ IDEMPOTENCY_RETENTION_HOURS: '72' }).idempotencyRetentionHours).toBe(72);
    for (const bad of ['0', '-1', '1.5', 'a day']) expect(() => readConfig({ IDEMPOTENCY_RETENTION_HOURS: bad })).toThrow();
  });
});

describe('the cron forgets stored answers after the retention window', () => {
  it('clears answers older than 24 h and keeps newer ones', async () => {
    const { id, tokens } = await api.startedGame(2);
    let v = await version(id, tokens[0]);
    v = (await move(id, tokens[0], v, { type: 'bank' }, 'old-1')).json.version;
    v = (await move(id, tokens[0], v, { type: 'bank' }, 'old-2')).json.version;
    // Only requests with an Idempotency-Key store their answer: the 2 moves, not create, join, start.
    expect(await answers()).toEqual({ kept: 2, cleared: 3 });

    api.clock.advance(23 * HOUR);
    await move(id, tokens[0], v, { type: 'end' }, 'new-1');
    expect((await api.cron()).answersCleared).toBe(0); // the oldest is 23 h old

    api.clock.advance(1 * HOUR); // exactly 24 h: not older than the window yet
    expect((await api.cron()).answersCleared).toBe(0);
    api.clock.advance(1);
    expect((await api.cron()).answersCleared).toBe(2);
    expect(await answers()).toEqual({ kept: 1, cleared: 5 });
    const kept = await api.client.query<{ key: string }>('select idempotency_key as key from game_events where response is not null');
    expect(kept.rows).toEqual([{ key: 'new-1' }]);
    expect((await api.cron()).answersCleared).toBe(0); // nothing left to do

    api.clock.advance(23 * HOUR);
    expect((await api.cron()).answersCleared).toBe(1);
    expect(await answers()).toEqual({ kept: 0, cleared: 6 });
  });

  it('follows a configured window', async () => {
    api = await makeTestApp({ idempotencyRetentionHours: 2 });
    const { id, tokens } = await api.startedGame(2);
    await move(id, tokens[0], await version(id, tokens[0]), { type: 'bank' }, 'k');
    api.clock.advance(2 * HOUR + 1);
    expect((await api.cron()).answersCleared).toBe(1);
    expect(await answers(id)).toEqual({ kept: 0, cleared: 4 }); // create, join, start, move
  });

  it(`clears at most ${ANSWER_SWEEP_BATCH} answers a run, oldest first`, async () => {
    const { id } = await api.startedGame(2);
    // 1,005 more events, one a second from two days back: all older than the game's start.
    await api.client.query(
      `insert into game_events (game_id, seq, kind, seat, payload, response, created_at)
         select $1, 100 + i, 'move', 0, '{"move":{"type":"bank"}}', '{"answer":' || i || '}', $2::timestamptz + i * interval '1 second'
         from generate_series(1, 1005) i`,
      [id, new Date(api.clock.t - 48 * HOUR).toISOString()],
    );
    api.clock.advance(24 * HOUR + 1);
    expect(await answers()).toEqual({ kept: 1005, cleared: 3 });

    expect((await api.cron()).answersCleared).toBe(ANSWER_SWEEP_BATCH);
    expect(await answers()).toEqual({ kept: 5, cleared: 1003 });
    const left = await api.client.query<{ seq: number }>('select seq from game_events where response is not null order by seq');
    expect(left.rows.map((r) => r.seq)).toEqual([1101, 1102, 1103, 1104, 1105]); // the 5 newest inserted

    expect((await api.cron()).answersCleared).toBe(5);
    expect((await api.cron()).answersCleared).toBe(0);
    expect(await answers()).toEqual({ kept: 0, cleared: 1008 });
  });
});

describe('a retry with the same Idempotency-Key', () => {
  it('inside the window gets the identical bytes, after a cron run too', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = await version(id, tokens[0]);
    const first = await move(id, tokens[0], v, { type: 'roll' }, 'inside');
    expect(first.status).toBe(200);
    api.clock.advance(24 * HOUR);
    expect((await api.cron()).answersCleared).toBe(0);
    const before = await api.rowCounts();
    const retry = await move(id, tokens[0], v, { type: 'roll' }, 'inside');
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(await api.rowCounts()).toEqual(before);
  });

  it('after the window gets 409 idempotency_key_expired and appends nothing', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = await version(id, tokens[0]);
    const first = await move(id, tokens[0], v, { type: 'roll' }, 'expired');
    expect(first.status).toBe(200);
    api.clock.advance(24 * HOUR + 1);
    expect((await api.cron()).answersCleared).toBe(1);

    const before = await api.rowCounts();
    const retry = await move(id, tokens[0], v, { type: 'roll' }, 'expired');
    expect([retry.status, retry.json.error.code]).toEqual([409, 'idempotency_key_expired']);
    expect(retry.json.error.message).toContain('already made');
    expect(retry.json.state).toBeUndefined(); // no state: the client must not say "not applied"
    // At the current version too (the client resent it as is): still not applied twice.
    const atCurrent = await move(id, tokens[0], first.json.version, { type: 'roll' }, 'expired');
    expect([atCurrent.status, atCurrent.json.error.code]).toEqual([409, 'idempotency_key_expired']);
    // The key with another move, or from another seat, is still a reused key.
    const other = await move(id, tokens[0], first.json.version, { type: 'bank' }, 'expired');
    expect([other.status, other.json.error.code]).toEqual([422, 'idempotency_key_reused']);
    const stolen = await move(id, tokens[1], first.json.version, { type: 'roll' }, 'expired');
    expect([stolen.status, stolen.json.error.code]).toEqual([422, 'idempotency_key_reused']);
    expect(await api.rowCounts()).toEqual(before);

    // The game goes on: a fresh key plays the next move.
    const next = await move(id, tokens[0], first.json.version, { type: 'bank' }, 'fresh');
    expect(next.status).toBe(200);
    expect(next.json.version).toBe(first.json.version + 1);
  });
});
