/**
 * Deletion takes every trace: after `POST /api/me/deletion/confirm`, no column of any table of the
 * schema (read from information_schema, so a table added later is scanned too) holds the deleted
 * player's address, any display name they ever used, or their account id; the others' records
 * still verify, log lines read "Deleted player", and the name is free again. The token is spent
 * in the statement that checks it: of four confirmations at once, one deletes.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GameRecord, verifyRecord } from '../../engine/core';
import { testRegistry } from '../fixtures/registry';
import { idOf, lastMailTo, openTable, playToEnd } from './safety-support';
import { makeTestApp, type TestApi } from './support';

const sha256Hex = async (s: string) => createHash('sha256').update(s).digest('hex');
const OPERATOR = 'ops@traces.test';
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp({ adminEmails: [OPERATOR] });
});

async function deletionToken(token: string): Promise<string> {
  const email = (await api.call('GET', '/api/me', { token })).json.email;
  expect((await api.call('POST', '/api/me/deletion', { token })).status).toBe(202);
  return /\/account\/delete\?token=([0-9a-f]+)/.exec((await lastMailTo(api, email)).text)![1];
}

/** Every text-like column of every table of the public schema, from the schema itself. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const r = await api.client.query<{ table: string; column: string }>(
    `select c.table_name as table, c.column_name as column from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
     order by 1, 2`,
  );
  return r.rows;
}

/** Where any of `needles` still stands (case-insensitive), as "table.column: needle". */
async function tracesOf(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    const r = await api.client.query<{ needle: string }>(
      `select distinct n as needle from "${table}" t, unnest($1::text[]) n where strpos(lower(t."${column}"::text), lower(n)) > 0`,
      [needles],
    );
    for (const row of r.rows) found.push(`${table}.${column}: ${row.needle}`);
  }
  return found;
}

