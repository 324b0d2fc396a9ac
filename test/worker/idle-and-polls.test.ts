/**
 * in the production runtime: an idle cron tick and a 304 poll open no database connection
 * (counted at the bridge every Worker connection goes through), a deadline still fires on the
 * first tick after it, and a poll never confirms an old version once the mover has its answer.
 * This file starts its own database and Worker: the Durable Objects and the bridge's counters
 * must see only this file's traffic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, inviteCode, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { type OwnWorker, startOwnWorker } from '../support/own-worker';
import type { TestDb } from '../support/test-db';
import { pause, until } from '../support/wait';

let own: OwnWorker;
let db: TestDb;
let api: ApiClient;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(db.DATABASE_URL, db.DB_WS_PROXY, text, params);
/** Connections the Worker (and this file's own `sql`) opened so far. */
const connections = () => db.bridgeStats().accepted;
const tick = async () => {
  const r = await own.tick();
  expect(r.status).toBe(200);
};

beforeAll(async () => {
  own = await startOwnWorker();
  ({ db, api } = own);
});

afterAll(async () => {
  await own?.stop();
});

/** A 2-player secret-dice game, started; `extra` goes into POST /api/games (time control ...). */
async function twoPlayerGame(extra: Record<string, unknown> = {}) {
  const a = (await api.signIn(uniqueEmail('idle-a'))).token;
  const b = (await api.signIn(uniqueEmail('idle-b'))).token;
  const created = await api.post('/api/games', { type: 'secret-dice', players: 2, options: { rounds: 10 }, ...extra }, { token: a });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: b })).status).toBe(200);
  const started = await api.post(`/api/games/${id}/start`, {}, { token: a });
  expect(started.status, started.text).toBe(200);
  return { id, tokens: [a, b] };
}

/** Waits until every notice queued so far has been delivered (the deferred drain after each answer). */
async function outboxSettled() {
  for (let i = 0; i < 100; i++) {
    const [r] = await sql<{ n: string }>("select count(*) as n from outbox where status = 'pending'");
    if (Number(r.n) === 0) return;
    await pause(100);
  }
  throw new Error('outbox still pending after 10 s');
}

