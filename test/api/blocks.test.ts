import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService } from '../support/push-service';
import { startReceiver } from '../support/receiver';
import { everyChannel, idOf, openTable, outboxOf, playToEnd, testVapid } from './safety-support';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
let svc: Awaited<ReturnType<typeof startPushService>>;
let rx: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  api = await makeTestApp({ vapid: await testVapid() });
  svc = await startPushService();
  rx = await startReceiver();
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});

const chatTexts = async (id: string, token?: string) =>
  ((await api.call('GET', `/api/games/${id}/chat`, { token })).json.messages as { text: string }[]).map((m) => m.text);

describe('the block list', () => {
  it('POST blocks a player (again changes nothing), GET lists them, DELETE unblocks; the blocked player is told nothing', async () => {
    const ada = await api.signIn('ada@blocks.test');
    const bob = await api.signIn('bob@blocks.test');
    const bobId = await idOf(api, bob);
    const before = await api.client.query('select count(*)::int as n from outbox where user_id = $1', [bobId]);
    const bobMe = (await api.call('GET', '/api/me', { token: bob })).text;
    const first = await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: bobId } });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ id: bobId, name: 'bob' });
    api.clock.advance(60_000);
    const again = await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: bobId } });
    expect(again.json.since).toBe(first.json.since);
    const list = await api.call('GET', '/api/me/blocks', { token: ada });
    expect(list.json.blocks).toEqual([{ id: bobId, name: 'bob', since: first.json.since }]);
    // Private: nothing Bob can read mentions it, and nobody emailed him.
    expect((await api.call('GET', '/api/me/blocks', { token: bob })).json.blocks).toEqual([]);
    expect((await api.call('GET', '/api/me', { token: bob })).text).toBe(bobMe);
    const after = await api.client.query('select count(*)::int as n from outbox where user_id = $1', [bobId]);
    expect(after.rows).toEqual(before.rows);
    const del = await api.call('DELETE', `/api/me/blocks/${bobId}`, { token: ada });
    expect(del.status).toBe(204);
    expect((await api.call('GET', '/api/me/blocks', { token: ada })).json.blocks).toEqual([]);
    expect((await api.call('DELETE', `/api/me/blocks/${bobId}`, { token: ada })).json.error.code).toBe('not_blocked');
  });

  it('refuses yourself, unknown players, bad shapes and signed-out callers, changing nothing', async () => {
    const ada = await api.signIn('ada2@blocks.test');
    const before = await api.client.query('select count(*)::int as n from blocks');
    const self = await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: await idOf(api, ada) } });
    expect([self.status, self.json.error.code]).toEqual([400, 'cannot_block_self']);
    const nobody = await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: 'u_nobody' } });
    expect([nobody.status, nobody.json.error.code]).toEqual([404, 'player_not_found']);
    expect((await api.call('POST', '/api/me/blocks', { token: ada, body: { player: 'x' } })).status).toBe(400);
    expect((await api.call('POST', '/api/me/blocks', { body: { playerId: 'u_x' } })).status).toBe(401);
    expect((await api.call('GET', '/api/me/blocks')).status).toBe(401);
    expect((await api.client.query('select count(*)::int as n from blocks')).rows).toEqual(before.rows);
  });
});

