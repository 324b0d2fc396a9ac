import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMentions, mentionCompletions } from '../../engine/core/mentions';
import { renderEmail, renderWebhookBody, type Message } from '../../worker/notices/message';
import { checkWebhookUrl, unreached } from '../../worker/delivery/outbound';
import { startReceiver } from '../support/receiver';
import { makeTestApp, type TestApi } from './support';

/** Longer than the grace a request waits out itself (commit.ts), so the cron delivers. */
const GRACE_S = 60;

/** The caller's settings with `change` applied (whatever fields the settings have today). */
async function changeSettings(api: TestApi, token: string, change: Record<string, unknown>) {
  const now = (await api.call('GET', '/api/me/notifications', { token })).json;
  const r = await api.call('PUT', '/api/me/notifications', { token, body: { ...now, failures: undefined, ...change } });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

async function outboxRows(api: TestApi, gameId: string, kind: string) {
  return (
    await api.client.query<any>(
      'select channel, target, status, last_error, payload from outbox where game_id = $1 and kind = $2 order by id',
      [gameId, kind],
    )
  ).rows;
}

async function rename(api: TestApi, token: string, name: string) {
  const r = await api.call('PATCH', '/api/me', { token, body: { name } });
  expect(r.status, r.text).toBe(200);
  return r.json.name as string;
}

describe('settings at send time', () => {
  let api: TestApi;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    api = await makeTestApp({ notifyGraceSeconds: GRACE_S });
    rx = await startReceiver();
  });
  afterAll(() => rx.close());

  const afterGrace = async () => {
    api.clock.advance((GRACE_S + 1) * 1000);
    return api.cron();
  };

  it('unsubscribing during the grace stops the pending "Your turn" email (skipped, not failed)', async () => {
    const { id, tokens } = await api.startedGame(2, { start: false });
    await api.call('GET', '/api/me/notifications', { token: tokens[0] }); // creates the unsubscribe token
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    const utoken = (
      await api.client.query<any>(
        'select ns.unsubscribe_token from notification_settings ns join seats s on s.user_id = ns.user_id where s.game_id = $1 and s.seat = 0',
        [id],
      )
    ).rows[0].unsubscribe_token;
    expect((await api.call('POST', `/unsubscribe?token=${utoken}`)).status).toBe(200);
    await afterGrace();
    const rows = await outboxRows(api, id, 'your_turn');
    expect(rows.map((r) => [r.channel, r.status, r.last_error])).toEqual([['email', 'skipped', 'skipped: email turned off']]);
    // Seat 1 changed nothing: its "game started" email went.
    expect((await outboxRows(api, id, 'game_started')).map((r) => r.status)).toEqual(['sent']);
  });

  it('a kind switched off during the grace is not sent', async () => {
    const { id, tokens } = await api.startedGame(2, { start: false });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    const s = (await api.call('GET', '/api/me/notifications', { token: tokens[0] })).json;
    await changeSettings(api, tokens[0], { kinds: { ...s.kinds, yourTurn: false } });
    await afterGrace();
    expect((await outboxRows(api, id, 'your_turn')).map((r) => [r.status, r.last_error])).toEqual([
      ['skipped', 'skipped: yourTurn notifications turned off'],
    ]);
  });

  it('removing the account webhook during the grace: nothing is POSTed to the removed URL', async () => {
    const { id, tokens } = await api.startedGame(2, { start: false });
    await changeSettings(api, tokens[0], { email: false, webhook: { url: `${rx.url}/removed`, format: 'json' } });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    await changeSettings(api, tokens[0], { webhook: null });
    await afterGrace();
    expect(rx.all.filter((r) => r.path === '/removed')).toHaveLength(0);
    expect((await outboxRows(api, id, 'your_turn')).map((r) => [r.channel, r.status, r.last_error])).toEqual([
      ['webhook', 'skipped', 'skipped: webhook removed'],
    ]);
  });

  it('a per-game webhook removed during the grace falls back to the account webhook; a replaced one gets the new URL', async () => {
    const { id, tokens } = await api.startedGame(2, { start: false });
    await changeSettings(api, tokens[0], { email: false, webhook: { url: `${rx.url}/account`, format: 'json' } });
    await api.call('PUT', `/api/games/${id}/webhook`, { token: tokens[0], body: { webhook: { url: `${rx.url}/game`, format: 'slack' } } });
    await api.call('PUT', `/api/games/${id}/webhook`, { token: tokens[1], body: { webhook: { url: `${rx.url}/old`, format: 'slack' } } });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    await api.call('PUT', `/api/games/${id}/webhook`, { token: tokens[0], body: { webhook: null } });
    await api.call('PUT', `/api/games/${id}/webhook`, { token: tokens[1], body: { webhook: { url: `${rx.url}/new`, format: 'slack' } } });
    await afterGrace();
    const paths = rx.all.map((r) => r.path);
    expect(paths).not.toContain('/game');
    expect(paths).not.toContain('/old');
    expect(paths.filter((p) => p === '/account' || p === '/new').sort()).toEqual(['/account', '/new']);
    // The account webhook is not the game's: no "name: " prefix for the group.
    expect(JSON.parse(rx.all.find((r) => r.path === '/account')!.body).subject).toMatch(/^Your turn in/);
  });

  it('a mention is not sent to a player who reads the chat during the grace; it is sent when they do not', async () => {
    const { id, tokens } = await api.startedGame(2);
    const names = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.seats.map((s: { name: string }) => s.name);
    const first = await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: `@${names[1]} look` } });
    expect(first.status).toBe(201);
    // Seat 1 has the game open: its chat poll (page visible) shows the line.
    await api.call('GET', `/api/games/${id}/chat?after=0`, { token: tokens[1], headers: { 'x-page-visible': '1' } });
    await afterGrace();
    expect((await outboxRows(api, id, 'chat_mention')).map((r) => [r.status, r.last_error])).toEqual([
      ['skipped', 'seen: the player read the chat'],
    ]);
    // A background tab's poll does not count.
    await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: `@${names[1]} again` } });
    await api.call('GET', `/api/games/${id}/chat?after=${first.json.id}`, { token: tokens[1], headers: { 'x-page-visible': '0' } });
    await afterGrace();
    expect((await outboxRows(api, id, 'chat_mention')).map((r) => r.status)).toEqual(['skipped', 'sent']);
  });
});

