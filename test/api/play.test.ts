import { etagMatches, stateEtag } from '../../worker/lib/state';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, replay, type HistoryEvent } from '../../engine/core';
import { secretDice, type SecretDiceState } from '../fixtures/secret-dice';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const move = (id: string, token: string, version: number, m: unknown, headers: Record<string, string> = {}) =>
  api.call('POST', `/api/games/${id}/moves`, { token, body: { version, move: m }, headers });
const state = (id: string, token?: string, headers: Record<string, string> = {}) =>
  api.call('GET', `/api/games/${id}/state`, { token, headers });

/** Replays the stored event log from setup and compares with the stored snapshot, byte for byte. */
async function expectReplayMatchesSnapshot(id: string) {
  const g = (await api.client.query<any>('select * from games where id = $1', [id])).rows[0];
  const events = (await api.client.query<any>('select kind, seat, payload from game_events where game_id = $1 order by seq', [id])).rows;
  const history: HistoryEvent[] = events.map((e) =>
    e.kind === 'move' ? { kind: 'move', seat: e.seat, move: e.payload.move } : { kind: e.kind, seat: e.seat },
  );
  const { state: replayed } = replay<SecretDiceState>(secretDice, {
    players: g.players,
    options: g.options,
    seed: g.seed,
    events: history,
  });
  expect(canonicalJson(replayed)).toBe(canonicalJson(g.snapshot));
}

