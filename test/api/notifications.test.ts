import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../../worker/delivery/outbound';
import { renderWebhookBody, type Message } from '../../worker/notices/message';
import { MAX_SKEW_S, signBody, verifyWebhook } from '../../worker/delivery/signature';
import { startReceiver } from '../support/receiver';
import { makeTestApp, type TestApi } from './support';

const MIN = 60_000;
const HOUR = 60 * MIN;

async function sentRows(api: TestApi, gameId?: string) {
  const r = await api.client.query<any>(
    `select id, channel, target, kind, status, attempts, payload from outbox where kind <> 'signin' ${gameId ? 'and game_id = $1' : ''} order by id`,
    gameId ? [gameId] : [],
  );
  return r.rows;
}

/** The player's notices go to a Slack webhook at `url` only (email off). */
async function slackOnly(api: TestApi, token: string, url: string) {
  const r = await api.call('PUT', '/api/me/notifications', {
    token,
    body: {
      email: false,
      digest: false,
      kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
      webhook: { url, format: 'slack' },
    },
  });
  expect(r.status, r.text).toBe(200);
}

async function webhookFor(api: TestApi, token: string, url: string, format = 'json') {
  const r = await api.call('PUT', '/api/me/notifications', {
    token,
    body: {
      email: true,
      digest: false,
      kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
      webhook: { url, format, secret: 's'.repeat(32) },
    },
  });
  expect(r.status, r.text).toBe(200);
}