describe('mentions', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp();
  });

  it('names with +, spaces and accents in either normalisation form can be mentioned', async () => {
    const { id, tokens } = await api.startedGame(4);
    expect(await rename(api, tokens[1], 'ivan+games')).toBe('ivan+games');
    // Saved decomposed (e + U+0308), stored composed.
    expect(await rename(api, tokens[2], 'Zoe\u0308')).toBe('Zo\u00eb');
    expect(await rename(api, tokens[3], '  Ada \r\n  Lovelace ')).toBe('Ada Lovelace');
    await rename(api, tokens[0], 'Ada');
    const post = (token: string, text: string) => api.call('POST', `/api/games/${id}/chat`, { token, body: { text } });
    expect((await post(tokens[0], '@IVAN+games and @zo\u00eb (composed), hi')).status).toBe(201);
    await post(tokens[0], 'and @Zoe\u0308 decomposed, and @ada lovelace!');
    await post(tokens[1], '@Ada: not @Adam, not mail ivan@Ada.example');
    const rows = await outboxRows(api, id, 'chat_mention');
    const seatsOf = (detailStart: string) => rows.filter((r) => r.payload.detail?.startsWith(detailStart) ?? false);
    expect(rows.map((r) => [r.payload.seat, r.status])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [2, 'sent'],
      [3, 'sent'],
      [0, 'sent'],
    ]);
    // Stored chat text is NFC, as mentions are matched.
    expect(seatsOf('Ada: and @Zo\u00eb')).toHaveLength(2);
    expect((await api.call('PATCH', '/api/me', { token: tokens[0], body: { name: '\u0000\r\n' } })).json.error.code).toMatch(/^bad_/);
  });

  it('the syntax: @ and the longest seated name, case-insensitive; completion offers seated names', () => {
    const names = ['Ada', 'Ada Lovelace', 'ivan+games', 'Zo\u00eb'];
    expect(findMentions('@ada lovelace and @Ada, @Adam', names).map((m) => m.name)).toEqual(['Ada Lovelace', 'Ada']);
    expect(findMentions('mail ivan@ada.example', names)).toEqual([]);
    expect(findMentions('@zoe\u0308!', names)).toEqual([{ start: 0, end: 4, name: 'Zo\u00eb' }]);
    expect(mentionCompletions('hi @ad', names)).toEqual({ from: 3, typed: 'ad', names: ['Ada', 'Ada Lovelace'] });
    expect(mentionCompletions('hi @Ada Lo', names)?.names).toEqual(['Ada Lovelace']);
    expect(mentionCompletions('hi @ivan+games', names)).toBeNull();
  });
});