describe('idle cron', () => {
  it('an idle tick opens no database connection, and a deadline a minute overdue is applied once, by the tick or its alarm', async () => {
    // A fresh Worker asks Postgres once; with nothing scheduled at all, the next tick is idle.
    await tick();
    const empty = connections();
    await tick();
    expect(connections() - empty, 'connections opened by an idle tick with nothing ever due').toBe(0);

    const { id } = await twoPlayerGame({ timeControl: '24h', onTimeout: 'end', allowVacation: false });
    await outboxSettled();
    // Seat 1's clock an hour from its end (both reminders sent), written straight to Postgres:
    // the cron can only learn it from its own pass.
    await sql(
      `update games set clocks = jsonb_set(jsonb_set(clocks, '{seats,0,since}', to_jsonb((extract(epoch from now()) * 1000)::bigint - 23 * 3600000)),
         '{seats,0,reminded}', '2'::jsonb), due_at = now() + interval '1 hour' where id = $1`,
      [id],
    );

    await tick(); // the start's commits said "look": one pass, which reads the next due instant
    const before = connections();
    for (let i = 0; i < 3; i++) await tick();
    expect(connections() - before, 'connections opened by 3 idle ticks').toBe(0);

    const [status0] = await sql<{ status: string }>('select status from games where id = $1', [id]);
    expect(status0.status).toBe('active'); // nothing fired early
    // The Worker's clock (POST /dev/clock) two minutes past the deadline, without running the pass
    // itself: the cron takes games its alarms left a minute late, and the game's own alarm (re-armed
    // by the clock's move) may get there first; either way the end is applied once.
    const moved = await api.post('/dev/clock', { advanceMs: 3600_000 + 120_000, run: false });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.ran).toBeNull();
    await tick(); // the first tick after the deadline
    const after = await until(
      'the timeout applied',
      async () => {
        const [row] = await sql<{ status: string; kind: string }>(
          'select g.status, e.kind from games g join game_events e on e.game_id = g.id and e.seq = g.version where g.id = $1',
          [id],
        );
        return row?.status === 'abandoned' ? row : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(after).toEqual({ status: 'abandoned', kind: 'timeout' });
    const [once] = await sql<{ n: string }>("select count(*) as n from game_events where game_id = $1 and kind = 'timeout'", [id]);
    expect(once.n).toBe('1');
  });
});

describe('polls answered without the database', () => {
  it('a matching poll gets 304 with no database connection, visible or not, once the version is seen', async () => {
    const { id, tokens } = await twoPlayerGame();
    const full = await api.get(`/api/games/${id}/state`, { token: tokens[1], headers: { 'x-page-visible': '1' } });
    expect(full.status, full.text).toBe(200);
    // A visible read moves the seen mark: the next poll gets one fresh answer, then 304s.
    const fresh = await api.get(`/api/games/${id}/state`, { token: tokens[1], headers: { 'if-none-match': full.headers.get('etag')! } });
    const etag = fresh.status === 304 ? full.headers.get('etag')! : fresh.headers.get('etag')!;
    await outboxSettled();
    const before = connections();
    for (const visible of ['0', '1', '0']) {
      const r = await api.get(`/api/games/${id}/state`, {
        token: tokens[1],
        headers: { 'if-none-match': etag, 'x-page-visible': visible },
      });
      expect(r.status).toBe(304);
      expect(r.headers.get('etag')).toBe(etag);
    }
    expect(connections() - before, 'connections opened by 3 polls').toBe(0);
    // Someone else's token never gets that 304 (the ETag names the viewer), nor does no token.
    const other = await api.get(`/api/games/${id}/state`, { token: tokens[0], headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('no stale 304: after the mover has its answer, every poll sent carries the new version', async () => {
    const { id, tokens } = await twoPlayerGame();
    const first = await api.get(`/api/games/${id}/state`, { token: tokens[1] });
    let etag = first.headers.get('etag')!;
    let version = first.body.version as number;
    const moves = [{ type: 'bank' }, { type: 'bank' }, { type: 'end' }];
    let checked = 0;
    for (let turn = 0; turn < 2; turn++) {
      const mover = tokens[turn % 2];
      const poller = tokens[(turn + 1) % 2];
      const p0 = await api.get(`/api/games/${id}/state`, { token: poller });
      etag = p0.headers.get('etag')!;
      for (const move of moves) {
        let answered = false;
        let stop = false;
        // The poller polls without pause while the move is in flight ...
        const polling = (async () => {
          while (!stop) {
            const sentAfterAnswer = answered;
            const r = await api.get(`/api/games/${id}/state`, { token: poller, headers: { 'if-none-match': etag } });
            if (sentAfterAnswer) {
              // ... and a poll sent after the mover's answer must not confirm the old version.
              expect(r.status, `poll after the answer to version ${version + 1}`).toBe(200);
              expect(r.body.version).toBe(version + 1);
              checked++;
              return;
            }
          }
        })();
        const moved = await api.post(`/api/games/${id}/moves`, { version, move }, { token: mover });
        expect(moved.status, moved.text).toBe(200);
        answered = true;
        await polling;
        stop = true;
        version += 1;
        // The mover reads its own write: its answer's ETag never gets an older version back.
        const own = await api.get(`/api/games/${id}/state`, { token: mover, headers: { 'if-none-match': moved.headers.get('etag')! } });
        if (own.status === 200) expect(own.body.version).toBe(version);
        else expect(own.status).toBe(304);
        const p = await api.get(`/api/games/${id}/state`, { token: poller });
        etag = p.headers.get('etag')!;
      }
    }
    expect(checked).toBe(6);
  });

  it('a version note that fails costs a full answer later, not the move: no 304 for the old version', async () => {
    const { id, tokens } = await twoPlayerGame();
    // The watcher's poll is trusted by the game's object: its ETag would be answered 304 from there.
    const seen = await api.get(`/api/games/${id}/state`, { token: tokens[1] });
    const etag = seen.headers.get('etag')!;
    expect((await api.get(`/api/games/${id}/state`, { token: tokens[1], headers: { 'if-none-match': etag } })).status).toBe(304);
    // Every write of the object fails from now on (the note before the commit, and forgetting the game).
    expect((await api.post(`/api/__test/game-versions/${id}/writes?fail=1`)).status).toBe(204);
    try {
      const moved = await api.post(`/api/games/${id}/moves`, { version: seen.body.version, move: { type: 'bank' } }, { token: tokens[0] });
      expect(moved.status, moved.text).toBe(200);
      const polled = await api.get(`/api/games/${id}/state`, { token: tokens[1], headers: { 'if-none-match': etag } });
      expect(polled.status).toBe(200);
      expect(polled.body.version).toBe(seen.body.version + 1);
    } finally {
      await api.post(`/api/__test/game-versions/${id}/writes?fail=0`);
    }
    // Healed, the object learns the game again from the database's answers: 304s come back.
    const fresh = await api.get(`/api/games/${id}/state`, { token: tokens[1] });
    expect(
      (await api.get(`/api/games/${id}/state`, { token: tokens[1], headers: { 'if-none-match': fresh.headers.get('etag')! } })).status,
    ).toBe(304);
  });
});
