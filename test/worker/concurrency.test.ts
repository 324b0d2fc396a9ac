/**
 * Optimistic concurrency in the production runtime: many Worker requests race to append the same
 * event. Against a real PostgreSQL (TEST_PG=1, `npm test` runs it when one is installed and CI
 * always does) the requests really overlap; against PGlite the bridge serializes connections, so
 * the race is only simulated there, but the outcome must be the same.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, inviteCode, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { until } from '../support/wait';

const api = new ApiClient(inject('workerUrl'));
const dbKind = inject('dbKind');
const eventCount = async (gameId: string) =>
  Number(
    (
      await sqlRows<{ n: string }>(inject('databaseUrl'), inject('dbWsProxy'), 'select count(*) as n from game_events where game_id = $1', [
        gameId,
      ])
    )[0].n,
  );

describe(`concurrent moves (${dbKind}${dbKind === 'pglite' ? ', serialized by the bridge' : ', real concurrency'})`, () => {
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    alice = (await api.signIn(uniqueEmail('race-a'))).token;
    bob = (await api.signIn(uniqueEmail('race-b'))).token;
  });

  it('20 concurrent moves at one version: exactly 1 applied, 19 answered 409, one event appended', async () => {
    const gameId = await api.startGame('secret-dice', [alice, bob]);
    const before = await api.get(`/api/games/${gameId}/state`, { token: alice });
    expect(before.status, before.text).toBe(200);
    const v = before.body.version;
    const eventsBefore = await eventCount(gameId);

    const replies = await Promise.all(
      Array.from({ length: 20 }, () => api.post(`/api/games/${gameId}/moves`, { version: v, move: { type: 'bank' } }, { token: alice })),
    );
    const statuses = replies.map((r) => r.status);
    const summary = Object.entries(
      statuses.reduce<Record<number, number>>((acc, s) => {
        acc[s] = (acc[s] ?? 0) + 1;
        return acc;
      }, {}),
    );
    expect(
      statuses.filter((s) => s === 200),
      `statuses: ${JSON.stringify(summary)}`,
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      `statuses: ${JSON.stringify(summary)}`,
    ).toHaveLength(19);
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.error.code).toBe('stale_version');
    const winner = replies.find((r) => r.status === 200)!;
    expect(winner.body.version).toBe(v + 1);

    const after = await api.get(`/api/games/${gameId}/state`, { token: alice });
    expect(after.body.version).toBe(v + 1);
    expect(after.body.view.banked).toEqual([1, 0]);
    expect(await eventCount(gameId)).toBe(eventsBefore + 1);
  });

  it("20 concurrent turn-ending moves of a timed game: the game's timer ends at the instant the winner committed", async () => {
    const created = await api.post<{ id: string; inviteUrl: string }>(
      '/api/games',
      { type: 'secret-dice', players: 2, timeControl: '24h' },
      { token: alice },
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: bob })).status).toBe(200);
    expect((await api.post(`/api/games/${id}/start`, {}, { token: alice })).status).toBe(200);
    const started = await api.get(`/api/games/${id}/state`, { token: alice });
    const token = (started.body.activeSeats[0] as number) === 0 ? alice : bob;
    const banked = await api.post(`/api/games/${id}/moves`, { version: started.body.version, move: { type: 'bank' } }, { token });
    expect(banked.status, banked.text).toBe(200);
    const before = await api.get(`/api/games/${id}/state`, { token });
    // Each tells the timer its own next instant before it commits; the losers ask for a pass at once.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(`/api/games/${id}/moves`, { version: before.body.version, move: { type: 'end' } }, { token }),
      ),
    );
    expect(
      replies.filter((r) => r.status === 200),
      replies.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join('\n'),
    ).toHaveLength(1);
    const dueAt = async () =>
      (
        await sqlRows<{ ms: string }>(
          inject('databaseUrl'),
          inject('dbWsProxy'),
          'select (extract(epoch from due_at) * 1000)::bigint as ms from games where id = $1',
          [id],
        )
      )[0].ms;
    const want = Number(await dueAt());
    expect(want).toBeGreaterThan(Date.now());
    let seen: unknown = null;
    await until(`the timer at ${want}`, async () => {
      seen = (await api.get(`/api/__test/timer/${id}`)).body.at;
      return seen === want ? true : undefined;
    }).catch(() => {});
    expect(seen).toBe(want);
  });

  it('three players agreeing to a pause at the same moment: each agreement counts and the pause starts', async () => {
    const players = [alice, bob, ...(await Promise.all([1, 2].map(async (i) => (await api.signIn(uniqueEmail(`race-p${i}`))).token)))];
    const created = await api.post<{ id: string; inviteUrl: string }>(
      '/api/games',
      { type: 'secret-dice', players: 4, timeControl: '48h', startWhenFull: false },
      { token: alice },
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    for (const t of players.slice(1))
      expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: t })).status).toBe(200);
    expect((await api.post(`/api/games/${id}/start`, {}, { token: alice })).status).toBe(200);
    expect((await api.post(`/api/games/${id}/pause`, { days: 2 }, { token: alice })).status).toBe(200);
    const replies = await Promise.all(players.slice(1).map((t) => api.post(`/api/games/${id}/pause/agree`, {}, { token: t })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const meta = (await api.get(`/api/games/${id}`, { token: alice })).body;
    expect(meta.pauseProposal).toBeNull();
    expect(meta.pause).toMatchObject({ by: 0 });
  });

  it('a retried move with the same Idempotency-Key gets the first answer and appends nothing', async () => {
    const gameId = await api.startGame('secret-dice', [alice, bob]);
    const v = (await api.get(`/api/games/${gameId}/state`, { token: alice })).body.version;
    const key = `retry-${Date.now()}`;
    const send = () =>
      api.post(`/api/games/${gameId}/moves`, { version: v, move: { type: 'roll' } }, { token: alice, headers: { 'idempotency-key': key } });

    const first = await send();
    expect(first.status, first.text).toBe(200);
    const events = await eventCount(gameId);
    const second = await send();
    expect(second.status, second.text).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await eventCount(gameId)).toBe(events);
  });
  it('six games between the same two players ending at the same moment: each ending recorded once, every rating folded in', async () => {
    const [a, b] = await Promise.all(['race-end-a', 'race-end-b'].map(async (n) => (await api.signIn(uniqueEmail(n))).token));
    const ids = await Promise.all(Array.from({ length: 6 }, () => api.startGame('secret-dice', [a, b], { rounds: 1 })));
    // Each game one move from its end: a's turn, then b banks; b's 'end' finishes it.
    for (const id of ids)
      for (const [token, type] of [
        [a, 'bank'],
        [a, 'end'],
        [b, 'bank'],
      ] as const) {
        const s = await api.get(`/api/games/${id}/state`, { token });
        const r = await api.post(`/api/games/${id}/moves`, { version: s.body.version, move: { type } }, { token });
        expect(r.status, r.text).toBe(200);
      }
    const versions = await Promise.all(
      ids.map(async (id) => (await api.get(`/api/games/${id}/state`, { token: b })).body.version as number),
    );
    const ends = await Promise.all(
      ids.map((id, i) => api.post(`/api/games/${id}/moves`, { version: versions[i], move: { type: 'end' } }, { token: b })),
    );
    expect(ends.map((r) => r.status)).toEqual(ids.map(() => 200));
    const q = <T>(text: string, params: unknown[]) => sqlRows<T>(inject('databaseUrl'), inject('dbWsProxy'), text, params);
    const endings = await q<{ n: string }>('select count(*) as n from game_endings where game_id = any($1)', [ids]);
    expect(Number(endings[0].n)).toBe(6);
    const results = await q<{ n: string }>('select count(*) as n from seat_results where game_id = any($1) and rated', [ids]);
    expect(Number(results[0].n)).toBe(12);
    // Six rated games each: no ending computed from a rating another one had changed meanwhile.
    const rated = await q<{ games: number }>(
      "select r.games from ratings r join seats s on s.user_id = r.user_id where s.game_id = $1 and r.type = 'secret-dice' order by s.seat",
      [ids[0]],
    );
    expect(rated.map((r) => r.games)).toEqual([6, 6]);
  });
});
