import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

/**
 * a commit queues its notices already claimed for the drain of its own request, which reads
 * them by their dedupe keys (a unique-index lookup, no claim to write) instead of claiming from
 * every pending row; whatever else is due stays for the cron. Bots' moves set off by the same
 * request add their notices to the same single drain. A hold whose drain never ran lapses like
 * any claim, and the cron delivers the row.
 */
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp({ notifyGraceSeconds: 0 });
});

async function statusOf(where: string, params: unknown[]) {
  return (await api.client.query<{ kind: string; status: string }>(`select kind, status from outbox where ${where} order by id`, params))
    .rows;
}

describe('a commit drains its own notices', () => {
  it("a move's drain delivers its your_turn email and leaves another due row to the cron", async () => {
    const { id, tokens } = await api.startedGame(2);
    const now = api.clock.now();
    await api.client.query(
      `insert into outbox (channel, target, payload, kind, next_attempt_at, created_at, dedupe_key) values ('email', 'stray@example.com', $1, 'test', $2, $2, $3)`,
      [
        JSON.stringify({ message: { kind: 'test', subject: 'Stray', lines: ['queued elsewhere'], url: 'http://localhost:8787/' } }),
        new Date(now.getTime() - 1000),
        `stray-${id}`,
      ],
    );
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v, move: { type: 'bank' } } });
    const passed = await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v + 1, move: { type: 'end' } } });
    expect(passed.json.activeSeats).toEqual([1]);
    const turn = await statusOf(`game_id = $1 and kind = 'your_turn' and (payload->>'version')::int = $2`, [id, v + 2]);
    expect(turn).toEqual([{ kind: 'your_turn', status: 'sent' }]);
    expect(await statusOf('dedupe_key = $1', [`stray-${id}`])).toEqual([{ kind: 'test', status: 'pending' }]);
    await api.cron();
    expect(await statusOf('dedupe_key = $1', [`stray-${id}`])).toEqual([{ kind: 'test', status: 'sent' }]);
  });

  it("a move that sets off a bot's turn delivers both moves' notices in the request's one drain", async () => {
    const { id, tokens } = await api.startedGame(3);
    // Seat 3 hands its seat to the bot; seat 1 then passes the turn to seat 2.
    const r = await api.call('POST', `/api/games/${id}/resign`, { token: tokens[2] });
    expect(r.status).toBe(200);
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v, move: { type: 'bank' } } });
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v + 1, move: { type: 'end' } } });
    const s2 = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[1] })).json;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[1], body: { version: s2.version, move: { type: 'bank' } } });
    // Seat 2 ends: the bot (seat 3) plays its turn in this request and hands the turn back to seat 1.
    const ended = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[1],
      body: { version: s2.version + 1, move: { type: 'end' } },
    });
    expect(ended.status).toBe(200);
    const after = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    expect(after.activeSeats).toEqual([0]);
    expect(after.version).toBeGreaterThan(s2.version + 2);
    // Seat 1's your_turn came from the bot's commit, and went out without the cron.
    const pending = await statusOf(`game_id = $1 and status = 'pending'`, [id]);
    expect(pending).toEqual([]);
    const mine = await statusOf(
      `game_id = $1 and kind = 'your_turn' and user_id = (select user_id from seats where game_id = $1 and seat = 0)`,
      [id],
    );
    expect(mine.at(-1)).toEqual({ kind: 'your_turn', status: 'sent' });
  });

  it('a held notice whose drain never ran is left alone until its hold lapses, then the cron delivers it', async () => {
    const now = api.clock.now();
    const key = `held-${now.getTime()}`;
    await api.client.query(
      `insert into outbox (channel, target, payload, kind, next_attempt_at, created_at, dedupe_key, claimed_until, attempts) values ('email', 'held@example.com', $1, 'test', $2, $2, $3, $4, 1)`,
      [
        JSON.stringify({ message: { kind: 'test', subject: 'Held', lines: ['held for a request'], url: 'http://localhost:8787/' } }),
        now,
        key,
        new Date(now.getTime() + 2 * 60_000),
      ],
    );
    await api.cron();
    expect(await statusOf('dedupe_key = $1', [key])).toEqual([{ kind: 'test', status: 'pending' }]);
    api.clock.advance(3 * 60_000);
    await api.cron();
    expect(await statusOf('dedupe_key = $1', [key])).toEqual([{ kind: 'test', status: 'sent' }]);
  });
});
