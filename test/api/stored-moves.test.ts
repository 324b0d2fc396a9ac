import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type AnyGame } from '../../engine/core';
import { shippedGames } from '../../engine/games';
import { SET_SEED_SQL, seedFromLabel, setSeedParams } from '../support/fixed-seed';
import { makeTestApp, type TestApi } from './support';

/**
 * What is stored for a move is the move as the game's schema parsed it, so every
 * replay of the log (GET /replay/:seq, POST /undo, the record) reads the move that was played.
 */

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** `move` with every field left out that the schema fills by itself (a default), as a client may send it. */
function leanest(game: AnyGame, move: Record<string, unknown>): Record<string, unknown> {
  const full = canonicalJson(game.moveSchema.parse(move));
  const out = { ...move };
  for (const key of Object.keys(move)) {
    if (key === 'type') continue;
    const without = { ...out };
    delete without[key];
    const parsed = game.moveSchema.safeParse(without);
    if (parsed.success && canonicalJson(parsed.data) === full) delete out[key];
  }
  return out;
}

/**
 * A started 2-player game whose deal comes from `tag` (test/support/fixed-seed.ts): the moves
 * these tests pick depend on the deal, so a fixed deal makes "every kind of move was sent" the
 * same on every run, and a failure reproducible.
 */
async function newGame(type: string, tag: string, extra: Record<string, unknown> = {}) {
  const tokens = [await api.signIn(`${tag}-a@stored.test`), await api.signIn(`${tag}-b@stored.test`)];
  const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type, players: 2, ...extra } });
  expect(c.status, c.text).toBe(201);
  const id = c.json.id as string;
  await api.client.query(SET_SEED_SQL, setSeedParams(seedFromLabel(`stored-moves:${tag}`), id));
  await api.call('POST', `/api/games/${id}/join`, {
    token: tokens[1],
    body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
  });
  expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
  return { id, tokens };
}

async function storedMoves(id: string): Promise<unknown[]> {
  const r = await api.client.query<{ payload: { move: unknown } }>(
    `select payload from game_events where game_id = $1 and kind = 'move' order by seq`,
    [id],
  );
  return r.rows.map((row) => row.payload.move);
}

/**
 * Every seq of the game replays, and the last one shows the game as it is. The viewer takes turns
 * (seat 0, seat 1, a watcher) from one seq to the next: each replay reads every stored move up to
 * its seq, so the three views are each drawn over the whole log at a third of the cost of all three
 * at every seq.
 */
async function replayEverything(id: string, tokens: string[]) {
  const head = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
  const viewers = [tokens[0], tokens[1], undefined];
  for (let seq = 1; seq <= head.version; seq++) {
    const r = await api.call('GET', `/api/games/${id}/replay/${seq}`, { token: viewers[seq % 3] });
    expect(r.status, `replay ${seq}: ${r.text}`).toBe(200);
  }
  const last = (await api.call('GET', `/api/games/${id}/replay/${head.version}`, { token: tokens[0] })).json;
  expect(canonicalJson(last.view)).toBe(canonicalJson(head.view));
}

