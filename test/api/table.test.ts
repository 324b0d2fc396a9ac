import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord, type GameRecord } from '../../engine/core';
import { testRegistry } from '../fixtures/registry';
import type { SecretDiceState } from '../fixtures/secret-dice';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const sha256Hex = async (s: string) => createHash('sha256').update(s).digest('hex');
const state = (id: string, token?: string) => api.call('GET', `/api/games/${id}/state`, { token });
const move = (id: string, token: string, version: number, m: unknown) =>
  api.call('POST', `/api/games/${id}/moves`, { token, body: { version, move: m } });
async function secretOf(id: string, seat: number) {
  const snap = (await api.client.query<any>('select snapshot from games where id = $1', [id])).rows[0].snapshot as SecretDiceState;
  return snap.secret[seat].codename;
}
async function playToEnd(id: string, tokens: string[]) {
  for (let i = 0; i < 200; i++) {
    const s0 = (await state(id, tokens[0])).json;
    if (s0.status !== 'active') return s0;
    const seat = s0.activeSeats[0];
    const s = (await state(id, tokens[seat])).json;
    const m = s.legalMoves.find((x: { move: { type: string } }) => x.move.type === 'roll') ?? s.legalMoves[s.legalMoves.length - 1];
    await move(id, tokens[seat], s.version, m.move);
  }
  throw new Error('did not finish');
}

describe('chat', () => {
  it('players and watchers of a public game chat; text is stored as typed; an undo never removes it', async () => {
    const { id, tokens } = await api.startedGame(2);
    const watcher = await api.signIn('watcher@table.test');
    const text = '<img src=x onerror=alert(1)> good luck & have fun';
    const posted = await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text } });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ seat: 0, text });
    expect(
      (await api.call('POST', `/api/games/${id}/chat`, { token: watcher, body: { text: 'hello from the rail' } })).json.seat,
    ).toBeNull();
    let s = (await move(id, tokens[0], (await state(id, tokens[0])).json.version, { type: 'bank' })).json;
    s = (await api.call('POST', `/api/games/${id}/undo`, { token: tokens[0], body: { version: s.version } })).json;
    const lines = (await api.call('GET', `/api/games/${id}/chat`)).json.messages;
    expect(lines.map((l: { text: string }) => l.text)).toEqual([text, 'hello from the rail']);
    const after = (await api.call('GET', `/api/games/${id}/chat?after=${lines[0].id}`)).json.messages;
    expect(after).toHaveLength(1);
  });

  it('refuses empty and oversized messages, and anonymous posters', async () => {
    const { id, tokens } = await api.startedGame(2);
    for (const text of ['', 'x'.repeat(1001)])
      expect((await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text } })).status).toBe(400);
    expect((await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: '   ' } })).json.error.code).toBe('bad_chat');
    expect((await api.call('POST', `/api/games/${id}/chat`, { body: { text: 'hi' } })).status).toBe(401);
  });

  it("a chat burst is refused (429), and a watcher's @mention notifies nobody", async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'burst' });
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: `line ${i}` } })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    const names = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.seats.map((s: { name: string }) => s.name);
    const watcher = await api.signIn('loud-watcher@table.test');
    await api.call('POST', `/api/games/${id}/chat`, { token: watcher, body: { text: `@${names[1]} wake up` } });
    const rows = (await api.client.query<any>("select 1 from outbox where game_id = $1 and kind = 'chat_mention'", [id])).rows;
    expect(rows).toHaveLength(0);
  });

  it('@name mentions notify that player (chat_mention)', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'mention' });
    const names = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.seats.map((s: { name: string }) => s.name);
    await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: `@${names[1]} your move!` } });
    const rows = (
      await api.client.query<any>("select kind, status, target, payload from outbox where game_id = $1 and kind = 'chat_mention'", [id])
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('sent');
    expect(rows[0].payload.subject).toContain('You were mentioned in Secret Dice');
    expect(rows[0].payload.text).toContain(`${names[0]}: @${names[1]} your move!`);
  });
});