describe('GET /state', () => {
  it('gives each seat its own view and legal moves, spectators the public view and no moves', async () => {
    const { id, tokens } = await api.startedGame(2);
    const s0 = await state(id, tokens[0]);
    expect(s0.json).toMatchObject({ yourSeat: 0, activeSeats: [0], status: 'active' });
    expect(s0.json.legalMoves).toEqual([
      { label: 'Roll a die', move: { type: 'roll' } },
      { label: 'Bank 1 point', move: { type: 'bank' } },
    ]);
    const s1 = await state(id, tokens[1]);
    expect(s1.json.yourSeat).toBe(1);
    expect(s1.json.legalMoves).toEqual([]);
    const spectator = await state(id);
    expect(spectator.json).toMatchObject({ yourSeat: null, legalMoves: [] });
    expect(spectator.json.view.you).toBeNull();
  });

  it('answers 304 to If-None-Match while nothing changed, 200 after a move', async () => {
    const { id, tokens } = await api.startedGame(2);
    const first = await state(id, tokens[0]);
    const etag = first.headers.get('etag')!;
    // Version, the seat's seen mark (`sinceLastSeen` depends on it) and the viewer.
    expect(etag).toMatch(/^"v\d+-s\d+-u_[0-9a-f]+"$/);
    const again = await state(id, tokens[0], { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // Another viewer's tag never matches mine.
    expect((await state(id, tokens[1], { 'if-none-match': etag })).status).toBe(200);
    await move(id, tokens[0], first.json.version, { type: 'bank' });
    const after = await state(id, tokens[0], { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.json.version).toBe(first.json.version + 1);
  });

  it('a tag that carries an instant matches until then only, and only the same version, mark and viewer', () => {
    const now = Date.parse('2027-01-01T00:00:00Z');
    const tag = stateEtag(5, 'u_ab', 3, now + 60_000);
    expect(tag).toBe(`"v5-s3-u_ab~${now / 1000 + 60}"`);
    expect(etagMatches(tag, stateEtag(5, 'u_ab', 3), now)).toBe(true);
    expect(etagMatches(tag, stateEtag(5, 'u_ab', 3), now + 60_000)).toBe(false);
    expect(etagMatches(tag, stateEtag(6, 'u_ab', 3), now)).toBe(false);
    expect(etagMatches(tag, stateEtag(5, 'u_ab', 4), now)).toBe(false);
    expect(etagMatches('"v5-s3-u_ab"', stateEtag(5, 'u_ab', 3), now)).toBe(true);
  });

  it('404 for an unknown game', async () => {
    const r = await state('g_missing');
    expect([r.status, r.json.error.code]).toEqual([404, 'game_not_found']);
  });
});

describe('POST /moves', () => {
  it('applies a legal move and returns the new state; the replayed log equals the snapshot after every move', async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 1 } });
    let v = (await state(id, tokens[0])).json.version;
    const script: [number, string][] = [
      [0, 'roll'],
      [0, 'bank'],
      [0, 'end'],
      [1, 'bank'],
      [1, 'roll'],
      [1, 'end'],
    ];
    for (const [seat, type] of script) {
      const r = await move(id, tokens[seat], v, { type });
      expect(r.status, r.text).toBe(200);
      expect(r.json.version).toBe(v + 1);
      v = r.json.version;
      await expectReplayMatchesSnapshot(id);
    }
    const end = (await state(id, tokens[0])).json;
    expect(end.status).toBe('finished');
    expect(end.result.scores).toHaveLength(2);
    expect(end.view.totals).toEqual(end.result.scores);
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json;
    expect(meta.seed).toMatch(/^[0-9a-f]{32}$/);
    const after = await move(id, tokens[0], v, { type: 'bank' });
    expect([after.status, after.json.error.code]).toEqual([409, 'not_active']);
  });

  it('409 stale_version carries the current state', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await state(id, tokens[0])).json.version;
    await move(id, tokens[0], v, { type: 'bank' });
    const r = await move(id, tokens[0], v, { type: 'bank' });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('stale_version');
    expect(r.json.state).toMatchObject({ version: v + 1, yourSeat: 0 });
    expect(r.json.state.view.banked).toEqual([1, 0]);
  });

  it('422 illegal_move with the engine reason; 403 out of turn; 403 for spectators; 400 for a malformed move', async () => {
    const { id, tokens } = await api.startedGame(2);
    const outsider = await api.signIn('outsider@play.test');
    const v = (await state(id, tokens[0])).json.version;
    const before = await api.rowCounts();
    const illegal = await move(id, tokens[0], v, { type: 'end' });
    expect(illegal.status).toBe(422);
    expect(illegal.json.error).toMatchObject({ code: 'illegal_move', message: 'Roll or bank before ending your turn.' });
    const outOfTurn = await move(id, tokens[1], v, { type: 'bank' });
    expect([outOfTurn.status, outOfTurn.json.error.code]).toEqual([403, 'not_your_turn']);
    const spectator = await move(id, outsider, v, { type: 'bank' });
    expect([spectator.status, spectator.json.error.code]).toEqual([403, 'not_seated']);
    for (const bad of [{ type: 'fly' }, { type: 'bank', extra: 1 }, 'bank', 7, null, []]) {
      const r = await move(id, tokens[0], v, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.json.error.code).toBe('bad_move');
    }
    expect(await api.rowCounts()).toEqual(before);
  });

  it('the same Idempotency-Key returns the first answer and appends nothing', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await state(id, tokens[0])).json.version;
    const key = { 'idempotency-key': 'k-123' };
    const first = await move(id, tokens[0], v, { type: 'roll' }, key);
    const events = (await api.rowCounts()).game_events;
    const retry = await move(id, tokens[0], v, { type: 'roll' }, key);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect((await api.rowCounts()).game_events).toBe(events);
    // Someone else's key in the same game is refused, not answered with another seat's state.
    const stolen = await move(id, tokens[1], v + 1, { type: 'bank' }, key);
    expect([stolen.status, stolen.json.error.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('20 concurrent moves at one version: exactly 1 applied, 19 answered 409, one event', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await state(id, tokens[0])).json.version;
    const rs = await Promise.all(Array.from({ length: 20 }, () => move(id, tokens[0], v, { type: 'bank' })));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 409 && r.json.error.code === 'stale_version')).toHaveLength(19);
    const n = (await api.client.query<{ n: number }>('select count(*)::int n from game_events where game_id = $1 and seq > $2', [id, v]))
      .rows[0].n;
    expect(n).toBe(1);
    await expectReplayMatchesSnapshot(id);
  });

  it('20 concurrent retries with one Idempotency-Key: one event, every answer identical', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await state(id, tokens[0])).json.version;
    const rs = await Promise.all(Array.from({ length: 20 }, () => move(id, tokens[0], v, { type: 'roll' }, { 'idempotency-key': 'same' })));
    expect(new Set(rs.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(rs.map((r) => r.text)).size).toBe(1);
    const n = (await api.client.query<{ n: number }>('select count(*)::int n from game_events where game_id = $1 and seq > $2', [id, v]))
      .rows[0].n;
    expect(n).toBe(1);
  });
});

