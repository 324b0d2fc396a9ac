/**
 * The OpenAPI document as client generators and linters see it:
 *   - `redocly lint` (recommended rules) finds 0 errors;
 *   - every operation has a unique operationId, the Bearer and cookie schemes are declared, and
 *     `servers` names the server;
 *   - docs/api/openapi.json and the openapi-typescript types in docs/api/openapi.d.ts are what
 *     `npm run openapi` makes from the routes now (so the committed reference never drifts);
 *   - a client made by openapi-fetch from those types signs in, creates a game against a bot
 *     and plays it to the end, every call checked by the compiler against the document.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../docs/api/openapi.d.ts';
import { documentText, openapiDocument, openapiFiles, typesText } from '../../scripts/openapi';
import { makeTestApp, type TestApi } from './support';

type Operation = { operationId?: string; responses: Record<string, unknown>; security?: unknown[] };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let doc: Record<string, any>;
let api: TestApi;
beforeAll(async () => {
  [doc, api] = await Promise.all([openapiDocument(), makeTestApp()]);
});

function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ method, path: p, op })),
  );
}

describe('the OpenAPI document', () => {
  it('passes `redocly lint` with the recommended rules: 0 errors', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const bin = path.join(process.cwd(), 'node_modules', '.bin', 'redocly');
      const r = spawnSync(bin, ['lint', file, '--format=json'], {
        encoding: 'utf8',
        // No telemetry and no update check: tests send nothing beyond this machine.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' },
        timeout: 120_000,
      });
      const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation with a unique operationId and declares at least one 4xx answer', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(30);
    const missing = ops.filter((o) => !o.op.operationId).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const no4xx = ops.filter((o) => !Object.keys(o.op.responses).some((s) => s.startsWith('4'))).map((o) => `${o.method} ${o.path}`);
    expect(no4xx).toEqual([]);
  });

  it('declares the Bearer and cookie schemes, the default security and the server', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'mp_session' });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(doc.servers).toEqual([{ url: 'http://localhost:8787', description: 'This server' }]);
    const byId = Object.fromEntries(operations().map((o) => [o.op.operationId, o.op]));
    expect(byId.requestSignInEmail.security).toEqual([]); // signing in needs no session
    expect(byId.getGameState.security).toContainEqual({}); // watchers of public games too
    expect(byId.makeMove.security).toBeUndefined(); // the default: signed in
  });

  it('every JSON request body refuses unknown fields at every depth, but a push subscription (a browser shapes it)', () => {
    const open: string[] = [];
    const walk = (schema: any, where: string, seen: Set<unknown>): void => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      if (schema.$ref) return walk(doc.components.schemas[schema.$ref.split('/').pop()], where, seen);
      if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false) open.push(where);
      for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v, `${where}.${k}`, seen);
      for (const key of ['items', 'anyOf', 'oneOf', 'allOf'])
        for (const [i, v] of [schema[key]].flat().filter(Boolean).entries()) walk(v, `${where}[${key}${i}]`, seen);
    };
    for (const { method, path: p, op } of operations()) {
      const body = (op as any).requestBody?.content?.['application/json']?.schema;
      if (body && (op as any).operationId !== 'subscribePush') walk(body, `${method.toUpperCase()} ${p}`, new Set());
    }
    expect(open).toEqual([]);
  });

  it('is committed as docs/api/openapi.json and docs/api/openapi.d.ts, up to date (`npm run openapi`)', async () => {
    expect(readFileSync(openapiFiles.json, 'utf8'), 'docs/api/openapi.json is stale: run `npm run openapi`').toBe(documentText(doc));
    expect(readFileSync(openapiFiles.types, 'utf8'), 'docs/api/openapi.d.ts is stale: run `npm run openapi`').toBe(await typesText(doc));
  });
});

describe('a client generated from the document (openapi-typescript + openapi-fetch)', () => {
  afterAll(async () => {
    await api?.client.close();
  });

  it('signs in, creates a Space Mountain game against a bot and plays it to the end', async () => {
    const client = createClient<paths>({ baseUrl: 'http://localhost', fetch: (req: Request) => Promise.resolve(api.app.request(req)) });

    const asked = await client.POST('/api/auth/email', { body: { email: 'generated-client@example.com' } });
    expect(asked.response.status).toBe(202);
    // The emailed token, read from the development mailbox (not part of the public API).
    const mails = (await (await api.app.request('http://localhost/dev/mailbox.json')).json()) as { to: string; token?: string }[];
    const token = mails.find((m) => m.to === 'generated-client@example.com')?.token;
    expect(token).toBeTruthy();
    const opened = await client.POST('/api/auth/token', { body: { token: token! } });
    expect(opened.response.status).toBe(200);
    const headers = { authorization: `Bearer ${opened.data!.sessionToken}` };

    const created = await client.POST('/api/games', { headers, body: { type: 'space-mountain', players: 2, bots: 1 } });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;

    let moves = 0;
    for (let i = 0; i < 2000; i++) {
      const { data: state, response } = await client.GET('/api/games/{id}/state', { headers, params: { path: { id } } });
      expect(response.status).toBe(200);
      if (state!.status !== 'active') break;
      expect(state!.activeSeats).toContain(state!.yourSeat); // the bot moves inside the request that handed it the turn
      const pick = state!.legalMoves[0];
      const moved = await client.POST('/api/games/{id}/moves', {
        headers,
        params: { path: { id } },
        body: { version: state!.version, move: pick.move },
      });
      expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
      moves++;
    }
    const { data: end } = await client.GET('/api/games/{id}', { headers, params: { path: { id } } });
    expect(end!.status).toBe('finished');
    expect(moves).toBeGreaterThan(5);
    const record = await client.GET('/api/games/{id}/record', { headers, params: { path: { id } } });
    expect(record.response.status).toBe(200);
  });
});
