/**
 * cost amplification: 20 create-and-resign pairs from one account made 6,000 bot moves in
 * 2 minutes and slowed everyone's polls from 0.25 s to 9 s. These prove the limits that bound it:
 * games created per account per hour, unfinished games per account, bot moves per request, and
 * a cron bot pass that serves every waiting game a share and still finishes bot-only games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botWaitingQuery } from '../../worker/services/bots';
import { makeTestApp, type TestApi } from './support';

/** Events of a game by kind, straight from the table. */
async function botMoveCount(api: TestApi, gameId: string): Promise<number> {
  const r = await api.client.query<{ n: number }>(
    `select count(*)::int as n from game_events where game_id = $1 and kind = 'move' and payload->>'bot' = 'true'`,
    [gameId],
  );
  return r.rows[0].n;
}

async function gameRow(api: TestApi, gameId: string) {
  const r = await api.client.query<{ status: string; version: number }>('select status, version from games where id = $1', [gameId]);
  return r.rows[0];
}

describe('games created per account per hour', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp({ gameLimits: { perHour: 3, unfinished: 100 } });
  });
  afterAll(() => api.client.close());

  it('the fourth game in an hour gets 429 rate_limited with Retry-After, and stores nothing', async () => {
    const token = await api.signIn('hourly@example.com');
    const create = () => api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2 } });
    for (let i = 0; i < 3; i++) {
      expect((await create()).status).toBe(201);
      api.clock.advance(60_000); // one a minute: the first one ages out first
    }
    const before = await api.rowCounts();
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
    expect(refused.json.error.message).toMatch(/3 games in the last hour/);
    // The first game was created 3 minutes ago: the place frees 57 minutes from now.
    expect(Number(refused.headers.get('retry-after'))).toBe(57 * 60);
    expect(await api.rowCounts()).toEqual(before);

    api.clock.advance(57 * 60_000);
    expect((await create()).status).toBe(201);
    // Another account is not affected by this one's limit.
    const other = await api.signIn('hourly-other@example.com');
    expect((await api.call('POST', '/api/games', { token: other, body: { type: 'secret-dice', players: 2 } })).status).toBe(201);
  });

  it('a rematch is a created game too: it counts against the asker', async () => {
    const token = await api.signIn('rematcher@example.com');
    const games: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2, bots: 1, onResign: 'end' } });
      expect(c.status).toBe(201);
      games.push(c.json.id);
    }
    expect((await api.call('POST', `/api/games/${games[0]}/resign`, { token })).status).toBe(200);
    const r = await api.call('POST', `/api/games/${games[0]}/rematch`, { token });
    expect(r.status).toBe(429);
    expect(r.json.error.code).toBe('rate_limited');
  });
});

describe('unfinished games per account', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp({ gameLimits: { perHour: 100, unfinished: 2 } });
  });
  afterAll(() => api.client.close());

  it('open and active games count; the next one gets 409 too_many_unfinished_games until one is over', async () => {
    const token = await api.signIn('unfinished@example.com');
    const open = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2 } });
    expect(open.status).toBe(201);
    const active = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2, bots: 1, onResign: 'end' } });
    expect(active.status).toBe(201);
    expect((await gameRow(api, active.json.id)).status).toBe('active');

    const before = await api.rowCounts();
    const refused = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2 } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('too_many_unfinished_games');
    expect(refused.json.error.message).toMatch(/2 games that are not over/);
    expect(await api.rowCounts()).toEqual(before);

    // Resigning with onResign "end" abandons the game: a place frees up.
    expect((await api.call('POST', `/api/games/${active.json.id}/resign`, { token })).status).toBe(200);
    expect((await gameRow(api, active.json.id)).status).toBe('abandoned');
    expect((await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2 } })).status).toBe(201);
  });

  it('create-and-resign to the bot leaves the game unfinished: it still counts', async () => {
    const token = await api.signIn('resigner@example.com');
    for (let i = 0; i < 2; i++) {
      const c = await api.call('POST', '/api/games', { token, body: { type: 'space-mountain', players: 2, bots: 1 } });
      expect(c.status).toBe(201);
      expect((await api.call('POST', `/api/games/${c.json.id}/resign`, { token })).status).toBe(200);
    }
    const third = await api.call('POST', '/api/games', { token, body: { type: 'space-mountain', players: 2, bots: 1 } });
    expect(third.status).toBe(409);
    expect(third.json.error.code).toBe('too_many_unfinished_games');
  });

  it('concurrent creates cannot both take the last place', async () => {
    const token = await api.signIn('burst@example.com');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2 } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
  });
});

describe('bot moves per request and per cron run', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp({ botMoves: { perGameRun: 10, perCron: 15 } });
  });
  afterAll(() => api.client.close());

  /** A Space Mountain game against a bot whose creator resigned: bots only, about 200 moves. */
  async function botOnlyGame(email: string): Promise<string> {
    const token = await api.signIn(email);
    const c = await api.call('POST', '/api/games', { token, body: { type: 'space-mountain', players: 2, bots: 1 } });
    expect(c.status).toBe(201);
    expect((await api.call('POST', `/api/games/${c.json.id}/resign`, { token })).status).toBe(200);
    return c.json.id;
  }

  it('a resign that leaves only bots buys at most perGameRun bot moves; the cron shares out the rest and finishes both games', async () => {
    const first = await botOnlyGame('bots-a@example.com');
    // Creation (bot's first reply, if any) and the resign: one run each, at most 10 moves per run.
    expect(await botMoveCount(api, first)).toBeLessThanOrEqual(20);
    expect(await botMoveCount(api, first)).toBeGreaterThan(0);
    api.clock.advance(1000);
    const second = await botOnlyGame('bots-b@example.com');
    expect(await botMoveCount(api, second)).toBeLessThanOrEqual(20);

    // Cron run 1: 15 moves shared equally (7 each), the least recently changed game first,
    // which also gets the one move left over.
    const a0 = await botMoveCount(api, first);
    const b0 = await botMoveCount(api, second);
    api.clock.advance(1000);
    expect((await api.cron()).botMoves).toBe(15);
    expect(await botMoveCount(api, first)).toBe(a0 + 8);
    expect(await botMoveCount(api, second)).toBe(b0 + 7);
    // Run 2: again at least 7 each; neither game gets its full 10 at the other's expense.
    api.clock.advance(1000);
    expect((await api.cron()).botMoves).toBe(15);
    expect(await botMoveCount(api, first)).toBeGreaterThanOrEqual(a0 + 15);
    expect(await botMoveCount(api, second)).toBeGreaterThanOrEqual(b0 + 14);

    // A bot-only remainder finishes on cron runs alone.
    for (let i = 0; i < 100; i++) {
      api.clock.advance(1000);
      const r = await api.cron();
      expect(r.botMoves).toBeLessThanOrEqual(15);
      if (r.botMoves === 0) break;
    }
    expect((await gameRow(api, first)).status).toBe('finished');
    expect((await gameRow(api, second)).status).toBe('finished');
  });

  it("the bot pass reads only running games with a bot seat, in the order it serves them (the partial index's condition matches)", async () => {
    const q = botWaitingQuery({ db: api.db }, { limit: 100, idleBefore: new Date(api.clock.now().getTime()) }).toSQL();
    // A few rows make a sequential scan cheaper, so rule it out to see whether the index applies.
    await api.client.exec('set enable_seqscan = off');
    try {
      const plan = await api.client.query<{ 'QUERY PLAN': string }>(`explain ${q.sql}`, q.params);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('games_bot_waiting_idx');
    } finally {
      await api.client.exec('reset enable_seqscan');
    }
  });
});