describe('deletion takes every trace', () => {
  it('no table of the schema holds the address, any name the player ever had, or the account id', async () => {
    const cy = await api.signIn('cyrano.q@traces.test', 'Cyrano Quill');
    const bo = await api.signIn('bo@traces.test', 'Bo Trace');
    const di = await api.signIn('di@traces.test', 'Di Trace');
    await api.signIn(OPERATOR, 'Operator Trace');
    const cyId = await idOf(api, cy);
    const given = (await api.client.query<{ name: string }>('select name from user_names where user_id = $1', [cyId])).rows.map(
      (r) => r.name,
    );
    // The names of a game that ends: seat 2 taken while the player was called "Cyrano Quill".
    const finished = await openTable(api, bo, 2);
    expect((await api.call('POST', `/api/games/${finished.id}/join`, { token: cy, body: { invite: finished.invite } })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${finished.id}/start`, { token: bo })).status).toBe(200);
    await api.call('POST', `/api/games/${finished.id}/chat`, { token: cy, body: { text: 'good luck @Bo Trace' } });
    await api.call('POST', `/api/games/${finished.id}/chat`, { token: bo, body: { text: 'thanks @Cyrano Quill, you too' } });
    // Then a new name: both must go.
    expect((await api.call('PATCH', '/api/me', { token: cy, body: { name: 'Cy Later' } })).status).toBe(200);
    await api.call('POST', `/api/games/${finished.id}/chat`, { token: bo, body: { text: 'Cy Later plays fast' } });
    expect((await playToEnd(api, finished.id, [bo, cy])).status).toBe('finished');
    // A report of the player, from that game (its excerpt quotes their lines and name), and an operator's notice of it.
    const filed = await api.call('POST', `/api/players/${cyId}/reports`, {
      token: bo,
      body: { reason: 'other', text: 'Cy Later (once Cyrano Quill) was rude', gameId: finished.id },
    });
    expect(filed.status, filed.text).toBe(201);
    // An open table the player joined (the deletion frees the seat; its join event named them), and a running game.
    const left = await openTable(api, di, 3);
    await api.call('POST', `/api/games/${left.id}/join`, { token: cy, body: { invite: left.invite } });
    const running = await openTable(api, di, 2);
    await api.call('POST', `/api/games/${running.id}/join`, { token: cy, body: { invite: running.invite } });
    await api.call('POST', `/api/games/${running.id}/start`, { token: di });
    await api.call('POST', `/api/games/${running.id}/chat`, { token: cy, body: { text: 'hi @Di Trace' } });
    await api.call('PUT', '/api/me/vacation', { token: cy, body: { until: new Date(api.clock.t + 86_400_000).toISOString() } });
    const before = (await api.call('GET', `/api/games/${finished.id}/record`)).json as GameRecord;

    const names = [...new Set(['Cyrano Quill', 'Cy Later', ...given])];
    const needles = ['cyrano.q@traces.test', cyId, ...names];
    // Before: the address, the names and the id stand in many places (what the scan must find none of after).
    const had = await tracesOf(needles);
    for (const where of [
      'game_events.log',
      'game_events.payload',
      'chat_messages.text',
      'reports.excerpt',
      'reports.text',
      'outbox.payload',
      'user_names.name',
    ])
      expect(
        had.some((h) => h.startsWith(`${where}:`)),
        where,
      ).toBe(true);

    const token = await deletionToken(cy);
    // Four confirmations with one token at once: one deletes, the others are told the link is spent.
    const answers = await Promise.all([0, 1, 2, 3].map(() => api.call('POST', '/api/me/deletion/confirm', { body: { token } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    expect(answers.filter((a) => a.status === 400).map((a) => a.json.error.code)).toEqual([
      'token_invalid',
      'token_invalid',
      'token_invalid',
    ]);

    expect(await tracesOf(needles)).toEqual([]);

    // The others keep their games: the record verifies, and its log reads "Deleted player".
    const after = (await api.call('GET', `/api/games/${finished.id}/record`)).json as GameRecord;
    expect((await verifyRecord(after, testRegistry, sha256Hex)).checks.filter((c) => !c.ok)).toEqual([]);
    expect(after.events.map((e) => e.move)).toEqual(before.events.map((e) => e.move));
    const log = JSON.stringify((await api.call('GET', `/api/games/${finished.id}/log`)).json);
    expect(log).toContain('Deleted player took seat 2.');
    const chat = (await api.call('GET', `/api/games/${finished.id}/chat`)).json.messages.map((m: { text: string }) => m.text);
    expect(chat).toEqual(['thanks @Deleted player, you too', 'Deleted player plays fast']);
    // The running game goes on with the bot.
    expect((await api.call('GET', `/api/games/${running.id}`, { token: di })).json.seats[1]).toMatchObject({ isBot: true, userId: null });
    // Every name it had is free again.
    const taker = await api.signIn('taker@traces.test', null);
    for (const name of ['Cyrano Quill', 'Cy Later'])
      expect((await api.call('PATCH', '/api/me', { token: taker, body: { name } })).json.name).toBe(name);
  });

  it('rewrites only what concerns the player, and only its words: a bystander’s email, and the addresses and links of the notices about the player, stay as they were', async () => {
    await api.signIn('bystander@vandal.test', 'Bystander');
    // A fresh sign-in link for the bystander, queued in the outbox: nothing to do with the player.
    expect((await api.call('POST', '/api/auth/email', { body: { email: 'bystander@vandal.test' } })).status).toBe(202);
    const before = await lastMailTo(api, 'bystander@vandal.test');
    const vandal = await api.signIn('vandal@vandal.test', 'Vandal');
    // Names that are words of other people's emails and of the operators' address ("ops@traces.test").
    for (const name of ['Mountain Post', 'link', 'Traces'])
      expect((await api.call('PATCH', '/api/me', { token: vandal, body: { name } })).status).toBe(200);
    // A report of the player: the operators' notice of it quotes the name next to an address and a link.
    const host = await api.signIn('host@vandal.test', 'Vandal Host');
    const table = await openTable(api, host, 2);
    await api.call('POST', `/api/games/${table.id}/join`, { token: vandal, body: { invite: table.invite } });
    const filed = await api.call('POST', `/api/players/${await idOf(api, vandal)}/reports`, {
      token: host,
      body: { reason: 'other', text: 'Traces spams', gameId: table.id },
    });
    expect(filed.status, filed.text).toBe(201);
    expect((await lastMailTo(api, OPERATOR)).subject).toBe('New report: Traces');

    const token = await deletionToken(vandal);
    expect((await api.call('POST', '/api/me/deletion/confirm', { body: { token } })).status).toBe(200);

    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string }[];
    expect(mails.filter((m) => m.to === 'bystander@vandal.test').map((m) => m.text)).toContain(before.text);
    expect(mails.some((m) => m.text.includes('Deleted player.test') || m.to.includes('Deleted player'))).toBe(false);
    // Mail to the player is gone; the operators' notice names "Deleted player", its address and link unchanged.
    expect(mails.filter((m) => m.to === 'vandal@vandal.test')).toEqual([]);
    const notice = mails.find((m) => m.to === OPERATOR && m.text.includes(`report=${filed.json.id}`));
    expect(notice).toMatchObject({ subject: 'New report: Deleted player' });
    expect(notice!.text).toContain(`/admin/reports?report=${filed.json.id}`);
    expect(notice!.text).toContain('Vandal Host reported Deleted player (other).');
  });

  it('takes the name out of the chat of a game the player only watched and wrote in', async () => {
    const [yo, ze] = [await api.signIn('yo@watched.test', 'Yolanda W'), await api.signIn('ze@watched.test', 'Zed W')];
    const tom = await api.signIn('tom@watched.test', 'Tom Watcher');
    const game = await openTable(api, yo, 2);
    await api.call('POST', `/api/games/${game.id}/join`, { token: ze, body: { invite: game.invite } });
    expect((await api.call('POST', `/api/games/${game.id}/chat`, { token: yo, body: { text: 'Tom Watcher is watching us' } })).status).toBe(
      201,
    );
    expect((await api.call('POST', `/api/games/${game.id}/chat`, { token: tom, body: { text: 'hi, I watch' } })).status).toBe(201);
    const tomId = await idOf(api, tom);
    const token = await deletionToken(tom);
    expect((await api.call('POST', '/api/me/deletion/confirm', { body: { token } })).status).toBe(200);
    const chat = (await api.call('GET', `/api/games/${game.id}/chat`, { token: yo })).json.messages.map((m: { text: string }) => m.text);
    expect(chat).toEqual(['Deleted player is watching us']);
    expect(await tracesOf(['tom@watched.test', tomId, 'Tom Watcher'])).toEqual([]);
  });
});
