import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord, type GameRecord } from '../../engine/core';
import { testRegistry } from '../fixtures/registry';
import { idOf, lastMailTo, openTable, playToEnd } from './safety-support';
import { makeTestApp, type TestApi } from './support';

const sha256Hex = async (s: string) => createHash('sha256').update(s).digest('hex');
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** Asks for the deletion link and returns its token, read from the email as a person would. */
async function deletionToken(token: string): Promise<string> {
  const email = (await api.call('GET', '/api/me', { token })).json.email;
  const asked = await api.call('POST', '/api/me/deletion', { token });
  expect(asked.status, asked.text).toBe(202);
  expect(asked.json).toEqual({ sentTo: email });
  const mail = await lastMailTo(api, email);
  expect(mail.subject).toBe('Delete your Mountain Post account?');
  const link = /(http\S+\/account\/delete\?token=([0-9a-f]+))/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![2];
}

const counts = async (userId: string, email: string) => {
  const q = async (sql: string, arg: string) => (await api.client.query<{ n: number }>(sql, [arg])).rows[0].n;
  return {
    users: await q('select count(*)::int as n from users where id = $1', userId),
    sessions: await q('select count(*)::int as n from sessions where user_id = $1', userId),
    settings: await q('select count(*)::int as n from notification_settings where user_id = $1', userId),
    push: await q('select count(*)::int as n from push_subscriptions where user_id = $1', userId),
    gameHooks: await q('select count(*)::int as n from game_webhooks where user_id = $1', userId),
    vacations: await q('select count(*)::int as n from vacations where user_id = $1', userId),
    chat: await q('select count(*)::int as n from chat_messages where user_id = $1', userId),
    blocks: await q('select count(*)::int as n from blocks where blocker_id = $1 or blocked_id = $1', userId),
    outbox: await q('select count(*)::int as n from outbox where user_id = $1', userId),
    mail: await q('select count(*)::int as n from outbox where target = $1', email),
    signIns: await q('select count(*)::int as n from login_tokens where email = $1', email),
    invitations: await q('select count(*)::int as n from invitations where email = $1', email),
    seatsLinked: await q('select count(*)::int as n from seats where user_id = $1', userId),
  };
};