describe('a block keeps two players apart at new tables', () => {
  it("neither sees the other's open tables in the lobby nor joins them; others see both; unblocking brings them back", async () => {
    const ada = await api.signIn('ada@lobby-block.test');
    const bob = await api.signIn('bob@lobby-block.test');
    const cy = await api.signIn('cy@lobby-block.test');
    const adaTable = await openTable(api, ada);
    const bobTable = await openTable(api, bob);
    const openIds = async (token: string) => (await api.call('GET', '/api/lobby', { token })).json.open.map((g: { id: string }) => g.id);
    expect(await openIds(ada)).toContain(bobTable.id);

    await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: await idOf(api, bob) } });
    expect(await openIds(ada)).not.toContain(bobTable.id);
    expect(await openIds(bob)).not.toContain(adaTable.id);
    expect(await openIds(cy)).toEqual(expect.arrayContaining([adaTable.id, bobTable.id]));
    const anonymous = (await api.call('GET', '/api/lobby')).json.open.map((g: { id: string }) => g.id);
    expect(anonymous).toEqual(expect.arrayContaining([adaTable.id, bobTable.id]));

    for (const [token, table] of [
      [bob, adaTable],
      [ada, bobTable],
    ] as const) {
      const join = await api.call('POST', `/api/games/${table.id}/join`, { token, body: { invite: table.invite } });
      expect([join.status, join.json.error.code]).toEqual([403, 'not_available']);
      expect(join.json.error.message).not.toMatch(/block/i);
    }
    // A table that seats Bob later leaves Ada's lobby too.
    const cyTable = await openTable(api, cy);
    expect(await openIds(ada)).toContain(cyTable.id);
    await api.call('POST', `/api/games/${cyTable.id}/join`, { token: bob, body: { invite: cyTable.invite } });
    expect(await openIds(ada)).not.toContain(cyTable.id);

    await api.call('DELETE', `/api/me/blocks/${await idOf(api, bob)}`, { token: ada });
    expect(await openIds(ada)).toEqual(expect.arrayContaining([bobTable.id, cyTable.id]));
    expect((await api.call('POST', `/api/games/${adaTable.id}/join`, { token: bob, body: { invite: adaTable.invite } })).status).toBe(200);
  });

  it("the blocked player's invitation is not sent (they are answered as if it were); a rematch across a block is refused", async () => {
    const ada = await api.signIn('ada@invite-block.test');
    const bob = await api.signIn('bob@invite-block.test');
    await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: await idOf(api, bob) } });
    const table = await openTable(api, bob);
    const quiet = await api.call('POST', `/api/games/${table.id}/invite`, { token: bob, body: { email: 'ADA@invite-block.test' } });
    expect(quiet.status).toBe(202);
    expect(quiet.json).toEqual({ sentTo: 'ada@invite-block.test' });
    const loud = await api.call('POST', `/api/games/${table.id}/invite`, { token: bob, body: { email: 'dee@invite-block.test' } });
    expect(loud.status).toBe(202);
    const invited = await api.client.query<{ target: string }>("select target from outbox where kind = 'invitation' and game_id = $1", [
      table.id,
    ]);
    expect(invited.rows.map((r) => r.target)).toEqual(['dee@invite-block.test']);

    const { id, tokens } = await api.startedGame(2, { prefix: 'rematch-block' });
    expect((await playToEnd(api, id, tokens)).status).toBe('finished');
    await api.call('POST', '/api/me/blocks', { token: tokens[0], body: { playerId: await idOf(api, tokens[1]) } });
    for (const token of tokens) {
      const again = await api.call('POST', `/api/games/${id}/rematch`, { token });
      expect([again.status, again.json.error.code]).toEqual([409, 'rematch_unavailable']);
    }
    expect((await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.rematchId).toBeNull();
  });
});