describe('turn notifications: once, by every channel, never to a seat that saw it', () => {
  let api: TestApi;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    api = await makeTestApp({ notifyGraceSeconds: 60 });
    rx = await startReceiver();
  });
  afterAll(() => rx.close());

  it('a 3-player game played to the end sends exactly the expected messages', async () => {
    const { id, tokens } = await api.startedGame(3, { start: false, options: { rounds: 1 } });
    for (let i = 0; i < 3; i++) await webhookFor(api, tokens[i], `${rx.url}/u${i}`);
    const tick = async () => {
      api.clock.advance(61_000);
      return api.cron();
    };
    let s = (await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).json;
    expect((await tick()).delivery).toMatchObject({ sent: 6, skipped: 0 });
    const play = async (seat: number, type: string) => {
      s = (await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: s.version, move: { type } } })).json;
    };
    await play(0, 'bank');
    await play(0, 'end');
    // Seat 1 has the game open in front of them: the visible poll marks the version as seen.
    await api.call('GET', `/api/games/${id}/state`, { token: tokens[1], headers: { 'x-page-visible': '1' } });
    expect((await tick()).delivery).toMatchObject({ sent: 0, skipped: 2 });
    // A background tab's poll (not visible) does not count as seen.
    await play(1, 'bank');
    await play(1, 'end');
    await api.call('GET', `/api/games/${id}/state`, { token: tokens[2], headers: { 'x-page-visible': '0' } });
    expect((await tick()).delivery).toMatchObject({ sent: 2, skipped: 0 });
    await play(2, 'bank');
    await play(2, 'end');
    expect(s.status).toBe('finished');
    // Game over: seats 0 and 1 hear it; seat 2 made the last move and has seen it.
    expect((await tick()).delivery).toMatchObject({ sent: 4, skipped: 2 });
    for (let i = 0; i < 3; i++) expect((await tick()).delivery).toMatchObject({ sent: 0, retried: 0 });

    const rows = await sentRows(api, id);
    // the creator heard of each join (before the webhooks were set: by email only).
    const joined = rows.filter((r) => r.status === 'sent' && r.kind === 'player_joined');
    expect(joined.map((r) => `${r.channel}:${r.payload.seat}`)).toEqual(['email:0', 'email:0']);
    const sent = rows.filter((r) => r.status === 'sent' && r.kind !== 'player_joined');
    const summary = (ch: string) =>
      sent.filter((r) => r.channel === ch).map((r) => `${r.kind}:${r.payload.seat ?? JSON.parse(JSON.stringify(r.payload)).seat}`);
    expect(sent.filter((r) => r.channel === 'email')).toHaveLength(6);
    expect(sent.filter((r) => r.channel === 'webhook')).toHaveLength(6);
    const hooks = rx.delivered.map((d) => `${d.path}:${JSON.parse(d.body).kind}`).sort();
    expect(hooks).toEqual(['/u0:game_over', '/u0:your_turn', '/u1:game_over', '/u1:game_started', '/u2:game_started', '/u2:your_turn']);
    expect(new Set(rx.delivered.map((d) => d.headers['idempotency-key'])).size).toBe(6);
    expect(summary('email')).toHaveLength(6);
    for (const d of rx.delivered) {
      expect(await verifyWebhook('s'.repeat(32), d.body, d.headers['x-signature'] as string, Number(d.headers['x-timestamp']))).toBe(true);
    }
  });

  it('a turn that goes away and comes back within the grace (an undo, then the move again) is told once', async () => {
    const { id, tokens } = await api.startedGame(2);
    let s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    const play = async (body: Record<string, unknown>, path = 'moves') => {
      const r = await api.call('POST', `/api/games/${id}/${path}`, { token: tokens[0], body: { version: s.version, ...body } });
      expect(r.status, r.text).toBe(200);
      s = r.json;
    };
    api.clock.advance(61_000);
    await api.cron(); // the start's notices, out of the way
    await play({ move: { type: 'bank' } });
    await play({ move: { type: 'end' } }); // seat 1's turn: a notice
    await play({}, 'undo'); // seat 0's turn again
    await play({ move: { type: 'end' } }); // seat 1's turn again: a newer notice
    const queued = (await sentRows(api, id)).filter((r) => r.kind === 'your_turn' && r.payload.seat === 1);
    // The newer notice was queued and the older one marked skipped then, before any delivery.
    expect(queued.map((r) => [r.status, r.payload.version])).toEqual([
      ['skipped', s.version - 2],
      ['pending', s.version],
    ]);
    api.clock.advance(61_000);
    const pass = (await api.cron()).delivery;
    const turns = (await sentRows(api, id)).filter((r) => r.kind === 'your_turn' && r.payload.seat === 1);
    expect(turns.map((r) => r.status)).toEqual(['skipped', 'sent']);
    // One email in the pass: the newer turn notice (seat 0's own notices of the undo are skipped: seat 0 saw them).
    expect(pass.sent).toBe(1);
  });

  it('notification emails carry the game, the seat, the unseen log lines, a link and an unsubscribe link', async () => {
    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string; html: string }[];
    const turn = mails.find((m) => m.subject.startsWith('Your turn in Secret Dice') && m.subject.includes('seat 3'))!;
    expect(turn).toBeDefined();
    expect(turn.text).toContain('Since you last looked:');
    expect(turn.text).toContain('Seat 2 banked 1 point.');
    expect(turn.text).toMatch(/Open the game: http:\/\/localhost:8787\/games\/g_[0-9a-f]+/);
    expect(turn.text).toMatch(/Unsubscribe from these emails: http:\/\/localhost:8787\/unsubscribe\?token=[0-9a-f]+/);
    expect(turn.html).toContain('<li>Seat 2 banked 1 point.</li>');
    const over = mails.find((m) => m.subject.includes('is over'))!;
    expect(over.subject).toMatch(/Seat \d wins with \d+\..*scores/);
  });
});

