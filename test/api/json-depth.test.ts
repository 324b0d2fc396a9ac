import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../worker/app';
import { jsonDepth, MAX_JSON_DEPTH } from '../../worker/http/json-depth';
import { makeTestApp, type TestApi } from './support';

/**
 * A JSON body nested thousands of levels deep (yet under the body size limit) once
 * overflowed the stack while an Idempotency-Key retry compared moves: 500. Every JSON body is now
 * refused past `MAX_JSON_DEPTH` levels, before any route reads it.
 */

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** `{"x":{"x":...{"type":"go"}...}}` with `depth` levels of objects. */
function nested(depth: number): string {
  return `${'{"x":'.repeat(depth - 1)}{"type":"go"}${'}'.repeat(depth - 1)}`;
}

async function counts() {
  const c = await api.rowCounts();
  const chat = await api.client.query<{ n: number }>('select count(*)::int as n from chat_messages');
  return { ...c, chat: chat.rows[0].n };
}

describe('deeply nested JSON bodies', () => {
  it('depth 5,000 (under the size limit) as a move, a keyed move retry, a chat message and a new game: 400 too_deep, nothing stored', async () => {
    const { id, tokens } = await api.startedGame(2);
    const s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    const key = { 'idempotency-key': `deep-${id}` };
    const used = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      headers: key,
      body: { version: s.version, move: { type: 'bank' } },
    });
    expect(used.status, used.text).toBe(200);

    const deep = nested(5000);
    expect(deep.length).toBeLessThan(MAX_BODY_BYTES);
    const json = { 'content-type': 'application/json' };
    const before = await counts();
    const bodies: [string, string, string, Record<string, string>][] = [
      ['a move', 'POST', `/api/games/${id}/moves`, json],
      ['a move with the used Idempotency-Key', 'POST', `/api/games/${id}/moves`, { ...json, ...key }],
      ['a move with a new Idempotency-Key', 'POST', `/api/games/${id}/moves`, { ...json, 'idempotency-key': `fresh-${id}` }],
    ];
    for (const [what, method, path, headers] of bodies) {
      const r = await api.call(method, path, { token: tokens[0], headers, raw: `{"version":${used.json.version},"move":${deep}}` });
      expect(r.status, what).toBe(400);
      expect(r.json.error.code, what).toBe('too_deep');
    }
    const chat = await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], headers: json, raw: `{"text":"hi","more":${deep}}` });
    expect([chat.status, chat.json.error.code]).toEqual([400, 'too_deep']);
    const create = await api.call('POST', '/api/games', {
      token: tokens[0],
      headers: json,
      raw: `{"type":"secret-dice","players":2,"options":${deep}}`,
    });
    expect([create.status, create.json.error.code]).toEqual([400, 'too_deep']);
    // An array body, and a JSON media type with parameters, are refused the same way.
    const arrays = await api.call('POST', '/api/games', {
      token: tokens[0],
      headers: { 'content-type': 'application/json; charset=utf-8' },
      raw: '['.repeat(5000) + ']'.repeat(5000),
    });
    expect([arrays.status, arrays.json.error.code]).toEqual([400, 'too_deep']);
    expect(await counts()).toEqual(before);
    // The game goes on: the key still answers its first move.
    const retry = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      headers: key,
      body: { version: s.version, move: { type: 'bank' } },
    });
    expect(retry.text).toBe(used.text);
  });

  it(`bodies up to ${MAX_JSON_DEPTH} levels reach the route; the keyed retry with another deep move is idempotency_key_reused`, async () => {
    const { id, tokens } = await api.startedGame(2);
    const s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    const key = { 'idempotency-key': `edge-${id}`, 'content-type': 'application/json' };
    const first = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      headers: key,
      raw: JSON.stringify({ version: s.version, move: { type: 'bank' } }),
    });
    expect(first.status).toBe(200);
    // Depth MAX_JSON_DEPTH in all: the body object plus MAX_JSON_DEPTH - 1 levels of move.
    const atLimit = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      headers: key,
      raw: `{"version":${s.version},"move":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect([atLimit.status, atLimit.json.error.code]).toEqual([422, 'idempotency_key_reused']);
    const over = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      headers: key,
      raw: `{"version":${s.version},"move":${nested(MAX_JSON_DEPTH)}}`,
    });
    expect([over.status, over.json.error.code]).toEqual([400, 'too_deep']);
    // Brackets inside strings are text, not nesting.
    const chat = await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: `${'[[[[{{{{'.repeat(20)}\\"[` } });
    expect(chat.status, chat.text).toBe(201);
  });

  it('jsonDepth counts nesting, not brackets in strings, and stops early', () => {
    expect(jsonDepth('{}', 32)).toBe(1);
    expect(jsonDepth('[1,[2,{"a":[3]}]]', 32)).toBe(4);
    expect(jsonDepth('{"a":"[[[[\\"{{"}', 32)).toBe(1);
    expect(jsonDepth('"x"', 32)).toBe(0);
    expect(jsonDepth('['.repeat(1_000_000), 32)).toBe(33);
  });
});