describe("a blocked player's chat lines never reach the blocker", () => {
  it('not in GET .../chat, and their mention reaches no channel of the blocker (email, webhook, push) while the others get theirs', async () => {
    const { id, tokens } = await api.startedGame(3, { prefix: 'chat-block' });
    const [ada, bob, cy] = tokens;
    const [adaId, bobId, cyId] = await Promise.all(tokens.map((t) => idOf(api, t)));
    await everyChannel(api, ada, `${rx.url}/ada`, svc.newDevice());
    await everyChannel(api, cy, `${rx.url}/cy`, svc.newDevice());
    const names = (await api.call('GET', `/api/games/${id}`, { token: ada })).json.seats.map((s: { name: string }) => s.name);
    await api.call('POST', `/api/games/${id}/chat`, { token: bob, body: { text: 'before the block' } });
    await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: bobId } });
    const posted = await api.call('POST', `/api/games/${id}/chat`, {
      token: bob,
      body: { text: `@${names[0]} @${names[2]} you are both terrible` },
    });
    expect(posted.status).toBe(201);
    await api.call('POST', `/api/games/${id}/chat`, { token: cy, body: { text: `@${names[0]} ignore him` } });

    expect(await chatTexts(id, ada)).toEqual([`@${names[0]} ignore him`]);
    expect(await chatTexts(id, cy)).toEqual([
      'before the block',
      `@${names[0]} @${names[2]} you are both terrible`,
      `@${names[0]} ignore him`,
    ]);
    expect((await chatTexts(id)).length).toBe(3);
    expect(
      (await api.call('GET', `/api/games/${id}/chat?after=0`, { token: ada })).json.messages.every(
        (m: { playerId: string }) => m.playerId !== bobId,
      ),
    ).toBe(true);

    // Ada's mentions: only Cy's, on every channel; Cy hears of Bob's on every channel.
    const adaRows = await outboxOf(api, adaId, 'chat_mention');
    expect(adaRows.map((r) => r.channel).sort()).toEqual(['email', 'push', 'webhook']);
    expect(adaRows.every((r) => (r.payload as { detail: string }).detail.includes('ignore him'))).toBe(true);
    const cyRows = await outboxOf(api, cyId, 'chat_mention');
    expect(cyRows.map((r) => r.channel).sort()).toEqual(['email', 'push', 'webhook']);
    expect(cyRows.every((r) => (r.payload as { detail: string }).detail.includes('terrible'))).toBe(true);
    // What was delivered says the same.
    const toAda = rx.delivered.filter((r) => r.path === '/ada').map((r) => r.body);
    expect(toAda.length).toBe(1);
    expect(toAda.join()).not.toContain('terrible');
    expect(rx.delivered.filter((r) => r.path === '/cy').some((r) => r.body.includes('terrible'))).toBe(true);
    const adaEmail = (await api.call('GET', '/api/me', { token: ada })).json.email;
    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; text: string }[];
    expect(mails.filter((m) => m.to === adaEmail).some((m) => m.text.includes('ignore him'))).toBe(true);
    expect(mails.filter((m) => m.to === adaEmail).some((m) => m.text.includes('terrible'))).toBe(false);
  });

  it('a mention still waiting out its grace when its author is blocked is not sent', async () => {
    const slow = await makeTestApp({ notifyGraceSeconds: 60 });
    const { id, tokens } = await slow.startedGame(2, { prefix: 'grace-block' });
    const names = (await slow.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.seats.map((s: { name: string }) => s.name);
    await slow.call('POST', `/api/games/${id}/chat`, { token: tokens[1], body: { text: `@${names[0]} hey` } });
    const adaId = await idOf(slow, tokens[0]);
    expect((await outboxOf(slow, adaId, 'chat_mention')).map((r) => r.status)).toEqual(['pending']);
    await slow.call('POST', '/api/me/blocks', { token: tokens[0], body: { playerId: await idOf(slow, tokens[1]) } });
    expect((await outboxOf(slow, adaId, 'chat_mention')).map((r) => r.status)).toEqual(['skipped']);
    slow.clock.advance(120_000);
    await slow.cron();
    expect((await outboxOf(slow, adaId, 'chat_mention')).map((r) => r.status)).toEqual(['skipped']);
  });
});

describe("muting a game's chat for yourself", () => {
  it('GET .../chat answers no lines and muted: true, mentions of you there are not sent; unmuting brings the lines back; others see everything', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'mute' });
    const names = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.seats.map((s: { name: string }) => s.name);
    const mute = await api.call('PUT', `/api/games/${id}/chat/mute`, { token: tokens[0], body: { muted: true } });
    expect(mute.json).toEqual({ muted: true });
    await api.call('POST', `/api/games/${id}/chat`, { token: tokens[1], body: { text: `@${names[0]} look` } });
    const muted = await api.call('GET', `/api/games/${id}/chat`, { token: tokens[0] });
    expect(muted.json).toEqual({ messages: [], muted: true });
    expect(await outboxOf(api, await idOf(api, tokens[0]), 'chat_mention')).toEqual([]);
    expect(await chatTexts(id, tokens[1])).toEqual([`@${names[0]} look`]);
    await api.call('PUT', `/api/games/${id}/chat/mute`, { token: tokens[0], body: { muted: false } });
    const back = await api.call('GET', `/api/games/${id}/chat`, { token: tokens[0] });
    expect(back.json.muted).toBe(false);
    expect(back.json.messages.map((m: { text: string }) => m.text)).toEqual([`@${names[0]} look`]);
  });

  it("refuses a private game's outsiders, bad bodies and signed-out callers", async () => {
    const { id } = await api.startedGame(2, { prefix: 'mute-refuse' });
    await api.client.query('update games set is_public = false where id = $1', [id]);
    const outsider = await api.signIn('outsider@mute.test');
    expect((await api.call('PUT', `/api/games/${id}/chat/mute`, { token: outsider, body: { muted: true } })).json.error.code).toBe(
      'private_game',
    );
    expect((await api.call('PUT', `/api/games/${id}/chat/mute`, { token: outsider, body: { muted: 'yes' } })).status).toBe(400);
    expect((await api.call('PUT', `/api/games/${id}/chat/mute`, { body: { muted: true } })).status).toBe(401);
    expect((await api.call('PUT', '/api/games/g_none/chat/mute', { token: outsider, body: { muted: true } })).status).toBe(404);
  });
});