const HOSTILE_NAME = '<!channel> **bold** <script>\r\nBcc: x';
const HOSTILE_CHAT =
  '<https://evil.example|Open the game> [click](https://evil.example) @everyone @here <@123> <@&42> **bold** `code` <script>alert(1)</script>\r\n# fake line';

describe('formatting injection', () => {
  const m: Message = {
    kind: 'chat_mention',
    subject: `${HOSTILE_NAME}: You were mentioned in Secret Dice`,
    lines: [`${HOSTILE_NAME}: ${HOSTILE_CHAT}`],
    url: 'https://post.example/games/g_1',
    game: { id: 'g_1', title: 'Secret Dice', seat: 0 },
  };

  it('Slack: user text cannot ping, link or break lines; our link is the only link', () => {
    const text: string = JSON.parse(renderWebhookBody({ format: 'slack' }, m, 'mp-1', 0)).text;
    expect(text).not.toMatch(/<!|<@|<https:\/\/evil/);
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain('&lt;https://evil.example|Open the game&gt;');
    expect(text.match(/</g)).toHaveLength(1);
    expect(text.split('\n')).toHaveLength(3); // subject, one line, link
    expect(text.endsWith('<https://post.example/games/g_1|Open the game>')).toBe(true);
  });

  it('Discord: markdown, masked links and mentions are inert; allowed_mentions stays strict', () => {
    const body = JSON.parse(renderWebhookBody({ format: 'discord', mention: '123456789012' }, m, 'mp-1', 0));
    const content: string = body.content;
    expect(body.allowed_mentions).toEqual({ parse: [], users: ['123456789012'] });
    expect(content.startsWith('<@123456789012> ')).toBe(true);
    const user = content.slice('<@123456789012> '.length, content.lastIndexOf('\n'));
    expect(user).not.toMatch(/(^|[^\\])[*[\]()<>`_~|]/); // every syntax character escaped
    expect(user).not.toMatch(/@(everyone|here|&|\d)/); // a zero-width space follows every @
    expect(user).toContain('\\*\\*bold\\*\\*');
    expect(user).toContain('\\[click\\]\\(https://evil.example\\)');
    expect(content.split('\n')).toHaveLength(3);
    expect(content.endsWith('\nhttps://post.example/games/g_1')).toBe(true);
  });

  it('email: the subject is one line (no header injection), text lines are one line each, HTML is escaped', () => {
    const e = renderEmail('p@example.com', m, 'https://post.example/unsubscribe?token=t', 'UTC');
    expect(e.subject).not.toMatch(/[\r\n]/);
    expect(e.subject).toContain('<script> Bcc: x');
    expect(e.text.split('\n').filter((l) => l.startsWith('Bcc:'))).toEqual([]);
    expect(e.html).not.toContain('<script>');
    expect(e.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(e.html).not.toContain('href="https://evil.example');
    expect(e.html.match(/<a href=/g)).toHaveLength(2); // the game and the unsubscribe link
  });

  it('end to end: a hostile name and chat reach Slack and the mailbox inert', async () => {
    const api = await makeTestApp();
    const rx = await startReceiver();
    try {
      const { id, tokens } = await api.startedGame(2);
      const stored = await rename(api, tokens[0], HOSTILE_NAME.slice(0, 40));
      expect(stored).not.toMatch(/[\r\n]/);
      const target = await rename(api, tokens[1], 'Bo');
      await api.call('PUT', `/api/games/${id}/webhook`, { token: tokens[1], body: { webhook: { url: rx.url, format: 'slack' } } });
      expect(
        (await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: `@${target} ${HOSTILE_CHAT}` } })).status,
      ).toBe(201);
      const slack: string = JSON.parse(rx.delivered.at(-1)!.body).text;
      expect(slack).toContain('&lt;!channel&gt;');
      expect(slack).toContain('&lt;https://evil.example|Open the game&gt;');
      expect(slack.match(/</g)).toHaveLength(1);
      const mail = (await api.call('GET', '/dev/mailbox.json')).json.find((x: { subject: string }) =>
        x.subject.includes('You were mentioned'),
      );
      expect(mail.html).not.toContain('<script>');
    } finally {
      await rx.close();
    }
  });
});

describe('a send that reached nobody', () => {
  it('says why in words: a timeout by its limit, a failed connection (workerd says only "internal error") as such, any other error as it came', () => {
    expect(unreached(Object.assign(new Error('x'), { name: 'TimeoutError' }), 5000)).toEqual({
      ok: false,
      error: 'timed out after 5000 ms',
    });
    expect(unreached(new Error('internal error; reference = abc123'), 5000).error).toBe(
      'could not connect to the host (its name did not resolve or nothing answered; runtime: internal error; reference = abc123)',
    );
    expect(unreached(new TypeError('fetch failed'), 5000)).toEqual({ ok: false, error: 'fetch failed' });
  });
});

describe('webhook address check', () => {
  const refused = [
    // special-use names
    'https://localhost/h',
    'https://localhost./h',
    'https://app.localhost/h',
    'https://db.internal/h',
    'https://printer.local/h',
    'https://nas.home.arpa/h',
    'https://intranet/h',
    'https://ipv4only.arpa/h',
    'https://x.test/h',
    'https://127.0.0.1.nip.io/h',
    'https://10-0-0-1.sslip.io/h',
    'https://app.localtest.me/h',
    // IPv4 special-use ranges
    'https://0.0.0.0/h',
    'https://0.1.2.3/h',
    'https://10.1.2.3/h',
    'https://100.64.0.1/h',
    'https://127.0.0.1/h',
    'https://169.254.169.254/latest',
    'https://172.16.0.1/h',
    'https://192.0.0.170/h',
    'https://192.0.2.1/h',
    'https://192.168.0.1/h',
    'https://198.18.0.1/h',
    'https://224.0.0.1/h',
    'https://240.0.0.1/h',
    'https://255.255.255.255/h',
    // numeric IPv4 forms (the URL parser turns them into 127.0.0.1)
    'https://0x7f000001/h',
    'https://2130706433/h',
    'https://0177.0.0.1/h',
    'https://127.1/h',
    // IPv6
    'https://[::1]/h',
    'https://[::]/h',
    'https://[fe80::1]/h',
    'https://[fd00::1]/h',
    'https://[fc00::1]/h',
    'https://[ff02::1]/h',
    'https://[::ffff:127.0.0.1]/h',
    'https://[::ffff:7f00:1]/h',
    'https://[::7f00:1]/h',
    'https://[64:ff9b::7f00:1]/h',
    'https://[2002:7f00:1::]/h',
    'https://[2001:db8::1]/h',
    // not https, credentials, not a URL
    'http://example.com/h',
    'https://user:pw@example.com/',
    'ftp://example.com',
    'not a url',
  ];

  it('outside development: every special-use address and name is refused, public hosts pass', () => {
    for (const url of refused) expect(() => checkWebhookUrl(url, false), url).toThrow(/Webhook URLs/);
    for (const url of [
      'https://discord.com/api/webhooks/1/x',
      'https://hooks.slack.com/services/T/B/x',
      'https://8.8.8.8/h',
      'https://[2606:4700::1111]/h',
      'https://example.com./h',
    ]) {
      expect(checkWebhookUrl(url, false).protocol, url).toBe('https:');
    }
  });

  it('in development, loopback means literal 127.0.0.0/8, ::1 and localhost only', () => {
    for (const url of [
      'http://127.0.0.1:9999/h',
      'http://127.5.6.7/h',
      'http://[::1]:8080/h',
      'http://localhost:8787/h',
      'http://localhost.:8787/h',
    ])
      expect(checkWebhookUrl(url, true).href, url).toBeTruthy();
    for (const url of [
      'http://127.0.0.1.nip.io/h',
      'https://127.0.0.1.nip.io/h',
      'http://10.0.0.1/h',
      'http://app.localhost/h',
      'http://[::ffff:127.0.0.1]/h',
      'http://example.com/h',
    ]) {
      expect(() => checkWebhookUrl(url, true), url).toThrow();
    }
  });

  it('a private address is refused however it is spelled: hex, dashed IPv4 and IPv6 under wildcard DNS, numeric and percent-encoded', () => {
    for (const [url, why] of [
      ['https://7f000001.nip.io/h', 'names the address 127.0.0.1'],
      ['https://app-0a000001.nip.io/h', 'names the address 10.0.0.1'],
      ['https://app-10-0-0-1.nip.io/h', 'names the address 10.0.0.1'],
      ['https://192-168-1-2-app.sslip.io/h', 'names the address 192.168.1.2'],
      ['https://--1.sslip.io/h', 'names the address ::1'],
      ['https://fe80--1.sslip.io/h', 'names the address fe80::1'],
      ['https://app-fd00--1.sslip.io/h', 'names the address fd00::1'],
      ['https://0x7f000001/h', 'four decimal numbers'],
      ['https://2130706433/h', 'four decimal numbers'],
      ['https://0177.0.0.1/h', 'four decimal numbers'],
      ['https://127.1/h', 'four decimal numbers'],
      ['https://%31%32%37.0.0.1/h', 'without percent-encoding'],
      ['https://%6c%6f%63%61%6c%68%6f%73%74/h', 'without percent-encoding'],
    ])
      expect(() => checkWebhookUrl(url, false), url).toThrow(why);
    // Public addresses written the same ways pass: the check reads what the name says.
    for (const url of ['https://2a01-4f8-c17-b8f--2.sslip.io/h', 'https://08080808.nip.io/h', 'https://deadbeef.example.com/h'])
      expect(checkWebhookUrl(url, false).protocol, url).toBe('https:');
  });

  it('in development only the literal loopback spellings the README names pass: no numeric or encoded 127.0.0.1', () => {
    for (const url of [
      'http://2130706433:9999/h',
      'http://0x7f.0.0.1/h',
      'http://127.1/h',
      'http://0177.0.0.1/h',
      'http://127.000.0.1/h',
      'http://%31%32%37.0.0.1/h',
    ])
      expect(() => checkWebhookUrl(url, true), url).toThrow(/Webhook URLs must write/);
  });

  it('the API refuses them with 400 bad_webhook_url, and a stored one is refused at send time without retries', async () => {
    const api = await makeTestApp({ allowLoopbackWebhooks: false });
    const { id, tokens } = await api.startedGame(2, { start: false });
    const bad = await api.call('PUT', `/api/games/${id}/webhook`, {
      token: tokens[0],
      body: { webhook: { url: 'https://[::ffff:7f00:1]/x', format: 'json' } },
    });
    expect([bad.status, bad.json.error.code]).toEqual([400, 'bad_webhook_url']);
    // A row stored before the check was tightened.
    await changeSettings(api, tokens[0], { email: false, webhook: { url: 'https://example.com/x', format: 'json' } });
    await api.client.query(
      `update notification_settings set webhook = jsonb_set(webhook, '{url}', '"https://0x7f000001/x"') where user_id = (select user_id from seats where game_id = $1 and seat = 0)`,
      [id],
    );
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    await api.cron();
    const rows = (
      await api.client.query<any>("select status, attempts, last_error from outbox where game_id = $1 and channel = 'webhook'", [id])
    ).rows;
    expect(rows).toEqual([
      {
        status: 'failed',
        attempts: 1,
        last_error: 'refused: the webhook URL must write an IPv4 address as four decimal numbers (0x7f000001 is another form)',
      },
    ]);
  });
});