describe('POST /undo', () => {
  it('takes back a move that revealed nothing; refuses after a roll (undo barrier) or after another seat acted', async () => {
    const { id, tokens } = await api.startedGame(2);
    let s = (await state(id, tokens[0])).json;
    s = (await move(id, tokens[0], s.version, { type: 'bank' })).json;
    expect(s.view.banked).toEqual([1, 0]);
    const undone = await api.call('POST', `/api/games/${id}/undo`, { token: tokens[0], body: { version: s.version } });
    expect(undone.status).toBe(200);
    expect(undone.json.view.banked).toEqual([0, 0]);
    expect(undone.json.version).toBe(s.version + 1);
    await expectReplayMatchesSnapshot(id);

    s = (await move(id, tokens[0], undone.json.version, { type: 'roll' })).json;
    const barrier = await api.call('POST', `/api/games/${id}/undo`, { token: tokens[0], body: { version: s.version } });
    expect([barrier.status, barrier.json.error.code]).toEqual([422, 'undo_barrier']);

    s = (await move(id, tokens[0], s.version, { type: 'end' })).json;
    s = (await move(id, tokens[1], s.version, { type: 'bank' })).json;
    const others = await api.call('POST', `/api/games/${id}/undo`, { token: tokens[0], body: { version: s.version } });
    expect([others.status, others.json.error.code]).toEqual([422, 'undo_barrier']);
    expect(others.json.error.message).toContain('Another player has acted');
    const stale = await api.call('POST', `/api/games/${id}/undo`, { token: tokens[1], body: { version: s.version - 1 } });
    expect([stale.status, stale.json.error.code]).toEqual([409, 'stale_version']);
  });
});

describe('hidden information', () => {
  it("another seat's secret never appears in any response: state, log, 409 bodies, game list, meta", async () => {
    const { id, tokens } = await api.startedGame(2);
    const snap = (await api.client.query<any>('select snapshot from games where id = $1', [id])).rows[0].snapshot as SecretDiceState;
    const secret0 = snap.secret[0].codename;
    let s = (await state(id, tokens[0])).json;
    s = (await move(id, tokens[0], s.version, { type: 'roll' })).json;
    const rolled = s.view.you.lastRoll as number;
    const bodies: string[] = [];
    bodies.push((await state(id, tokens[1])).text);
    bodies.push((await state(id)).text);
    bodies.push((await api.call('GET', `/api/games/${id}/log`, { token: tokens[1] })).text);
    bodies.push((await api.call('GET', `/api/games/${id}/log`)).text);
    bodies.push((await move(id, tokens[1], 0, { type: 'bank' })).text);
    bodies.push((await api.call('GET', '/api/games', { token: tokens[1] })).text);
    bodies.push((await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).text);
    for (const b of bodies) {
      expect(b).not.toContain(secret0);
      expect(b).not.toContain(`You rolled`);
    }
    // Once the turn passes, the next seat's view does not carry the previous roll.
    const passed = (await move(id, tokens[0], s.version, { type: 'end' })).json;
    expect(passed.view.you.lastRoll).toBeNull();
    expect((await state(id, tokens[1])).json.view.you.lastRoll).toBeNull();
    // The owner does see them.
    expect((await state(id, tokens[0])).text).toContain(secret0);
    const ownLog = (await api.call('GET', `/api/games/${id}/log`, { token: tokens[0] })).json.entries;
    expect(ownLog.map((e: { text: string }) => e.text)).toContain(`You rolled ${rolled}.`);
  });

  it('GET /log?after= returns only newer entries', async () => {
    const { id, tokens } = await api.startedGame(2);
    const all = (await api.call('GET', `/api/games/${id}/log`, { token: tokens[0] })).json.entries;
    expect(all.map((e: { text: string }) => e.text)).toEqual([
      expect.stringContaining('created the game'),
      expect.stringContaining('took seat 2'),
      'The game started.',
    ]);
    const after = (await api.call('GET', `/api/games/${id}/log?after=2`, { token: tokens[0] })).json.entries;
    expect(after).toEqual([{ seq: 3, seat: null, text: 'The game started.', at: expect.any(String) }]);
    expect((await api.call('GET', `/api/games/${id}/log?after=-1`)).status).toBe(400);
  });
});