describe('spectators', () => {
  it('a public game can be watched by anyone with the link; a private one only by its players', async () => {
    const pub = await api.startedGame(2);
    expect((await state(pub.id)).json).toMatchObject({ yourSeat: null, legalMoves: [] });
    const tokens = [await api.signIn('priv0@table.test'), await api.signIn('priv1@table.test')];
    const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type: 'secret-dice', players: 2, public: false } });
    await api.call('POST', `/api/games/${c.json.id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    await api.call('POST', `/api/games/${c.json.id}/start`, { token: tokens[0] });
    const outsider = await api.signIn('nosy@table.test');
    for (const path of ['state', 'log', 'chat', 'record', 'replay/1']) {
      const r = await api.call('GET', `/api/games/${c.json.id}/${path}`, { token: outsider });
      expect([path, r.status, r.json.error.code]).toEqual([path, 403, 'private_game']);
    }
    expect((await state(c.json.id, tokens[1])).status).toBe(200);
    // Metadata only for an invitee (the invite code), without who plays or how far the game is.
    const invite = new URL(c.json.inviteUrl).searchParams.get('invite');
    for (const who of [outsider, undefined]) {
      const closed = await api.call('GET', `/api/games/${c.json.id}`, { token: who });
      expect([closed.status, closed.json.error.code]).toEqual([403, 'private_game']);
      const meta = (await api.call('GET', `/api/games/${c.json.id}?invite=${invite}`, { token: who })).json;
      expect(meta).toMatchObject({
        isPublic: false,
        status: 'active',
        players: 2,
        version: 0,
        activeSeats: [],
        deadlineAt: null,
        result: null,
        seed: null,
      });
      expect(meta.seats).toEqual([
        { seat: 0, name: 'Seat 1', userId: null, isBot: false },
        { seat: 1, name: 'Seat 2', userId: null, isBot: false },
      ]);
      expect(JSON.stringify(meta)).not.toContain('priv0');
    }
    const own = (await api.call('GET', `/api/games/${c.json.id}`, { token: tokens[1] })).json;
    expect(own.version).toBeGreaterThan(0);
    expect(own.seats.map((x: { userId: string | null }) => x.userId)).not.toContain(null);
  });

  it("spectators never see a seat's secret in state, log, chat, replay or record", async () => {
    const { id, tokens } = await api.startedGame(2);
    let s = (await move(id, tokens[0], (await state(id, tokens[0])).json.version, { type: 'roll' })).json;
    s = (await move(id, tokens[0], s.version, { type: 'end' })).json;
    const secrets = [await secretOf(id, 0), await secretOf(id, 1)];
    const outsider = await api.signIn('spectator@table.test');
    const bodies = [];
    for (const token of [undefined, outsider]) {
      for (const path of ['state', 'log', 'chat', 'record', 'replay/4', `replay/${s.version}`])
        bodies.push((await api.call('GET', `/api/games/${id}/${path}`, { token })).text);
    }
    for (const b of bodies) for (const secret of secrets) expect(b).not.toContain(secret);
    // Seat 1 sees its own codename in a replay, never seat 0's.
    const r1 = (await api.call('GET', `/api/games/${id}/replay/${s.version}`, { token: tokens[1] })).text;
    expect(r1).toContain(secrets[1]);
    expect(r1).not.toContain(secrets[0]);
  });
});

describe('replay and record', () => {
  it('replay/:seq shows the viewer the game as it was after that event', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v0 = (await state(id, tokens[0])).json.version;
    await move(id, tokens[0], v0, { type: 'bank' });
    const before = (await api.call('GET', `/api/games/${id}/replay/${v0}`, { token: tokens[0] })).json;
    const after = (await api.call('GET', `/api/games/${id}/replay/${v0 + 1}`, { token: tokens[0] })).json;
    expect(before.view.banked).toEqual([0, 0]);
    expect(after.view.banked).toEqual([1, 0]);
    expect(after.log).toEqual(['Seat 1 banked 1 point.']);
    expect(after.views).toBeNull();
    expect(after.state).toBeNull();
    expect((await api.call('GET', `/api/games/${id}/replay/1`, { token: tokens[0] })).json.view).toBeNull();
    expect((await api.call('GET', `/api/games/${id}/replay/999`, { token: tokens[0] })).status).toBe(404);
    expect((await api.call('GET', `/api/games/${id}/replay/0`, { token: tokens[0] })).status).toBe(400);
  });

  it("a running game's record has no seed and hides other seats' moves; a finished one verifies", async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 1 } });
    let s = (await move(id, tokens[0], (await state(id, tokens[0])).json.version, { type: 'bank' })).json;
    s = (await move(id, tokens[0], s.version, { type: 'end' })).json;
    const mid = (await api.call('GET', `/api/games/${id}/record`, { token: tokens[1] })).json as GameRecord;
    expect(mid.seed).toBeNull();
    expect(mid.events.filter((e) => e.kind === 'move').map((e) => e.move)).toEqual([null, null]);
    const mine = (await api.call('GET', `/api/games/${id}/record`, { token: tokens[0] })).json as GameRecord;
    expect(mine.events.filter((e) => e.kind === 'move').map((e) => e.move)).toEqual([{ type: 'bank' }, { type: 'end' }]);
    expect((await verifyRecord(mid, testRegistry, sha256Hex)).ok).toBe(false);

    const end = await playToEnd(id, tokens);
    expect(end.status).toBe('finished');
    const record = (await api.call('GET', `/api/games/${id}/record`)).json as GameRecord;
    expect(record.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(record.events.every((e) => e.kind !== 'move' || e.move !== null)).toBe(true);
    const v = await verifyRecord(record, testRegistry, sha256Hex);
    expect(v.checks.filter((c) => !c.ok)).toEqual([]);
    expect(v.result?.scores).toEqual(end.result.scores);
    const over = (await api.call('GET', `/api/games/${id}/replay/${record.events.length}`, { token: tokens[0] })).json;
    expect(over.views).toHaveLength(2);
    expect(over.state.secret).toHaveLength(2);
  });
});

describe('bots, resign, rematch', () => {
  it('a game created with bots in every other seat starts at once and the bots answer every move', async () => {
    const token = await api.signIn('solo@table.test');
    const c = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 3, bots: 2, options: { rounds: 2 } } });
    expect(c.status).toBe(201);
    let s = (await state(c.json.id, token)).json;
    expect(s.status).toBe('active');
    expect(
      (await api.call('GET', `/api/games/${c.json.id}`, { token })).json.seats.map((x: { name: string; isBot: boolean }) => [
        x.name,
        x.isBot,
      ]),
    ).toEqual([
      ['solo', false],
      ['Bot', true],
      ['Bot', true],
    ]);
    while (s.status === 'active') {
      expect(s.activeSeats).toEqual([0]); // the bots have always moved by the time I look
      const m = s.legalMoves[s.legalMoves.length - 1].move;
      await move(c.json.id, token, s.version, m);
      s = (await state(c.json.id, token)).json;
    }
    expect(s.status).toBe('finished');
    const log = (await api.call('GET', `/api/games/${c.json.id}/log`, { token })).json.entries;
    expect(log.filter((e: { seat: number }) => e.seat === 2).length).toBeGreaterThan(3);
  });

  it('the creator can put a bot in an empty seat before the start, not after', async () => {
    const token = await api.signIn('host@table.test');
    const c = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2 } });
    const other = await api.signIn('notme@table.test');
    expect((await api.call('POST', `/api/games/${c.json.id}/seats/1/bot`, { token: other })).status).toBe(403);
    expect((await api.call('POST', `/api/games/${c.json.id}/seats/5/bot`, { token })).json.error.code).toBe('bad_seat');
    expect((await api.call('POST', `/api/games/${c.json.id}/seats/0/bot`, { token })).json.error.code).toBe('seat_taken');
    expect((await api.call('POST', `/api/games/${c.json.id}/seats/1/bot`, { token })).json).toEqual({ seat: 1 });
    expect((await api.call('POST', `/api/games/${c.json.id}/start`, { token })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${c.json.id}/seats/1/bot`, { token })).json.error.code).toBe('not_open');
  });

  it('resigning hands the seat to the bot (default) or ends the game', async () => {
    const g = await api.startedGame(2, { prefix: 'resign' });
    const r = await api.call('POST', `/api/games/${g.id}/resign`, { token: g.tokens[0] });
    expect(r.status).toBe(200);
    const meta = (await api.call('GET', `/api/games/${g.id}`, { token: g.tokens[1] })).json;
    expect(meta.seats[0]).toMatchObject({ isBot: true, name: expect.stringMatching(/\(bot\)$/) });
    const s = (await state(g.id, g.tokens[1])).json;
    expect(s.activeSeats).toEqual([1]); // the bot already played seat 0's turn
    // The player who left is a spectator now: no second resignation, no moves for the bot's seat.
    expect((await api.call('POST', `/api/games/${g.id}/resign`, { token: g.tokens[0] })).json.error.code).toBe('not_seated');
    expect((await state(g.id, g.tokens[0])).json.yourSeat).toBeNull();

    const tokens = [await api.signIn('quit0@table.test'), await api.signIn('quit1@table.test')];
    const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type: 'secret-dice', players: 2, onResign: 'end' } });
    await api.call('POST', `/api/games/${c.json.id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    await api.call('POST', `/api/games/${c.json.id}/start`, { token: tokens[0] });
    await api.call('POST', `/api/games/${c.json.id}/resign`, { token: tokens[1] });
    expect((await api.call('GET', `/api/games/${c.json.id}`, { token: tokens[0] })).json.status).toBe('abandoned');
  });

  it('rematch: same seats and options, started at once, the same game when asked twice', async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 1 } });
    expect((await api.call('POST', `/api/games/${id}/rematch`, { token: tokens[0] })).json.error.code).toBe('not_over');
    await playToEnd(id, tokens);
    const [a, b] = await Promise.all([0, 1].map((i) => api.call('POST', `/api/games/${id}/rematch`, { token: tokens[i] })));
    expect(a.status).toBe(200);
    expect(b.json.id).toBe(a.json.id);
    const meta = (await api.call('GET', `/api/games/${a.json.id}`, { token: tokens[1] })).json;
    const old = (await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json;
    expect(meta).toMatchObject({ status: 'active', options: { rounds: 1 }, rematchOf: id, yourSeat: 1 });
    expect(meta.seats.map((s: { userId: string }) => s.userId)).toEqual(old.seats.map((s: { userId: string }) => s.userId));
    expect(old.rematchId).toBe(a.json.id);
    expect(meta.seedHash).not.toBe(old.seedHash);
  });
});