describe('delivery survives failing receivers', () => {
  it('a webhook receiver that fails its first 5 attempts (500s and timeouts) gets exactly one delivery', async () => {
    const rx = await startReceiver((n) => (n <= 3 ? 500 : n <= 5 ? 'hang' : 200));
    const api = await makeTestApp({ deliveryTimeoutMs: 300 });
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      await webhookFor(api, tokens[1], rx.url);
      await api.call('PUT', '/api/me/notifications', {
        token: tokens[1],
        body: {
          email: false,
          digest: false,
          kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
          webhook: { url: rx.url, format: 'json' },
        },
      });
      await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] }); // seat 1: game_started, attempt 1 right after commit
      for (let i = 0; i < 10; i++) {
        api.clock.advance(3 * HOUR);
        await api.cron();
      }
      expect(rx.all).toHaveLength(6);
      expect(rx.delivered).toHaveLength(1);
      expect(new Set(rx.all.map((r) => r.headers['idempotency-key']))).toEqual(new Set([rx.delivered[0].headers['idempotency-key']]));
      const rows = (await sentRows(api, id)).filter((r) => r.channel === 'webhook');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent', attempts: 6 });
    } finally {
      await rx.close();
    }
  });

  it('the email provider adapter (Resend API shape) likewise delivers exactly once after 5 failures', async () => {
    const rx = await startReceiver((n) => (n <= 4 ? 503 : n === 5 ? 'hang' : 200));
    const api = await makeTestApp({ emailProvider: 'resend', emailApiKey: 'test-key', emailApiUrl: rx.url, deliveryTimeoutMs: 300 });
    try {
      await api.call('POST', '/api/auth/email', { body: { email: 'mail@example.com' } });
      for (let i = 0; i < 10; i++) {
        api.clock.advance(3 * HOUR);
        await api.cron();
      }
      expect(rx.all).toHaveLength(6);
      expect(rx.delivered).toHaveLength(1);
      const d = rx.delivered[0];
      expect(d.path).toBe('/emails');
      expect(d.headers.authorization).toBe('Bearer test-key');
      expect(new Set(rx.all.map((r) => r.headers['idempotency-key'])).size).toBe(1);
      const body = JSON.parse(d.body);
      expect(body).toMatchObject({ to: ['mail@example.com'], subject: 'Your Mountain Post sign-in link', from: expect.any(String) });
      expect(body.text).toContain('/auth/callback?token=');
    } finally {
      await rx.close();
    }
  });

  it('gives up after 24 h of failures, marks the row failed and shows it on the settings page', async () => {
    const rx = await startReceiver(() => 500);
    const api = await makeTestApp();
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      const token = tokens[0];
      await slackOnly(api, token, rx.url);
      await api.call('POST', `/api/games/${id}/start`, { token });
      for (let i = 0; i < 30 && (await sentRows(api, id)).some((r) => r.status === 'pending' && r.channel === 'webhook'); i++) {
        api.clock.advance(2 * HOUR);
        await api.cron();
      }
      const settings = (await api.call('GET', '/api/me/notifications', { token })).json;
      expect(settings.failures.length).toBeGreaterThan(0);
      for (const f of settings.failures) {
        expect(f).toMatchObject({ channel: 'webhook', target: new URL(rx.url).host, lastError: 'HTTP 500' });
        expect(f.attempts).toBeGreaterThan(10);
      }
      // The webhook kept failing: the settings say so, and that nothing goes there for now.
      expect(settings.webhookFailing).toMatchObject({ lastError: 'HTTP 500', pausedUntil: expect.any(String) });
      expect(settings.webhookFailing.failures).toBeGreaterThan(3);
    } finally {
      await rx.close();
    }
  });

  it('a test message is retried for 10 minutes only, then fails', async () => {
    const rx = await startReceiver(() => 500);
    const api = await makeTestApp();
    try {
      const token = await api.signIn('fails@example.com');
      await slackOnly(api, token, rx.url);
      await api.call('POST', '/api/me/notifications/test', { token });
      for (let i = 0; i < 10 && (await sentRows(api)).some((r) => r.status === 'pending'); i++) {
        api.clock.advance(3 * 60_000);
        await api.cron();
      }
      const [row] = await sentRows(api);
      expect([row.kind, row.status]).toEqual(['test', 'failed']);
    } finally {
      await rx.close();
    }
  });
});