describe('stored moves are the validated moves', () => {
  describe.each(shippedGames.map((g) => [g.id, g] as const))('%s', (type, game) => {
    it('every kind of move sent with its optional fields left out replays (every seq) and undoes', { timeout: 240_000 }, async () => {
      const { id, tokens } = await newGame(type, type);
      const sent = new Map<string, unknown>();
      let pick = 1;
      for (let step = 0; step < 70; step++) {
        const states = await Promise.all(tokens.map((token) => api.call('GET', `/api/games/${id}/state`, { token }).then((r) => r.json)));
        if (states[0].status !== 'active') break;
        const seat = states[0].activeSeats[0] as number;
        const legal = states[seat].legalMoves.map((m: { move: Record<string, unknown> }) => m.move);
        // A kind not sent yet first, so the game shows as many kinds as it reaches.
        pick = (pick * 7 + 3) % 101;
        const fresh = legal.filter((m: { type: string }) => !sent.has(m.type));
        const move = leanest(game, (fresh.length ? fresh : legal)[pick % (fresh.length || legal.length)]);
        const r = await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: states[seat].version, move } });
        expect(r.status, r.text).toBe(200);
        sent.set(move.type as string, move);
        // Undo (when the rules allow it) replays every stored move before this one.
        const u = await api.call('POST', `/api/games/${id}/undo`, { token: tokens[seat], body: { version: r.json.version } });
        expect([200, 422], u.text).toContain(u.status);
        if (u.status === 200) {
          const again = await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: u.json.version, move } });
          expect(again.status, again.text).toBe(200);
        }
      }
      const stored = await storedMoves(id);
      expect(stored.length).toBeGreaterThan(10);
      for (const m of stored) expect(canonicalJson(m)).toBe(canonicalJson(game.moveSchema.parse(m)));
      if (type === 'space-mountain') {
        // The input of the report: refuel without `flip` is stored with the default filled in.
        expect(canonicalJson(sent.get('refuel'))).toBe('{"type":"refuel"}');
        expect(stored).toContainEqual({ type: 'refuel', flip: [] });
      }
      await replayEverything(id, tokens);
      const record = await api.call('GET', `/api/games/${id}/record`, { token: tokens[0] });
      expect(record.status).toBe(200);
    });
  });

  it('migration 0006 fills refuel.flip in moves stored before, and such a log replays and undoes', { timeout: 120_000 }, async () => {
    const game = shippedGames.find((g) => g.id === 'space-mountain')!;
    const { id, tokens } = await newGame('space-mountain', 'migrated');
    // Play to the first Go/Refuel decision, then both seats Refuel.
    for (let step = 0; step < 20; step++) {
      const s0 = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
      const seat = s0.activeSeats[0] as number;
      const s = seat === 0 ? s0 : (await api.call('GET', `/api/games/${id}/state`, { token: tokens[seat] })).json;
      const moves = s.legalMoves.map((m: { move: { type: string } }) => m.move);
      const move = moves.find((m: { type: string }) => m.type === 'refuel') ?? moves[0];
      expect((await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: s.version, move } })).status).toBe(
        200,
      );
      if ((await storedMoves(id)).filter((m: any) => m.type === 'refuel').length === 2) break;
    }
    // As an older server stored them: the raw body, without the default.
    await api.client.query(
      `update game_events set payload = payload #- '{move,flip}' where game_id = $1 and payload->'move'->>'type' = 'refuel'`,
      [id],
    );
    expect((await storedMoves(id)).filter((m: any) => m.type === 'refuel')).toEqual([{ type: 'refuel' }, { type: 'refuel' }]);
    // Replays parse what they read, so even the unrepaired log replays.
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version;
    expect((await api.call('GET', `/api/games/${id}/replay/${v}`, { token: tokens[1] })).status).toBe(200);

    await api.client.exec(readFileSync(new URL('../../db/migrations/0006_parsed_moves.sql', import.meta.url), 'utf8'));
    const repaired = await storedMoves(id);
    expect(repaired.filter((m: any) => m.type === 'refuel')).toEqual([
      { type: 'refuel', flip: [] },
      { type: 'refuel', flip: [] },
    ]);
    for (const m of repaired) expect(canonicalJson(m)).toBe(canonicalJson(game.moveSchema.parse(m)));
    await replayEverything(id, tokens);
  });

  it('an Idempotency-Key retry of a move sent without its default gets the first answer', async () => {
    const { id, tokens } = await newGame('space-mountain', 'idem');
    for (let step = 0; step < 20; step++) {
      const s0 = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
      if (s0.legalMoves.some((m: { move: { type: string } }) => m.move.type === 'refuel')) {
        const headers = { 'idempotency-key': `refuel-${id}` };
        const first = await api.call('POST', `/api/games/${id}/moves`, {
          token: tokens[0],
          headers,
          body: { version: s0.version, move: { type: 'refuel' } },
        });
        expect(first.status, first.text).toBe(200);
        const lean = await api.call('POST', `/api/games/${id}/moves`, {
          token: tokens[0],
          headers,
          body: { version: s0.version, move: { type: 'refuel' } },
        });
        const full = await api.call('POST', `/api/games/${id}/moves`, {
          token: tokens[0],
          headers,
          body: { version: s0.version, move: { type: 'refuel', flip: [] } },
        });
        expect([lean.status, full.status]).toEqual([200, 200]);
        expect(lean.text).toBe(first.text);
        expect(full.text).toBe(first.text);
        const other = await api.call('POST', `/api/games/${id}/moves`, {
          token: tokens[0],
          headers,
          body: { version: s0.version, move: { type: 'go' } },
        });
        expect(other.status).toBe(422);
        expect(other.json.error.code).toBe('idempotency_key_reused');
        return;
      }
      const seat = s0.activeSeats[0] as number;
      const s = seat === 0 ? s0 : (await api.call('GET', `/api/games/${id}/state`, { token: tokens[seat] })).json;
      expect(
        (
          await api.call('POST', `/api/games/${id}/moves`, {
            token: tokens[seat],
            body: { version: s.version, move: s.legalMoves[0].move },
          })
        ).status,
      ).toBe(200);
    }
    throw new Error('never reached a Go/Refuel decision');
  });
});
