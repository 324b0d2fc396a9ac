/**
 * Ratings anyone can recompute: three games of each shipped game type played to the end through
 * the API, then `npm run ratings:rebuild -- --from <url>` against the app serving on a real HTTP
 * listener (signed out, no database) prints 0 differences. Every rated record carries each seat's
 * public player id, whether it was rated and why, its result and its end instant, and never an address.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseBotMove, rngFromSeed } from '../../engine/core';
import { shippedGames } from '../../engine/games';
import { rebuildFromServer } from '../../scripts/ratings-rebuild';
import { players } from './players-support';
import { makeTestApp, type TestApi } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GAMES_EACH = 3;

let api: TestApi;
let server: ServerType;
let base: string;
beforeAll(async () => {
  api = await makeTestApp({ gameLimits: { perHour: 1000, unfinished: 1000 } });
  // The same app, answering on 127.0.0.1 as a running server does.
  base = await new Promise<string>((resolve) => {
    server = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(`http://127.0.0.1:${info.port}`));
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.client.close();
});

/** Plays a started game to its end through the API, each seat's move chosen by the built-in bot from the stored state. */
async function playToEnd(id: string, type: string, bySeat: string[]): Promise<void> {
  const game = shippedGames.find((g) => g.id === type)!;
  let rng = rngFromSeed('5eed0f0a11'.padEnd(32, '0'));
  for (let step = 0; step < 3000; step++) {
    const row = (
      await api.client.query<{ status: string; version: number; snapshot: unknown; active_seats: number[] }>(
        'select status, version, snapshot, active_seats from games where id = $1',
        [id],
      )
    ).rows[0];
    if (row.status !== 'active') return;
    const seat = row.active_seats[0];
    const move = chooseBotMove(game, row.snapshot, seat, rng);
    rng = rngFromSeed(`${step.toString(16)}5eed`.padEnd(32, '0'));
    const r = await api.call('POST', `/api/games/${id}/moves`, { token: bySeat[seat], body: { version: row.version, move } });
    expect(r.status, r.text).toBe(200);
  }
  throw new Error(`${type} did not end`);
}

/** Runs `npm run ratings:rebuild -- --from <url>` (the script itself, through tsx); its output. */
function rebuildFrom(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/ratings-rebuild.ts', '--from', url], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('ratings anyone can recompute from the published records', () => {
  it(`${GAMES_EACH} games of each shipped type to the end, then ratings:rebuild --from the running server prints 0 differences`, {
    timeout: 600_000,
  }, async () => {
    const { tokens, ids } = await players(api, 3, 'audit');
    // No turn emails: about 1,500 moves, and what they would queue is beside the point here.
    for (const token of tokens) {
      const { failures: _f, ...settings } = (await api.call('GET', '/api/me/notifications', { token })).json;
      expect((await api.call('PUT', '/api/me/notifications', { token, body: { ...settings, email: false } })).status).toBe(200);
    }
    for (const game of shippedGames) {
      for (let g = 0; g < GAMES_EACH; g++) {
        // Pairs rotate, so ratings carry from game to game between different players.
        const pair = [tokens[g % 3], tokens[(g + 1) % 3]];
        // Space Mountain's Missions-only game with 3 Missions is its shortest (about 65 moves against 165).
        const options = game.id === 'space-mountain' ? { missionsOnly: true, missions: 3 } : {};
        const created = await api.call('POST', '/api/games', {
          token: pair[0],
          body: { type: game.id, players: 2, options, startWhenFull: true },
        });
        expect(created.status, created.text).toBe(201);
        const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
        expect((await api.call('POST', `/api/games/${created.json.id}/join`, { token: pair[1], body: { invite } })).status).toBe(200);
        const bySeat: string[] = [];
        for (const t of pair) bySeat[(await api.call('GET', `/api/games/${created.json.id}`, { token: t })).json.yourSeat] = t;
        await playToEnd(created.json.id, game.id, bySeat);
      }
    }

    // The published records, signed out: every rated game, in the order ratings applied them.
    for (const game of shippedGames) {
      const listed: any = await fetch(`${base}/api/ratings/${game.id}/records`).then((r) => r.json());
      expect(listed.records).toHaveLength(GAMES_EACH);
      expect(listed.next).toBeNull();
      const orders = listed.records.map((r: { order: number }) => r.order);
      expect([...orders].sort((a, b) => a - b)).toEqual(orders);
      const text = JSON.stringify(listed);
      expect(text).not.toMatch(/@players\.test/);
      const first = listed.records[0];
      expect(first.seats.map((s: { playerId: string }) => s.playerId).every((p: string) => ids.includes(p))).toBe(true);
      expect(first).toMatchObject({ rated: true, why: 'rated', endedAt: expect.any(String) });
      expect(first.seats[0]).toMatchObject({ rated: true, why: 'rated', rating: { after: { mu: expect.any(Number) } } });
      // The full record of that game carries the same ending.
      const record: any = await fetch(first.record).then((r) => r.json());
      const { gameId: _g, type: _t, record: _r, ...ending } = first;
      expect(record.ending).toEqual(ending);
    }

    const run = await rebuildFrom(base);
    expect(run.out).toContain(`${GAMES_EACH * shippedGames.length} rated games`);
    expect(run.out).toMatch(/; 0 differences\n?$/);
    expect(run.code).toBe(0);

    // A rating changed behind the records' back is a difference the rebuild names.
    await api.client.query("update ratings set mu = mu + 1 where user_id = $1 and type = 'big-thunder'", [ids[0]]);
    await api.client.query(
      "update seat_results set rating = jsonb_set(rating, '{after,mu}', to_jsonb((rating->'after'->>'mu')::float8 + 1)) where user_id = $1 and type = 'big-thunder' and rated",
      [ids[0]],
    );
    const tampered = await rebuildFromServer(base);
    expect(tampered.differences.length).toBeGreaterThan(0);
    expect(tampered.differences.every((d) => /^big-thunder: .* differs from the fold$/.test(d))).toBe(true);
  });

  it('GET /api/ratings/:type/records takes `after` in decimal digits only: "0x10", "1e3", "-1" and " 5" are 400 bad_request', async () => {
    for (const after of ['0x10', '1e3', '-1', '%205', '1.5', ''])
      expect([after, (await api.call('GET', `/api/ratings/space-mountain/records?after=${after}`)).json.error?.code]).toEqual([
        after,
        'bad_request',
      ]);
    const page = await api.call('GET', '/api/ratings/space-mountain/records?after=0');
    expect(page.status, page.text).toBe(200);
  });
});
