import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { REPORTS_PER_DAY } from '../../worker/services/reports';
import { idOf } from './safety-support';
import { makeTestApp, type TestApi } from './support';

const OPERATOR = 'ops@reports.test';
let api: TestApi;
let ops: string;
beforeAll(async () => {
  api = await makeTestApp({ adminEmails: [OPERATOR] });
  ops = await api.signIn(OPERATOR, 'Ops');
});

const report = (token: string, playerId: string, body: Record<string, unknown>) =>
  api.call('POST', `/api/players/${playerId}/reports`, { token, body });

describe('reporting a player', () => {
  it("keeps the game's chat excerpt around the reported line, marking the reported player's lines; one open report per player", async () => {
    const { id, tokens } = await api.startedGame(3, { prefix: 'report' });
    const [ada, bob, cy] = tokens;
    const bobId = await idOf(api, bob);
    await api.call('POST', `/api/games/${id}/chat`, { token: ada, body: { text: 'good luck all' } });
    const bad = await api.call('POST', `/api/games/${id}/chat`, { token: bob, body: { text: 'you are an idiot' } });
    await api.call('POST', `/api/games/${id}/chat`, { token: cy, body: { text: 'calm down' } });
    const bobOutbox = () => api.client.query('select count(*)::int as n from outbox where user_id = $1', [bobId]);
    const before = (await bobOutbox()).rows;
    const filed = await report(ada, bobId, { reason: 'harassment', text: 'Insults in chat.', gameId: id, chatId: bad.json.id });
    expect(filed.status, filed.text).toBe(201);
    expect(filed.json).toMatchObject({ id: expect.any(Number), status: 'open' });
    const stored = (await api.client.query<any>('select * from reports where id = $1', [filed.json.id])).rows[0];
    expect(stored.excerpt.map((l: { text: string; byReported: boolean }) => [l.text, l.byReported])).toEqual([
      ['good luck all', false],
      ['you are an idiot', true],
      ['calm down', false],
    ]);
    // The reported player is not told.
    expect((await bobOutbox()).rows).toEqual(before);
    const twice = await report(ada, bobId, { reason: 'other', text: 'again', gameId: id });
    expect([twice.status, twice.json.error.code]).toEqual([409, 'report_open']);
    // The operators hear of it, with a link to the queue.
    const told = await api.client.query<any>("select payload from outbox where target = $1 and payload ->> 'subject' like 'New report%'", [
      OPERATOR,
    ]);
    expect(told.rows.map((r) => r.payload.text)).toEqual([expect.stringContaining(`/admin/reports?report=${filed.json.id}`)]);
    // Another reporter may report the same player; a report may be made from a profile, without a game.
    expect((await report(cy, bobId, { reason: 'clock_or_undo_abuse', text: '' })).status).toBe(201);
  });

  it('refuses bad reasons, yourself, unknown players, a game the player was not in, a line not theirs, a private game, signed-out callers', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'report-refuse' });
    const other = await api.startedGame(2, { prefix: 'report-other' });
    const [ada, bob] = tokens;
    const bobId = await idOf(api, bob);
    const adaLine = await api.call('POST', `/api/games/${id}/chat`, { token: ada, body: { text: 'mine' } });
    const before = (await api.client.query('select count(*)::int as n from reports')).rows;
    const code = async (r: Promise<{ status: number; json: any }>) => {
      const x = await r;
      return [x.status, x.json?.error?.code];
    };
    expect(await code(report(ada, bobId, { reason: 'rude', text: 'x' }))).toEqual([400, 'bad_request']);
    expect(await code(report(ada, bobId, { reason: 'other', text: 'x'.repeat(2001) }))).toEqual([400, 'bad_request']);
    expect(await code(report(ada, await idOf(api, ada), { reason: 'other', text: 'me' }))).toEqual([400, 'cannot_report_self']);
    expect(await code(report(ada, 'u_nobody', { reason: 'other', text: 'x' }))).toEqual([404, 'player_not_found']);
    expect(await code(report(ada, bobId, { reason: 'other', text: 'x', gameId: 'g_nowhere' }))).toEqual([404, 'game_not_found']);
    expect(await code(report(ada, bobId, { reason: 'other', text: 'x', gameId: other.id }))).toEqual([400, 'not_in_game']);
    expect(await code(report(ada, bobId, { reason: 'other', text: 'x', chatId: adaLine.json.id }))).toEqual([400, 'bad_chat_line']);
    await api.client.query('update games set is_public = false where id = $1', [id]);
    const outsider = await api.signIn('outsider@report.test');
    expect(await code(report(outsider, bobId, { reason: 'other', text: 'x', gameId: id }))).toEqual([403, 'private_game']);
    expect(await code(api.call('POST', `/api/players/${bobId}/reports`, { body: { reason: 'other', text: 'x' } }))).toEqual([
      401,
      'unauthenticated',
    ]);
    expect((await api.client.query('select count(*)::int as n from reports')).rows).toEqual(before);
  });

  it(`allows ${REPORTS_PER_DAY} reports a day per reporter (429 with Retry-After beyond), then more the next day`, async () => {
    const reporter = await api.signIn('busy@report.test');
    const targets: string[] = [];
    for (let i = 0; i <= REPORTS_PER_DAY; i++) targets.push(await idOf(api, await api.signIn(`target${i}@report.test`)));
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof report>> | null = null;
    for (const t of targets) {
      last = await report(reporter, t, { reason: 'other', text: 'spam' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(REPORTS_PER_DAY).fill(201), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    api.clock.advance(24 * 3600_000 + 1000);
    expect((await report(reporter, targets[REPORTS_PER_DAY], { reason: 'other', text: 'spam' })).status).toBe(201);
  });
});

describe("the operators' queue", () => {
  it('is for operators only (ADMIN_EMAILS): others get 403, and GET /api/me says who is one', async () => {
    const player = await api.signIn('member@queue.test');
    expect((await api.call('GET', '/api/admin/reports', { token: player })).json.error.code).toBe('not_operator');
    expect((await api.call('GET', '/api/admin/reports/1', { token: player })).status).toBe(403);
    expect((await api.call('POST', '/api/admin/reports/1/actions', { token: player, body: { action: 'dismiss' } })).status).toBe(403);
    expect((await api.call('GET', '/api/admin/reports')).status).toBe(401);
    expect((await api.call('GET', '/api/me', { token: player })).json.operator).toBe(false);
    expect((await api.call('GET', '/api/me', { token: ops })).json.operator).toBe(true);
  });

  it('lists open reports with the excerpt and both records; dismissing closes one and logs who did it', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'queue' });
    const bobId = await idOf(api, tokens[1]);
    await api.call('POST', `/api/games/${id}/chat`, { token: tokens[1], body: { text: 'gg noob' } });
    const filed = await report(tokens[0], bobId, { reason: 'harassment', text: 'rude', gameId: id });
    const queue = await api.call('GET', '/api/admin/reports', { token: ops });
    expect(queue.status).toBe(200);
    const entry = queue.json.reports.find((r: { id: number }) => r.id === filed.json.id);
    expect(entry).toMatchObject({
      status: 'open',
      reason: 'harassment',
      text: 'rude',
      gameId: id,
      reporter: { id: await idOf(api, tokens[0]), record: { games: { played: 1, running: 1 }, reportsFiled: 1 } },
      player: { id: bobId, name: expect.any(String), record: { games: { played: 1 }, reportsAgainst: { open: 1 } } },
      actions: [],
    });
    expect(entry.excerpt).toEqual([expect.objectContaining({ text: 'gg noob', byReported: true })]);
    expect(JSON.stringify(entry)).not.toContain('@example.com');

    const done = await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, {
      token: ops,
      body: { action: 'dismiss', note: 'banter' },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ status: 'dismissed', actions: [{ action: 'dismiss', note: 'banter', operator: OPERATOR }] });
    expect((await api.call('GET', '/api/admin/reports', { token: ops })).json.reports.map((r: { id: number }) => r.id)).not.toContain(
      filed.json.id,
    );
    const closed = await api.call('GET', '/api/admin/reports?status=dismissed', { token: ops });
    expect(closed.json.reports.map((r: { id: number }) => r.id)).toContain(filed.json.id);
    // Closed: the reporter may report the player again.
    expect((await report(tokens[0], bobId, { reason: 'other', text: 'again' })).status).toBe(201);
    expect((await api.call('GET', '/api/admin/reports/999999', { token: ops })).json.error.code).toBe('report_not_found');
    expect((await api.call('GET', '/api/admin/reports/abc', { token: ops })).status).toBe(400);
  });

  it('mutes the player\u2019s chat everywhere for N days (403 chat_muted), then it speaks again', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'mute-op' });
    const bobId = await idOf(api, tokens[1]);
    const filed = await report(tokens[0], bobId, { reason: 'harassment', text: 'spam', gameId: id });
    const bad = await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, { token: ops, body: { action: 'mute', days: 0 } });
    expect([bad.status, bad.json.error.code]).toEqual([400, 'bad_days']);
    const muted = await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, { token: ops, body: { action: 'mute', days: 3 } });
    expect(muted.json).toMatchObject({ status: 'actioned', actions: [{ action: 'mute', days: 3, operator: OPERATOR }] });
    expect(muted.json.player.record.chatMutedUntil).toBe(new Date(api.clock.t + 3 * 86_400_000).toISOString());
    const other = await api.startedGame(2, { prefix: 'mute-elsewhere' });
    await api.call('POST', `/api/games/${other.id}/join`, { token: tokens[1], body: { invite: other.invite } });
    for (const gameId of [id, other.id]) {
      const said = await api.call('POST', `/api/games/${gameId}/chat`, { token: tokens[1], body: { text: 'hello?' } });
      expect([said.status, said.json.error.code]).toEqual([403, 'chat_muted']);
    }
    api.clock.advance(3 * 86_400_000 + 1);
    expect((await api.call('POST', `/api/games/${id}/chat`, { token: tokens[1], body: { text: 'sorry' } })).status).toBe(201);
  });

  it('suspends an account: no sign-in, its sessions end at once (401 everywhere), its games go on with the bot; reinstating lets it back in', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'sx' });
    const [ada, bob] = tokens;
    const bobId = await idOf(api, bob);
    const bobEmail = (await api.call('GET', '/api/me', { token: bob })).json.email;
    await api.call('PUT', '/api/me/vacation', { token: bob, body: { until: new Date(api.clock.t + 2 * 86_400_000).toISOString() } });
    const filed = await report(ada, bobId, { reason: 'cheating', text: 'bot use', gameId: id });
    const done = await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, {
      token: ops,
      body: { action: 'suspend', note: 'confirmed' },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ status: 'actioned', actions: [{ action: 'suspend', note: 'confirmed', operator: OPERATOR }] });
    expect(done.json.player.record.suspendedAt).toBe(api.clock.now().toISOString());

    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/games'],
      ['GET', '/api/lobby'],
      ['GET', `/api/games/${id}/state`],
      ['GET', `/api/games/${id}/chat`],
    ] as const) {
      expect((await api.call(method, path, { token: bob })).status, path).toBe(401);
    }
    expect((await api.call('POST', `/api/games/${id}/chat`, { token: bob, body: { text: 'x' } })).status).toBe(401);
    // The cookie of a browser gets the same answer, and is cleared.
    const cookie = await api.app.request('http://localhost/api/lobby', { headers: { cookie: `mp_session=${bob}` } });
    expect(cookie.status).toBe(401);
    expect(cookie.headers.get('set-cookie')).toMatch(/mp_session=;/);
    // No new session either.
    await api.call('POST', '/api/auth/email', { body: { email: bobEmail }, headers: { 'cf-connecting-ip': '10.9.9.9' } });
    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; token?: string }[];
    const link = mails.find((m) => m.to === bobEmail && m.token)!.token;
    const signIn = await api.call('POST', '/api/auth/token', { body: { token: link } });
    expect([signIn.status, signIn.json.error.code]).toEqual([403, 'account_suspended']);

    // The game goes on: the bot plays seat 1; Ada is told; the vacation is over.
    const meta = (await api.call('GET', `/api/games/${id}`, { token: ada })).json;
    expect(meta.seats[1]).toMatchObject({ isBot: true });
    const log = (await api.call('GET', `/api/games/${id}/log`, { token: ada })).json;
    expect(JSON.stringify(log)).toContain('can no longer play; the bot plays seat 2 from now on.');
    expect(JSON.stringify(log)).not.toMatch(/suspend/i);
    const told = await api.client.query<any>("select payload from outbox where user_id = $1 and kind = 'clock' and game_id = $2", [
      await idOf(api, ada),
      id,
    ]);
    expect(told.rows.some((r) => r.payload.detail === 'a player left: the bot plays their seat')).toBe(true);
    const pending = await api.client.query("select 1 from outbox where user_id = $1 and status = 'pending'", [bobId]);
    expect(pending.rows).toEqual([]);
    const open = await api.client.query('select 1 from vacations where user_id = $1 and ended_at is null', [bobId]);
    expect(open.rows).toEqual([]);
    const s = (await api.call('GET', `/api/games/${id}/state`, { token: ada })).json;
    expect(s.status).toBe('active');
    expect(s.botsToMove).toBe(false);

    const back = await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, { token: ops, body: { action: 'reinstate' } });
    expect(back.json.actions.map((a: { action: string }) => a.action)).toEqual(['suspend', 'reinstate']);
    expect(back.json.player.record.suspendedAt).toBeNull();
    await api.call('POST', '/api/auth/email', { body: { email: bobEmail }, headers: { 'cf-connecting-ip': '10.9.9.10' } });
    const again = ((await api.call('GET', '/dev/mailbox.json')).json as { to: string; token?: string }[]).find(
      (m) => m.to === bobEmail,
    )!.token;
    expect((await api.call('POST', '/api/auth/token', { body: { token: again } })).status).toBe(200);
  });

  it('never suspends an operator or yourself, and says when the player is gone', async () => {
    const player = await api.signIn('reporter@ops.test');
    const opsId = await idOf(api, ops);
    const filed = await report(player, opsId, { reason: 'other', text: 'the operator is mean' });
    const r = await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, { token: ops, body: { action: 'suspend' } });
    expect([r.status, r.json.error.code]).toEqual([400, 'cannot_suspend_self']);
    expect((await api.call('POST', `/api/admin/reports/${filed.json.id}/actions`, { token: ops, body: { action: 'ban' } })).status).toBe(
      400,
    );
    expect((await api.call('GET', '/api/me', { token: ops })).status).toBe(200);
  });
});

describe('ADMIN_EMAILS', () => {
  it('is a comma-separated list of addresses, read in lower case; a bad one names the variable', () => {
    expect(readConfig({ ADMIN_EMAILS: ' Ops@Example.com, b@example.org ,' }).adminEmails).toEqual(['ops@example.com', 'b@example.org']);
    expect(readConfig({}).adminEmails).toEqual([]);
    expect(() => readConfig({ ADMIN_EMAILS: 'ops@example.com, not-an-address' })).toThrow(/ADMIN_EMAILS: ADMIN_EMAILS must be/);
  });
});