describe('bad input never gives 5xx and never changes data', () => {
  it('wrong types, broken JSON, huge bodies, unknown games', async () => {
    const { id, tokens } = await api.startedGame(2);
    const before = await api.rowCounts();
    const t = tokens[0];
    const attempts = [
      await api.call('POST', `/api/games/${id}/moves`, {
        token: t,
        raw: '{"version": 3, "move": ',
        headers: { 'content-type': 'application/json' },
      }),
      await api.call('POST', `/api/games/${id}/moves`, { token: t, body: { version: 'three', move: { type: 'bank' } } }),
      await api.call('POST', `/api/games/${id}/moves`, { token: t, body: { version: 3 } }),
      await api.call('POST', `/api/games/${id}/moves`, { token: t, body: { version: -1, move: { type: 'bank' } } }),
      await api.call('POST', `/api/games/${id}/moves`, {
        token: t,
        body: { version: 3, move: { type: 'bank', pad: 'x'.repeat(100_000) } },
      }),
      await api.call('POST', `/api/games/${id}/moves`, {
        token: t,
        raw: 'version=3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await api.call('POST', `/api/games/g_nope/moves`, { token: t, body: { version: 1, move: { type: 'bank' } } }),
      await api.call('POST', `/api/games/${id}/undo`, { token: t, body: { version: [] } }),
      await api.call('POST', `/api/games/${id}/join`, { token: t, body: { invite: 5 } }),
      await api.call('POST', '/api/games', { token: t, body: [1, 2, 3] }),
      await api.call('GET', `/api/games/${'x'.repeat(500)}/state`, { token: t }),
      await api.call('POST', `/api/games/${id}/moves`, {
        token: t,
        body: { version: 3, move: { type: 'bank' } },
        headers: { 'idempotency-key': 'k'.repeat(500) },
      }),
    ];
    for (const r of attempts) {
      expect(r.status, r.text).toBeGreaterThanOrEqual(400);
      expect(r.status, r.text).toBeLessThan(500);
      expect(typeof r.json.error.code).toBe('string');
      expect(typeof r.json.error.message).toBe('string');
    }
    expect(attempts[4].status).toBe(413);
    expect(await api.rowCounts()).toEqual(before);
  });

  it('NUL characters, out-of-range numbers and a reused Idempotency-Key with another move are 4xx', async () => {
    const { id, tokens } = await api.startedGame(2);
    const t = tokens[0];
    const before = await api.rowCounts();
    const attempts = [
      await api.call('GET', '/api/games/%00'),
      await api.call('GET', `/api/games/${id}/log?after=3000000000`),
      await api.call('GET', `/api/games/${id}/replay/3000000000`),
      await api.call('PATCH', '/api/me', { token: t, body: { name: 'a\u0000b' } }),
      await api.call('POST', `/api/games/${id}/chat`, { token: t, body: { text: 'hi\u0000there' } }),
      await api.call('POST', '/unsubscribe?token=%00'),
    ];
    for (const r of attempts) {
      expect(r.status, r.text).toBeGreaterThanOrEqual(400);
      expect(r.status, r.text).toBeLessThan(500);
    }
    expect(await api.rowCounts()).toEqual(before);
    const v = (await state(id, t)).json.version;
    const first = await move(id, t, v, { type: 'bank' }, { 'idempotency-key': 'same-key' });
    expect(first.status).toBe(200);
    const other = await move(id, t, v, { type: 'roll' }, { 'idempotency-key': 'same-key' });
    expect([other.status, other.json.error.code]).toEqual([422, 'idempotency_key_reused']);
  });
});