describe('webhook formats and signatures', () => {
  const m: Message = {
    kind: 'your_turn',
    subject: 'Your turn in Space Mountain (seat 2)',
    lines: ['Ada moved'],
    url: 'https://post.example/games/g_1',
    game: { id: 'g_1', title: 'Space Mountain', seat: 1 },
  };

  it('generic JSON is signed with HMAC-SHA256 of the raw body; a replayed (old) timestamp is refused', async () => {
    const now = 1_790_000_000;
    const body = renderWebhookBody({ format: 'json' }, m, 'mp-7', now);
    const sig = await signBody('secret-secret-secret', body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    // Independent check with node:crypto.
    const { createHmac } = await import('node:crypto');
    expect(sig).toBe(`sha256=${createHmac('sha256', 'secret-secret-secret').update(body).digest('hex')}`);
    expect(JSON.parse(body)).toMatchObject({ id: 'mp-7', timestamp: now, kind: 'your_turn', url: m.url });
    expect(await verifyWebhook('secret-secret-secret', body, sig, now + 10)).toBe(true);
    expect(await verifyWebhook('secret-secret-secret', body, sig, now + MAX_SKEW_S + 1)).toBe(false);
    expect(await verifyWebhook('secret-secret-secret', body.replace('seat 2', 'seat 3'), sig, now)).toBe(false);
    expect(await verifyWebhook('other-secret', body, sig, now)).toBe(false);
    expect(await verifyWebhook('secret-secret-secret', body, null, now)).toBe(false);
  });

  it('Discord: content and allowed_mentions limited to the user; Slack: text', () => {
    const d = JSON.parse(renderWebhookBody({ format: 'discord', mention: '123456789012' }, m, 'mp-1', 0));
    expect(Object.keys(d).sort()).toEqual(['allowed_mentions', 'content']);
    expect(d.allowed_mentions).toEqual({ parse: [], users: ['123456789012'] });
    expect(d.content.startsWith('<@123456789012> Your turn in Space Mountain')).toBe(true);
    expect(d.content).toContain(m.url);
    const long = JSON.parse(renderWebhookBody({ format: 'discord' }, { ...m, lines: Array(50).fill('x'.repeat(200)) }, 'mp-1', 0));
    expect(long.content.length).toBeLessThanOrEqual(2000);
    expect(long.allowed_mentions).toEqual({ parse: [], users: [] });
    const s = JSON.parse(renderWebhookBody({ format: 'slack' }, m, 'mp-1', 0));
    expect(Object.keys(s)).toEqual(['text']);
    expect(s.text).toContain(`<${m.url}|Open the game>`);
    // Chat messages show the last 10 lines and say how many earlier ones the game page has.
    const many = JSON.parse(
      renderWebhookBody({ format: 'slack' }, { ...m, lines: Array.from({ length: 13 }, (_, i) => `line ${i + 1}`) }, 'mp-1', 0),
    );
    expect(many.text).toContain('(3 earlier lines on the game page)\n- line 4\n');
    expect(many.text).not.toContain('- line 3\n');
    expect(JSON.parse(renderWebhookBody({ format: 'slack' }, m, 'mp-1', 0)).text).not.toContain('earlier line');
  });

  it('webhook URLs: https to public hosts only; loopback only where allowed', () => {
    expect(checkWebhookUrl('https://discord.com/api/webhooks/1/x', false).host).toBe('discord.com');
    for (const bad of [
      'http://example.com/h',
      'https://127.0.0.1/h',
      'https://localhost/h',
      'https://10.1.2.3/h',
      'https://192.168.0.1/h',
      'https://169.254.169.254/latest',
      'https://[::1]/h',
      'https://[fd00::1]/h',
      'https://user:pw@example.com/',
      'ftp://example.com',
      'not a url',
      'https://intranet/h',
    ]) {
      expect(() => checkWebhookUrl(bad, false), bad).toThrow();
    }
    expect(checkWebhookUrl('http://127.0.0.1:9999/h', true).port).toBe('9999');
    expect(() => checkWebhookUrl('http://10.0.0.1/h', true)).toThrow();
  });
});

describe('settings API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp();
  });

  it('defaults to email on for every kind; validates webhooks and time zones', async () => {
    const token = await api.signIn('settings@example.com');
    const r = await api.call('GET', '/api/me/notifications', { token });
    expect(r.json).toEqual({
      email: true,
      digest: false,
      quietHours: null,
      autoVacation: true,
      push: true,
      emailReplies: true,
      kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
      webhook: null,
      timeZone: 'UTC',
      failures: [],
      webhookFailing: null,
    });
    const body = { ...r.json, failures: undefined, webhookFailing: undefined };
    const prod = await makeTestApp({ allowLoopbackWebhooks: false });
    const ptoken = await prod.signIn('p@example.com');
    const loop = await prod.call('PUT', '/api/me/notifications', {
      token: ptoken,
      body: { ...body, webhook: { url: 'http://127.0.0.1:1/x', format: 'json' } },
    });
    expect([loop.status, loop.json.error.code]).toEqual([400, 'bad_webhook_url']);
    const tz = await api.call('PUT', '/api/me/notifications', { token, body: { ...body, timeZone: 'Mars/Olympus' } });
    expect([tz.status, tz.json.error.code]).toEqual([400, 'bad_time_zone']);
    const fmt = await api.call('PUT', '/api/me/notifications', {
      token,
      body: { ...body, webhook: { url: 'https://example.com/x', format: 'teams' } },
    });
    expect(fmt.status).toBe(400);
    const ok = await api.call('PUT', '/api/me/notifications', {
      token,
      body: { ...body, digest: true, timeZone: 'Europe/London', webhook: { url: 'https://example.com/x', format: 'json' } },
    });
    expect(ok.json).toMatchObject({
      digest: true,
      timeZone: 'Europe/London',
      webhook: { url: 'https://example.com/x', format: 'json', secret: expect.stringMatching(/^[0-9a-f]{48}$/) },
    });
  });

  it('"send test message" reaches every enabled channel', async () => {
    const rx = await startReceiver();
    try {
      const token = await api.signIn('tester@example.com');
      await webhookFor(api, token, rx.url, 'discord');
      const r = await api.call('POST', '/api/me/notifications/test', { token });
      expect([r.status, r.json]).toEqual([202, { channels: ['email', 'webhook'] }]);
      expect(rx.delivered).toHaveLength(1);
      expect(JSON.parse(rx.delivered[0].body).content).toContain('Mountain Post test message');
      const mails = (await api.call('GET', '/dev/mailbox.json')).json;
      expect(mails[0]).toMatchObject({ to: 'tester@example.com', subject: 'Mountain Post test message' });
    } finally {
      await rx.close();
    }
  });

  it('a per-game webhook replaces the account webhook for that game; only players may set it', async () => {
    const rxUser = await startReceiver();
    const rxGame = await startReceiver();
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      await webhookFor(api, tokens[1], rxUser.url);
      const outsider = await api.signIn('outsider@example.com');
      const refused = await api.call('PUT', `/api/games/${id}/webhook`, {
        token: outsider,
        body: { webhook: { url: rxGame.url, format: 'slack' } },
      });
      expect([refused.status, refused.json.error.code]).toEqual([403, 'not_seated']);
      const set = await api.call('PUT', `/api/games/${id}/webhook`, {
        token: tokens[1],
        body: { webhook: { url: rxGame.url, format: 'slack' } },
      });
      expect(set.json.webhook).toMatchObject({ url: rxGame.url, format: 'slack' });
      await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
      expect(rxGame.delivered.map((d) => JSON.parse(d.body).text.split('\n')[0])).toEqual([
        expect.stringMatching(/^p\d+-1: Secret Dice \(test fixture\) has started - you are seat 2$/),
      ]);
      expect(rxUser.delivered).toHaveLength(0);
    } finally {
      await rxUser.close();
      await rxGame.close();
    }
  });

  it('one-click unsubscribe without signing in turns email off', async () => {
    const token = await api.signIn('unsub@example.com');
    await api.call('GET', '/api/me/notifications', { token });
    const utoken = (
      await api.client.query<any>(
        "select unsubscribe_token from notification_settings ns join users u on u.id = ns.user_id where u.email = 'unsub@example.com'",
      )
    ).rows[0].unsubscribe_token;
    const page = await api.call('GET', `/unsubscribe?token=${utoken}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect((await api.call('GET', '/api/me/notifications', { token })).json.email).toBe(true);
    const done = await api.call('POST', `/unsubscribe?token=${utoken}`);
    expect(done.status).toBe(200);
    expect((await api.call('GET', '/api/me/notifications', { token })).json.email).toBe(false);
    expect((await api.call('POST', '/unsubscribe?token=nope')).status).toBe(404);
  });
});

describe('daily digest', () => {
  it('replaces per-turn emails: at most one email a day, listing the games waiting for you', async () => {
    const api = await makeTestApp();
    const { id, tokens } = await api.startedGame(2, { start: false, prefix: 'digest' });
    const kinds = { yourTurn: true, gameStarted: false, gameOver: true, chatMention: true, reminder: true };
    await api.call('PUT', '/api/me/notifications', {
      token: tokens[1],
      body: { email: true, digest: true, kinds, webhook: null, timeZone: 'UTC' },
    });
    let s = (await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).json;
    s = (await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: s.version, move: { type: 'bank' } } })).json;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: s.version, move: { type: 'end' } } });
    const to = (await api.call('GET', '/api/me', { token: tokens[1] })).json.email;
    const mailsTo = async () =>
      (await api.call('GET', '/dev/mailbox.json')).json.filter(
        (m: { to: string; subject: string }) => m.to === to && !m.subject.includes('sign-in'),
      );
    expect(await mailsTo()).toEqual([]); // no per-turn email
    expect((await api.cron()).digests).toBe(1);
    const [digest] = await mailsTo();
    expect(digest.subject).toBe('Mountain Post: 1 game waiting for your move');
    expect(digest.text).toContain(`/games/${id}`);
    api.clock.advance(23 * HOUR);
    expect((await api.cron()).digests).toBe(0);
    api.clock.advance(HOUR);
    expect((await api.cron()).digests).toBe(1);
    expect(await mailsTo()).toHaveLength(2);
  });
});

describe('deadlines and reminders', () => {
  it('across a daylight-saving change: reminders at half time and 2 h before, the bot plays at the deadline', async () => {
    const api = await makeTestApp();
    // 2026-03-28 12:00 UTC; Europe/London moves to BST at 2026-03-29 01:00 UTC.
    api.clock.t = Date.parse('2026-03-28T12:00:00Z');
    const t0 = api.clock.t;
    const tokens = [await api.signIn('dst0@example.com'), await api.signIn('dst1@example.com')];
    await api.call('PUT', '/api/me/notifications', {
      token: tokens[0],
      body: {
        email: true,
        digest: false,
        kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
        webhook: null,
        timeZone: 'Europe/London',
      },
    });
    const c = await api.call('POST', '/api/games', {
      token: tokens[0],
      body: { type: 'secret-dice', players: 2, timeControl: '24h', onTimeout: 'bot', allowVacation: false },
    });
    const id = c.json.id;
    await api.call('POST', `/api/games/${id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json;
    expect(meta.deadlineAt).toBe('2026-03-29T12:00:00.000Z');

    const at = async (ms: number) => {
      api.clock.t = t0 + ms;
      return api.cron();
    };
    expect((await at(12 * HOUR - MIN)).reminders).toBe(0);
    expect((await at(12 * HOUR)).reminders).toBe(1);
    expect((await at(12 * HOUR + 5 * MIN)).reminders).toBe(0);
    expect((await at(22 * HOUR - MIN)).reminders).toBe(0);
    expect((await at(22 * HOUR)).reminders).toBe(1);
    expect((await at(24 * HOUR - MIN)).timeouts).toBe(0);
    const mails = (await api.call('GET', '/dev/mailbox.json')).json.filter((m: { subject: string }) => m.subject.startsWith('Reminder'));
    expect(mails).toHaveLength(2);
    // 12:00 UTC on 29 March is 13:00 BST in London: the instant is stored in UTC, shown in the reader's zone.
    expect(mails[0].text).toContain('Deadline: 29 Mar 2026, 13:00 BST');

    const timedOut = await at(24 * HOUR);
    expect(timedOut.timeouts).toBe(1);
    const s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[1] })).json;
    expect(s.activeSeats).toEqual([1]);
    const log = (await api.call('GET', `/api/games/${id}/log`, { token: tokens[1] })).json.entries.map((e: { text: string }) => e.text);
    expect(log.filter((t: string) => t === '{{p:0}} ran out of time; the bot played for them.').length).toBeGreaterThanOrEqual(2);
    // The bot's choice is named to the late seat only (it may be a secret choice).
    expect(log.some((t: string) => t.startsWith('The bot played:'))).toBe(false);
    const ownLog = (await api.call('GET', `/api/games/${id}/log`, { token: tokens[0] })).json.entries.map((e: { text: string }) => e.text);
    expect(ownLog.filter((t: string) => t.startsWith('The bot played: ')).length).toBeGreaterThanOrEqual(2);
    expect(log).toContain('Seat 1 ended the turn.');
    const meta2 = (await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json;
    expect(meta2.deadlineAt).toBe('2026-03-30T12:00:00.000Z');
    // Timeout moves are undo barriers and are stored as ordinary, replayable moves.
    const ev = (await api.client.query<any>("select payload, reveals from game_events where game_id = $1 and kind = 'move'", [id])).rows;
    expect(ev.every((e) => e.payload.timeout === true && e.reveals === true)).toBe(true);
    const undo = await api.call('POST', `/api/games/${id}/undo`, { token: tokens[0], body: { version: s.version } });
    expect(undo.status).toBe(422);
  });

  it("with onTimeout 'end' the game is abandoned and everyone hears it", async () => {
    const api = await makeTestApp();
    const tokens = [await api.signIn('end0@example.com'), await api.signIn('end1@example.com')];
    const c = await api.call('POST', '/api/games', {
      token: tokens[0],
      body: { type: 'secret-dice', players: 2, timeControl: '72h', onTimeout: 'end', allowVacation: false },
    });
    await api.call('POST', `/api/games/${c.json.id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    await api.call('POST', `/api/games/${c.json.id}/start`, { token: tokens[0] });
    api.clock.advance(72 * HOUR);
    expect((await api.cron()).timeouts).toBe(1);
    const meta = (await api.call('GET', `/api/games/${c.json.id}`, { token: tokens[1] })).json;
    expect(meta.status).toBe('abandoned');
    expect(meta.seed).toMatch(/^[0-9a-f]{32}$/);
    const subjects = (await sentRows(api, c.json.id)).filter((r) => r.status === 'sent').map((r) => `${r.kind}:${r.payload.subject ?? ''}`);
    expect(subjects.filter((s) => s.startsWith('game_over'))).toHaveLength(2);
    expect(subjects.find((s) => s.startsWith('game_over'))).toContain('is over');
    const mails = (await api.call('GET', '/dev/mailbox.json')).json.filter((m: { subject: string }) => m.subject.includes('is over'));
    expect(mails[0].text).toContain('end0 ran out of time. The game ends.'); // the player's name, not a seat number
  });
});
