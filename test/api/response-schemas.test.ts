/**
 * What the server sends is what the API reference says: every operation of the OpenAPI document
 * is called in-process on PGlite with a representative request (a real game of Space Mountain
 * played, joined, chatted in, resigned; settings, webhooks, push devices), and each answer is
 * validated against the response the document declares for its status, strictly: an object may
 * carry only the properties the document names (unless it says the object is open, like a view).
 * A field the server adds without the document (or the document promises without the server) is
 * a failure here, and so a compile error for the client, whose types are generated from it.
 */
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../../scripts/vapid-dev-keys';
import { openapiDocument } from '../../scripts/openapi';
import { readConfig } from '../../worker/env';
import { startPushService } from '../support/push-service';
import { startReceiver } from '../support/receiver';
import { makeTestApp, type TestApi } from './support';

type Json = Record<string, any>;
/** The operator of the safety operations (ADMIN_EMAILS). */
const OPERATOR = 'ops-contract@example.com';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let doc: Json;
let api: TestApi;
let push: Awaited<ReturnType<typeof startPushService>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  const keys = await generateVapidKeys();
  const vapid = readConfig({ ...keys, VAPID_SUBJECT: 'mailto:ops@example.com' }).vapid;
  [doc, api, push, receiver] = await Promise.all([
    openapiDocument(),
    makeTestApp({ vapid, adminEmails: [OPERATOR] }),
    startPushService(),
    startReceiver(),
  ]);
});
afterAll(async () => {
  await push?.close();
  await receiver?.close();
  await api?.client.close();
});

/**
 * A response schema made strict and self-contained: `$ref`s inlined, `allOf` of objects merged
 * into one object, and every object that names its properties closed (`additionalProperties:
 * false`) unless the document itself says what else it may hold.
 */