describe('deleting an account', () => {
  it('POST /api/me/deletion emails a link carrying token= and deletes nothing; the link works once, for an hour', async () => {
    const ada = await api.signIn('ada@deletion.test');
    const token = await deletionToken(ada);
    expect((await api.call('GET', '/api/me', { token: ada })).status).toBe(200);
    const bad = await api.call('POST', '/api/me/deletion/confirm', { body: { token: 'f'.repeat(64) } });
    expect([bad.status, bad.json.error.code]).toEqual([400, 'token_invalid']);
    api.clock.advance(3600_000 + 1);
    expect((await api.call('POST', '/api/me/deletion/confirm', { body: { token } })).json.error.code).toBe('token_invalid');
    expect((await api.call('GET', '/api/me', { token: ada })).status).toBe(200);
    expect((await api.call('POST', '/api/me/deletion')).status).toBe(401);
    // At most three links an hour.
    for (let i = 0; i < 3; i++) await api.call('POST', '/api/me/deletion', { token: ada });
    const flood = await api.call('POST', '/api/me/deletion', { token: ada });
    expect([flood.status, flood.json.error.code]).toEqual([429, 'rate_limited']);
  });

  it('a running game goes on with the bot in that seat and the others are told; a finished record keeps "Deleted player" and still verifies', async () => {
    const finished = await api.startedGame(2, { prefix: 'del-fin' });
    const [ada, bob] = finished.tokens;
    await api.call('POST', `/api/games/${finished.id}/chat`, { token: bob, body: { text: 'well played' } });
    expect((await playToEnd(api, finished.id, finished.tokens)).status).toBe('finished');
    const before = (await api.call('GET', `/api/games/${finished.id}/record`)).json as GameRecord;
    const bobName = before.seats[1].name;

    const cy = await api.signIn('cy@deletion.test');
    // Bob sits in seat 1 of a running game too (he joins one before it starts).
    const table = await openTable(api, cy, 2);
    await api.call('POST', `/api/games/${table.id}/join`, { token: bob, body: { invite: table.invite } });
    await api.call('POST', `/api/games/${table.id}/start`, { token: cy });
    const cyId = await idOf(api, cy);

    const bobId = await idOf(api, bob);
    const bobEmail = (await api.call('GET', '/api/me', { token: bob })).json.email;
    await api.call('PUT', '/api/me/vacation', { token: bob, body: { until: new Date(api.clock.t + 86_400_000).toISOString() } });
    await api.call('POST', '/api/me/blocks', { token: bob, body: { playerId: await idOf(api, ada) } });
    const hook = { url: 'http://127.0.0.1:9/bob', format: 'json', secret: 's'.repeat(32) };
    expect((await api.call('PUT', `/api/games/${table.id}/webhook`, { token: bob, body: { webhook: hook } })).status).toBe(200);
    const settings = {
      email: true,
      digest: false,
      kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
      webhook: hook,
    };
    expect((await api.call('PUT', '/api/me/notifications', { token: bob, body: settings })).status).toBe(200);
    expect((await counts(bobId, bobEmail)).gameHooks).toBe(1);
    const done = await api.call('POST', '/api/me/deletion/confirm', { body: { token: await deletionToken(bob) } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ deleted: true });

    // The running game: the bot plays Bob's seat, Cy is told, and the game can be played to its end.
    const meta = (await api.call('GET', `/api/games/${table.id}`, { token: cy })).json;
    expect(meta.seats[1]).toMatchObject({ name: 'Deleted player (bot)', isBot: true, userId: null });
    const told = await api.client.query<any>("select payload from outbox where user_id = $1 and game_id = $2 and kind = 'clock'", [
      cyId,
      table.id,
    ]);
    expect(told.rows.map((r) => r.payload.detail)).toContain('a player left: the bot plays their seat');
    expect(JSON.stringify((await api.call('GET', `/api/games/${table.id}/log`, { token: cy })).json)).toContain(
      'left Mountain Post; the bot plays seat 2 from now on.',
    );
    const end = await playToEnd(api, table.id, [cy, cy]);
    expect(end.status).toBe('finished');
    const later = (await api.call('GET', `/api/games/${table.id}/record`)).json as GameRecord;
    expect((await verifyRecord(later, testRegistry, sha256Hex)).checks.filter((c) => !c.ok)).toEqual([]);

    // The finished game: same record, the seat renamed, and it verifies.
    const after = (await api.call('GET', `/api/games/${finished.id}/record`)).json as GameRecord;
    expect(after.seats[1]).toEqual({ seat: 1, name: 'Deleted player', bot: false });
    expect({ ...after, seats: null, ending: null }).toEqual({ ...before, seats: null, ending: null });
    const v = await verifyRecord(after, testRegistry, sha256Hex);
    expect(v.checks.filter((c) => !c.ok)).toEqual([]);
    const log = JSON.stringify((await api.call('GET', `/api/games/${finished.id}/log`, { token: ada })).json);
    expect(log).toContain('Deleted player took seat 2.');
    expect(log).not.toContain(bobName);
    expect((await api.call('GET', `/api/games/${finished.id}/chat`)).json.messages).toEqual([]);

    // What goes: everything tied to the account and its address; the name is free again.
    expect(await counts(bobId, bobEmail)).toEqual({
      users: 0,
      sessions: 0,
      settings: 0,
      push: 0,
      gameHooks: 0,
      vacations: 0,
      chat: 0,
      blocks: 0,
      outbox: 0,
      mail: 0,
      signIns: 0,
      invitations: 0,
      seatsLinked: 0,
    });
    expect((await api.client.query('select 1 from users where name = $1', [bobName])).rows).toEqual([]);
    const taker = await api.signIn('taker@deletion.test');
    expect((await api.call('PATCH', '/api/me', { token: taker, body: { name: bobName } })).json.name).toBe(bobName);
    // The same address may sign up again as a new account.
    const fresh = await api.signIn(bobEmail, null);
    expect(await idOf(api, fresh)).not.toBe(bobId);
  });

  it('the old session gets 401 on every route, and no route answers 500 where the deleted player sat', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'del-500' });
    const [ada, bob] = tokens;
    await api.call('POST', `/api/games/${id}/chat`, { token: bob, body: { text: 'bye' } });
    const bobId = await idOf(api, bob);
    const filed = await api.call('POST', `/api/players/${bobId}/reports`, { token: ada, body: { reason: 'other', text: 'x', gameId: id } });
    expect(filed.status).toBe(201);
    const open = await openTable(api, bob);
    await api.call('POST', `/api/games/${open.id}/join`, { token: ada, body: { invite: open.invite } });
    const joined = await openTable(api, ada);
    await api.call('POST', `/api/games/${joined.id}/join`, { token: bob, body: { invite: joined.invite } });
    expect((await api.call('POST', '/api/me/deletion/confirm', { body: { token: await deletionToken(bob) } })).status).toBe(200);

    const routes: [string, string, unknown?][] = [
      ['GET', '/api/me'],
      ['GET', '/api/games'],
      ['GET', '/api/lobby'],
      ['GET', '/api/me/blocks'],
      ['GET', '/api/me/export'],
      ['GET', '/api/me/notifications'],
      ['GET', `/api/games/${id}`],
      ['GET', `/api/games/${id}/state`],
      ['GET', `/api/games/${id}/chat`],
      ['POST', `/api/games/${id}/chat`, { text: 'back' }],
      ['POST', `/api/games/${id}/moves`, { version: 1, move: { type: 'roll' } }],
      ['POST', '/api/me/deletion'],
    ];
    for (const [method, path, body] of routes) {
      const r = await api.call(method, path, { token: bob, body });
      expect([path, r.status]).toEqual([path, 401]);
    }
    // Signing in is never locked by an ended session.
    expect((await api.call('POST', '/api/auth/email', { token: bob, body: { email: 'someone@deletion.test' } })).status).toBe(202);

    // Everyone else, everywhere the deleted player sat.
    for (const [token, path] of [
      [ada, `/api/games/${id}`],
      [ada, `/api/games/${id}/state`],
      [ada, `/api/games/${id}/log`],
      [ada, `/api/games/${id}/chat`],
      [ada, `/api/games/${id}/record`],
      [ada, `/api/games/${id}/replay/3`],
      [ada, '/api/games'],
      [ada, '/api/lobby'],
      [ada, `/api/games/${open.id}`],
      [ada, `/api/games/${joined.id}`],
      [ada, '/api/me/export'],
      [undefined, `/api/games/${id}`],
      [undefined, `/api/games/${id}/record`],
    ] as const) {
      const r = await api.call('GET', path, { token });
      expect([path, r.status]).toEqual([path, 200]);
    }
    expect((await api.call('GET', `/api/games/${open.id}`, { token: ada })).json.status).toBe('abandoned');
    const freed = (await api.call('GET', `/api/games/${joined.id}`, { token: ada })).json;
    expect(freed.seats.map((s: { seat: number }) => s.seat)).toEqual([0]);
    const blockGone = await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: bobId } });
    expect(blockGone.status).toBe(404);
    const reportGone = await api.call('POST', `/api/players/${bobId}/reports`, { token: ada, body: { reason: 'other', text: 'x' } });
    expect(reportGone.status).toBe(404);
    expect((await api.call('POST', `/api/games/${id}/resign`, { token: ada })).status).toBe(200);
    const kept = (await api.client.query<any>('select player_id, player_name, excerpt from reports where id = $1', [filed.json.id]))
      .rows[0];
    expect(kept.player_id).toBeNull();
    expect(kept.player_name).toBe('Deleted player');
    expect(kept.excerpt.map((l: { text: string }) => l.text)).toEqual(['bye']);
  });
});
