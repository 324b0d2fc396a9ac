import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

/**
 * Each statement is a database round trip, and on the Worker a round trip costs more than the
 * work it carries (bench/RESULTS.md): the hot paths are pinned to a statement count here.
 */
let api: TestApi;
let statements: string[] = [];
let lastParams: unknown[] = [];
beforeAll(async () => {
  // A grace period longer than waitUntil allows leaves the outbox to the cron: only the
  // request's own statements are counted.
  api = await makeTestApp(
    { notifyGraceSeconds: 60 },
    {
      onQuery: (q, params) => {
        statements.push(q);
        lastParams = params;
      },
    },
  );
});
beforeEach(() => {
  statements = [];
});

const counted = async <T>(f: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
  statements = [];
  const result = await f();
  return { result, sql: statements };
};

describe('statements per request on the hot paths', () => {
  it('a 304 poll is one statement: the version by primary key, joined with the session', async () => {
    const { id, tokens } = await api.startedGame(2);
    const first = await api.call('GET', `/api/games/${id}/state`, { token: tokens[1] });
    const { result, sql } = await counted(() =>
      api.call('GET', `/api/games/${id}/state`, { token: tokens[1], headers: { 'if-none-match': first.headers.get('etag')! } }),
    );
    expect(result.status).toBe(304);
    expect(sql).toHaveLength(1);
    // The read is a SQL function (plans kept per connection), asked for the version alone.
    expect(sql[0]).toMatch(/^select mp_game_request\(/);
    const args = await api.client.query<{ request: { game: unknown; version: number } }>(
      sql[0].replace(/\$(\d+)/g, (_, n) => `'${String(lastParams[Number(n) - 1]).replace(/'/g, "''")}'`),
    );
    expect(args.rows[0].request.game).toBeNull(); // no snapshot read for a 304
    expect(args.rows[0].request.version).toBe(first.json.version);
  });

  it('a full GET /state is one statement', async () => {
    const { id, tokens } = await api.startedGame(2);
    const { result, sql } = await counted(() => api.call('GET', `/api/games/${id}/state`, { token: tokens[0] }));
    expect(result.status).toBe(200);
    expect(result.json.yourSeat).toBe(0);
    expect(sql).toHaveLength(1);
  });

  it('a move that passes the turn is two statements (read; commit with event, game, seat and outbox rows); its retry is one', async () => {
    const { id, tokens } = await api.startedGame(2);
    const key = { 'idempotency-key': `k-${id}` };
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v, move: { type: 'bank' } } });
    const { result, sql } = await counted(() =>
      api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v + 1, move: { type: 'end' } }, headers: key }),
    );
    expect(result.status).toBe(200);
    expect(result.json.activeSeats).toEqual([1]);
    expect(sql).toHaveLength(2);
    expect(sql[1]).toMatch(/^select mp_append_event\(/);
    const outbox = await api.client.query<{ kind: string }>('select kind from outbox where game_id = $1 and kind = $2', [id, 'your_turn']);
    expect(outbox.rows.length).toBeGreaterThan(0);
    const retry = await counted(() =>
      api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v + 1, move: { type: 'end' } }, headers: key }),
    );
    expect(retry.result.text).toBe(result.text);
    expect(retry.sql).toHaveLength(1);
  });

  it('a move at a stale version writes nothing: read, then the current state for the 409', async () => {
    const { id, tokens } = await api.startedGame(2);
    const before = await api.rowCounts();
    const { result, sql } = await counted(() =>
      api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: 0, move: { type: 'bank' } } }),
    );
    expect(result.status).toBe(409);
    expect(result.json.error.code).toBe('stale_version');
    expect(sql).toHaveLength(2);
    expect(await api.rowCounts()).toEqual(before);
  });

  it('a private game answers a guessed ETag from a non-player with 403, not a 304 that would confirm its version', async () => {
    const tokens = [await api.signIn(`creator-${Date.now()}@example.com`)];
    const created = await api.call('POST', '/api/games', { token: tokens[0], body: { type: 'secret-dice', players: 2, public: false } });
    const id = created.json.id as string;
    const version = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    const outsider = await api.signIn(`outsider-${id}@example.com`);
    const outsiderId = (await api.call('GET', '/api/me', { token: outsider })).json.id as string;
    for (const [token, etag] of [
      [undefined, `"v${version}-anon"`],
      [outsider, `"v${version}-${outsiderId}"`],
    ] as const) {
      const r = await api.call('GET', `/api/games/${id}/state`, { token, headers: { 'if-none-match': etag } });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('private_game');
    }
    const player = await api.call('GET', `/api/games/${id}/state`, {
      token: tokens[0],
      headers: { 'if-none-match': (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).headers.get('etag')! },
    });
    expect(player.status).toBe(304);
  });

  it('someone without a seat learns nothing about Idempotency-Keys others used: 403, as for any other key', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      body: { version: v, move: { type: 'bank' } },
      headers: { 'idempotency-key': `used-${id}` },
    });
    const outsider = await api.signIn(`keys-${id}@example.com`);
    for (const key of [`used-${id}`, `fresh-${id}`]) {
      const r = await api.call('POST', `/api/games/${id}/moves`, {
        token: outsider,
        body: { version: v, move: { type: 'bank' } },
        headers: { 'idempotency-key': key },
      });
      expect([key, r.status, r.json.error.code]).toEqual([key, 403, 'not_seated']);
    }
  });

  it('a visible 304 marks the version seen (once: a second one writes nothing)', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v, move: { type: 'bank' } } });
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v + 1, move: { type: 'end' } } });
    // Seat 1's tab fetched the new version in the background, then the player looks at it.
    const background = await api.call('GET', `/api/games/${id}/state`, { token: tokens[1] });
    const seen = async () =>
      (await api.client.query<{ s: number }>('select last_seen_seq as s from seats where game_id = $1 and seat = 1', [id])).rows[0].s;
    expect(await seen()).toBeLessThan(v + 2);
    const headers = { 'if-none-match': background.headers.get('etag')!, 'x-page-visible': '1' };
    const first = await counted(() => api.call('GET', `/api/games/${id}/state`, { token: tokens[1], headers }));
    expect(first.result.status).toBe(304);
    expect(first.sql).toHaveLength(2);
    expect(await seen()).toBe(v + 2);
    // The mark moved, and `sinceLastSeen` with it: one fresh answer, whose tag then holds.
    const fresh = await counted(() => api.call('GET', `/api/games/${id}/state`, { token: tokens[1], headers }));
    expect(fresh.result.status).toBe(200);
    expect(fresh.result.json.sinceLastSeen).toMatchObject({ fromVersion: v + 2, entries: [] });
    expect(fresh.sql).toHaveLength(2); // a tag that misses: the version, then the whole answer (no write: already seen)
    const again = await counted(() =>
      api.call('GET', `/api/games/${id}/state`, {
        token: tokens[1],
        headers: { ...headers, 'if-none-match': fresh.result.headers.get('etag')! },
      }),
    );
    expect(again.result.status).toBe(304);
    expect(again.sql).toHaveLength(1);
  });

  it('an unknown game falls back to the ordinary path and answers 404', async () => {
    const { tokens } = await api.startedGame(2);
    const r = await api.call('GET', '/api/games/g_nope/state', { token: tokens[0] });
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('game_not_found');
    const bad = await api.call('GET', '/api/games/g_nope/state', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });
});