function strict(schema: Json, seen: string[] = []): Json {
  if (!schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => strict(s, seen));
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) throw new Error(`recursive schema ${name}`);
    const { $ref: _, ...rest } = schema;
    return strict({ ...doc.components.schemas[name], ...rest }, [...seen, name]);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === 'properties' ? mapValues(v as Json, (p) => strict(p, seen)) : strict(v as Json, seen);
  if (Array.isArray(out.allOf) && out.allOf.every((s: Json) => s.type === 'object' || s.properties || !s.type)) {
    const parts: Json[] = out.allOf;
    delete out.allOf;
    // The type of the part that says one (a nullable object stays nullable), else an object.
    out.type = parts.find((p) => p.type !== undefined)?.type ?? 'object';
    out.properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}), out.properties ?? {});
    out.required = [...new Set(parts.flatMap((p) => p.required ?? []).concat(out.required ?? []))];
    const open = parts.find((p) => p.additionalProperties !== undefined && p.additionalProperties !== false);
    if (open) out.additionalProperties = open.additionalProperties;
    else delete out.additionalProperties;
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function mapValues(o: Json, f: (v: Json) => Json): Json {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

const ajv = new Ajv2020({ strict: false, allErrors: true });

/** The document's operations, with a matcher for concrete paths. */
function operations() {
  return Object.entries(doc.paths as Json).flatMap(([p, item]) =>
    Object.entries(item as Json)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({
        method,
        path: p,
        op: op as Json,
        re: new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
  );
}

/** Operation id -> the statuses its answers were validated with. */
const checked = new Map<string, number[]>();

/**
 * Calls the app and validates the answer against the document: the status must be one the
 * operation declares, a JSON answer must match that status's schema strictly, an HTML answer
 * must be declared as HTML, an answer without content must have none.
 */
async function call(method: string, url: string, opts: Parameters<TestApi['call']>[2] = {}) {
  const r = await api.call(method, url, opts);
  const pathOnly = url.split('?')[0];
  const found = operations().find((o) => o.method === method.toLowerCase() && o.re.test(pathOnly));
  expect(found, `${method} ${pathOnly} is not in the document`).toBeTruthy();
  const { op } = found!;
  const declared = op.responses[String(r.status)];
  expect(declared, `${op.operationId} answered ${r.status}, which the document does not declare: ${r.text.slice(0, 200)}`).toBeTruthy();
  const type = (r.headers.get('content-type') ?? '').split(';')[0];
  const content = declared.content as Json | undefined;
  if (!content) {
    expect(r.text, `${op.operationId} ${r.status} has no content in the document`).toBe('');
  } else if (type === 'application/json') {
    expect(content['application/json'], `${op.operationId} ${r.status}: JSON is not documented`).toBeTruthy();
    const validate = ajv.compile(strict(content['application/json'].schema));
    const ok = validate(r.json);
    const errors = ok
      ? []
      : [
          ...new Set(
            validate.errors!.map((e) => `${e.instancePath.replace(/\/\d+(?=\/|$)/g, '/n')} ${e.message} ${JSON.stringify(e.params)}`),
          ),
        ];
    expect(errors, `${op.operationId} ${r.status} does not match its schema: ${r.text.slice(0, 300)}`).toEqual([]);
  } else {
    expect(Object.keys(content), `${op.operationId} ${r.status} answered ${type}`).toContain(type);
  }
  checked.set(op.operationId, [...(checked.get(op.operationId) ?? []), r.status]);
  return r;
}

async function mailTo(email: string): Promise<string> {
  const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; token?: string }[];
  return mails.find((m) => m.to === email)!.token!;
}

/** Signs in through the documented operations; returns the session token. */
async function signIn(email: string): Promise<string> {
  expect((await call('POST', '/api/auth/email', { body: { email } })).status).toBe(202);
  const token = await mailTo(email);
  expect((await call('GET', `/auth/callback?token=${token}`)).status).toBe(200);
  const s = await call('POST', '/api/auth/token', { body: { token } });
  expect(s.status).toBe(200);
  return s.json.sessionToken;
}

describe('every operation answers what the API reference says', () => {
  it('a whole session: sign-in, a game of Space Mountain, the table, settings and push devices', async () => {
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect((await call('GET', '/api/ready')).status).toBe(200);

    const ada = await signIn('ada-contract@example.com');
    const bo = await signIn('bo-contract@example.com');
    // The browser's way in: the Continue button of the sign-in page sets the cookie.
    await call('POST', '/api/auth/email', { body: { email: 'cy-contract@example.com' } });
    const link = await mailTo('cy-contract@example.com');
    const browser = await call('POST', '/auth/callback', {
      raw: new URLSearchParams({ token: link }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    expect(browser.status).toBe(303);

    expect((await call('GET', '/api/me', { token: ada })).status).toBe(200);
    expect((await call('PATCH', '/api/me', { token: ada, body: { name: 'Ada' } })).status).toBe(200);
    await call('PATCH', '/api/me', { token: bo, body: { name: 'Bo' } });
    expect((await call('GET', '/api/game-types')).json.length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/game-types/space-mountain/rules')).status).toBe(200);

    // A game that waits for a second player: choices, an invitation, the lobby, a join, the start.
    const created = await call('POST', '/api/games', {
      token: ada,
      body: { type: 'space-mountain', players: 2, startWhenFull: false, onResign: 'end' },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    expect((await call('GET', `/api/games/${id}`, { token: ada })).json.status).toBe('open');
    expect((await call('PUT', `/api/games/${id}/choices`, { token: ada, body: { choices: { rocket: 'blue' } } })).status).toBe(200);
    expect((await call('POST', `/api/games/${id}/invite`, { token: ada, body: { email: 'di-contract@example.com' } })).status).toBe(202);
    expect((await call('GET', '/api/lobby')).json.open.map((g: Json) => g.id)).toContain(id);
    expect((await call('GET', `/api/games/${id}?invite=${invite}`, { token: bo })).status).toBe(200);
    expect((await call('POST', `/api/games/${id}/join`, { token: bo, body: { invite } })).status).toBe(200);
    const started = await call('POST', `/api/games/${id}/start`, { token: ada });
    expect(started.status).toBe(200);

    // Another table, for a bot in a free seat.
    const other = await call('POST', '/api/games', { token: ada, body: { type: 'snowdonia', players: 2 } });
    expect((await call('POST', `/api/games/${other.json.id}/seats/1/bot`, { token: ada })).status).toBe(200);

    // Playing: the state (and its 304), a move, taking it back, the log; watchers and players alike.
    const state = await call('GET', `/api/games/${id}/state`, { token: ada });
    expect(state.status).toBe(200);
    const etag = state.headers.get('etag')!;
    expect((await call('GET', `/api/games/${id}/state`, { token: ada, headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await call('GET', `/api/games/${id}/state`)).status).toBe(200);
    const seat = state.json.activeSeats.includes(state.json.yourSeat) ? ada : bo;
    const mine = seat === ada ? state.json : (await call('GET', `/api/games/${id}/state`, { token: bo })).json;
    const moved = await call('POST', `/api/games/${id}/moves`, {
      token: seat,
      body: { version: mine.version, move: mine.legalMoves[0].move },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.canUndo).toBe(true);
    expect((await call('POST', `/api/games/${id}/undo`, { token: seat, body: { version: moved.json.version } })).status).toBe(200);
    expect((await call('GET', `/api/games/${id}/log`, { token: ada })).status).toBe(200);

    // The table: chat, the record and a replay step, this game's webhook and email replies.
    expect((await call('POST', `/api/games/${id}/chat`, { token: ada, body: { text: 'Good luck, @Bo!' } })).status).toBe(201);
    expect((await call('GET', `/api/games/${id}/chat`, { token: bo })).json.messages).toHaveLength(1);
    expect((await call('GET', `/api/games/${id}/record`, { token: ada })).status).toBe(200);
    expect((await call('GET', `/api/games/${id}/replay/1`, { token: ada })).status).toBe(200);
    const hook = { url: `${receiver.url}/game`, format: 'json', secret: 's'.repeat(32) };
    expect((await call('PUT', `/api/games/${id}/webhook`, { token: ada, body: { webhook: hook } })).status).toBe(200);
    expect((await call('PUT', `/api/games/${id}/email-replies`, { token: ada, body: { on: false } })).status).toBe(200);
    expect((await call('GET', `/api/games/${id}/email-replies`, { token: ada })).json).toEqual({ on: false, accountOn: true });
    expect((await call('GET', '/api/games', { token: ada })).json.games.length).toBeGreaterThanOrEqual(2);

    // The end: Bo resigns (the game ends), the game is over for everyone, Ada asks for a rematch.
    expect((await call('POST', `/api/games/${id}/resign`, { token: bo })).status).toBe(200);
    const over = await call('GET', `/api/games/${id}`, { token: ada });
    expect(over.json.status).toBe('abandoned');
    // Nobody is to move in a game that ended early, whatever seat its state stood at.
    for (const token of [ada, bo]) {
      const ended = (await call('GET', `/api/games/${id}/state`, { token })).json;
      expect(ended).toMatchObject({ status: 'abandoned', activeSeats: [], legalMoves: [], botsToMove: false });
    }
    expect((await call('GET', `/api/games/${id}/record`, { token: ada })).status).toBe(200);
    expect((await call('GET', '/api/games', { token: ada })).status).toBe(200);
    expect((await call('POST', `/api/games/${id}/rematch`, { token: ada })).status).toBe(200);

    // Notification settings, a test message, one-click unsubscribe.
    const settings = await call('GET', '/api/me/notifications', { token: ada });
    expect(settings.status).toBe(200);
    const { failures: _, ...body } = settings.json;
    expect((await call('PUT', '/api/me/notifications', { token: ada, body: { ...body, webhook: hook } })).status).toBe(200);
    expect((await call('POST', '/api/me/notifications/test', { token: ada })).status).toBe(202);
    const utoken = (
      await api.client.query<{ t: string }>(
        "select unsubscribe_token as t from notification_settings ns join users u on u.id = ns.user_id where u.email = 'ada-contract@example.com'",
      )
    ).rows[0].t;
    expect((await call('GET', `/unsubscribe?token=${utoken}`)).status).toBe(200);
    expect((await call('POST', `/unsubscribe?token=${utoken}`)).status).toBe(200);

    // Push devices.
    expect((await call('GET', '/api/push/public-key')).status).toBe(200);
    const device = push.newDevice();
    const sub = await call('POST', '/api/me/push-subscriptions', { token: ada, body: device.subscription });
    expect(sub.status).toBe(201);
    expect((await call('POST', '/api/me/push-subscriptions', { token: ada, body: device.subscription })).status).toBe(200);
    expect((await call('GET', '/api/me/push-subscriptions', { token: ada })).json.subscriptions).toHaveLength(1);
    expect((await call('POST', `/api/me/push-subscriptions/${sub.json.id}/test`, { token: ada })).status).toBe(202);
    expect((await call('DELETE', `/api/me/push-subscriptions/${sub.json.id}`, { token: ada })).status).toBe(204);

    expect((await call('POST', '/api/auth/logout', { token: bo })).status).toBe(204);
  });

  it('a timed table of three: vacation, the next game, a pause by consent, resuming, a vote on a late seat', async () => {
    const [a, b, c] = [await signIn('ann-clock@example.com'), await signIn('ben-clock@example.com'), await signIn('cat-clock@example.com')];
    const created = await call('POST', '/api/games', {
      token: a,
      body: { type: 'secret-dice', players: 3, timeControl: 'fast', startWhenFull: false },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    for (const t of [b, c]) expect((await call('POST', `/api/games/${id}/join`, { token: t, body: { invite } })).status).toBe(200);
    expect((await call('POST', `/api/games/${id}/start`, { token: a })).status).toBe(200);
    expect((await call('GET', `/api/games/${id}`, { token: a })).json.clocks).toHaveLength(3);

    const soon = new Date(api.clock.now().getTime() + 3 * 86_400_000).toISOString();
    expect((await call('PUT', '/api/me/vacation', { token: c, body: { until: soon } })).status).toBe(200);
    expect((await call('DELETE', '/api/me/vacation', { token: c })).status).toBe(200);
    expect((await call('GET', '/api/me/next', { token: a })).status).toBe(200);

    // A pause needs every other player: Cat turns the first proposal down, then all agree.
    expect((await call('POST', `/api/games/${id}/pause`, { token: a, body: { days: 2 } })).json.pauseProposal).toBeTruthy();
    expect((await call('POST', `/api/games/${id}/pause/decline`, { token: c })).json.pauseProposal).toBeNull();
    await call('POST', `/api/games/${id}/pause`, { token: a, body: { days: 2 } });
    expect((await call('POST', `/api/games/${id}/pause/agree`, { token: b })).status).toBe(200);
    expect((await call('POST', `/api/games/${id}/pause/agree`, { token: c })).json.pause).toBeTruthy();
    expect((await call('POST', `/api/games/${id}/resume`, { token: a })).json.pause).toBeNull();

    // The others vote to give the seat on turn 24 more hours, once it is late (a day on).
    api.clock.advance(25 * 3_600_000);
    const state = (await call('GET', `/api/games/${id}/state`, { token: a })).json;
    const late = state.activeSeats[0] as number;
    const voter = [a, b, c][(late + 1) % 3];
    expect((await call('POST', `/api/games/${id}/seats/${late}/votes`, { token: voter, body: { kind: 'extension' } })).status).toBe(200);
  });

  it('safety and leaving: blocks, a chat mute, a report and the operators\u2019 queue, the data export, deleting an account', async () => {
    const [eve, fay] = [await signIn('eve-safety@example.com'), await signIn('fay-safety@example.com')];
    const ops = await signIn(OPERATOR);
    const fayId = (await call('GET', '/api/me', { token: fay })).json.id as string;
    const created = await call('POST', '/api/games', { token: eve, body: { type: 'secret-dice', players: 2, startWhenFull: true } });
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    expect((await call('POST', `/api/games/${id}/join`, { token: fay, body: { invite } })).status).toBe(200);
    const line = await call('POST', `/api/games/${id}/chat`, { token: fay, body: { text: 'rude words' } });

    expect((await call('PUT', `/api/games/${id}/chat/mute`, { token: eve, body: { muted: true } })).status).toBe(200);
    expect((await call('GET', `/api/games/${id}/chat`, { token: eve })).json.muted).toBe(true);
    await call('PUT', `/api/games/${id}/chat/mute`, { token: eve, body: { muted: false } });
    const filed = await call('POST', `/api/players/${fayId}/reports`, {
      token: eve,
      body: { reason: 'harassment', text: 'rude', gameId: id, chatId: line.json.id },
    });
    expect(filed.status).toBe(201);
    expect((await call('POST', '/api/me/blocks', { token: eve, body: { playerId: fayId } })).status).toBe(201);
    expect((await call('GET', '/api/me/blocks', { token: eve })).json.blocks).toHaveLength(1);
    expect((await call('DELETE', `/api/me/blocks/${fayId}`, { token: eve })).status).toBe(204);

    expect((await call('GET', '/api/admin/reports', { token: ops })).json.reports.length).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/admin/reports/${filed.json.id}`, { token: ops })).status).toBe(200);
    const acted = await call('POST', `/api/admin/reports/${filed.json.id}/actions`, {
      token: ops,
      body: { action: 'mute', days: 2, note: 'x' },
    });
    expect(acted.json.actions).toHaveLength(1);

    expect((await call('GET', '/api/me/export', { token: eve })).status).toBe(200);
    expect((await call('POST', '/api/me/deletion', { token: fay })).status).toBe(202);
    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; text: string }[];
    const token = /token=([0-9a-f]+)/.exec(
      mails.find((m) => m.to === 'fay-safety@example.com' && m.text.includes('/account/delete'))!.text,
    )![1];
    expect((await call('POST', '/api/me/deletion/confirm', { body: { token } })).status).toBe(200);
  });

  it('players: a profile, the leaderboard, friends, private notes and the archive', async () => {
    const [gus, hal] = [await signIn('gus-players@example.com'), await signIn('hal-players@example.com')];
    const halId = (await call('GET', '/api/me', { token: hal })).json.id as string;
    const created = await call('POST', '/api/games', {
      token: gus,
      body: {
        type: 'secret-dice',
        players: 2,
        options: { rounds: 1 },
        startWhenFull: true,
        rated: true,
        onResign: 'end',
        requirements: { minFinishedGames: 0 },
      },
    });
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    await call('POST', `/api/games/${id}/join`, { token: hal, body: { invite } });
    expect((await call('POST', `/api/games/${id}/resign`, { token: gus })).status).toBe(200);
    expect((await call('GET', `/api/players/${halId}`, { token: gus })).status).toBe(200);
    expect((await call('GET', `/api/players/${halId}`)).status).toBe(200);
    expect((await call('GET', '/api/players/u_nobody')).status).toBe(404);
    expect((await call('GET', '/api/leaderboard/secret-dice')).status).toBe(200);
    // A rated game played to its end: listed with its ending, which its record carries too.
    const rated = await call('POST', '/api/games', { token: gus, body: { type: 'secret-dice', players: 2, options: { rounds: 1 } } });
    const ratedInvite = new URL(rated.json.inviteUrl).searchParams.get('invite')!;
    await call('POST', `/api/games/${rated.json.id}/join`, { token: hal, body: { invite: ratedInvite } });
    for (let step = 0; step < 8; step++) {
      const s = (await call('GET', `/api/games/${rated.json.id}/state`, { token: gus })).json;
      if (s.status !== 'active') break;
      const token = s.activeSeats[0] === s.yourSeat ? gus : hal;
      const mine = (await call('GET', `/api/games/${rated.json.id}/state`, { token })).json;
      const move = mine.legalMoves.find((m: { move: { type: string } }) => m.move.type !== 'roll').move;
      await call('POST', `/api/games/${rated.json.id}/moves`, { token, body: { version: mine.version, move } });
    }
    const listed = await call('GET', '/api/ratings/secret-dice/records');
    expect(listed.json.records.map((r: { gameId: string }) => r.gameId)).toContain(rated.json.id);
    expect((await call('GET', `/api/games/${rated.json.id}/record`)).json.ending).toMatchObject({ rated: true, why: 'rated' });
    expect((await call('GET', '/api/ratings/chess/records')).status).toBe(404);
    expect((await call('POST', '/api/me/friends', { token: gus, body: { playerId: halId } })).json.status).toBe('requested');
    expect((await call('GET', '/api/me/friends', { token: gus })).json.requests).toHaveLength(1);
    expect((await call('DELETE', `/api/me/friends/${halId}`, { token: gus })).status).toBe(204);
    expect((await call('PUT', '/api/me/notes', { token: gus, body: { playerId: halId, text: 'steady' } })).status).toBe(200);
    expect((await call('GET', `/api/me/notes?gameId=${id}`, { token: gus })).json.note).toBeNull();
    const archived = await call('GET', '/api/me/archive', { token: gus });
    expect(archived.json.games.find((g: { id: string }) => g.id === id)).toMatchObject({ id, resigned: true });
  });

  it('called every operation of the document with a success answer', () => {
    const missing = operations()
      .filter(({ op }) => !(checked.get(op.operationId) ?? []).some((s) => s < 400))
      .map(({ method, path, op }) => `${op.operationId} (${method.toUpperCase()} ${path})`);
    expect(missing).toEqual([]);
  });
});
