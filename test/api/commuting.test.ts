import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, replay, type HistoryEvent } from '../../engine/core';
import { spaceMountain } from '../../engine/games/space-mountain';
import { sha256Hex } from '../../worker/lib/crypto';
import { readGameRequest } from '../../worker/services/game-request';
import { submitMove } from '../../worker/services/play';
import { serviceDeps } from '../../worker/service-deps';
import { testRegistry } from '../fixtures/registry';
import { SET_SEED_SQL, seedFromLabel, setSeedParams } from '../support/fixed-seed';
import { makeTestApp, type TestApi } from './support';

/**
 * no refused legal moves: a move posted at an older version is applied when everything
 * since is other seats' moves that change nothing the poster can see (Space Mountain's secret
 * Go/Refuel decisions), and still refused (409 `stale_version`) otherwise. After a human move
 * that hands the turn to a bot, the answer says `botsToMove`, so a page waits for the bot.
 */
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

let players = 0;
const post = (id: string, token: string, version: number, move: unknown, headers: Record<string, string> = {}) =>
  api.call('POST', `/api/games/${id}/moves`, { token, body: { version, move }, headers });
const state = async (id: string, token: string) =>
  (await api.call('GET', `/api/games/${id}/state`, { token, headers: { 'x-page-visible': '1' } })).json;

/** A started two-player Space Mountain game between two signed-in players; `deal` fixes its seed (the same deal every run). */
async function spaceGame(deal?: string) {
  const tokens = [await api.signIn(`sm-${++players}@commute.test`), await api.signIn(`sm-${++players}@commute.test`)];
  const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type: 'space-mountain', players: 2 } });
  expect(c.status, c.text).toBe(201);
  const id = c.json.id as string;
  if (deal) await api.client.query(SET_SEED_SQL, setSeedParams(seedFromLabel(deal), id));
  await api.call('POST', `/api/games/${id}/join`, {
    token: tokens[1],
    body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
  });
  if ((await state(id, tokens[0])).status === 'open')
    expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
  return { id, tokens };
}

/** Plays the first legal move of the first active seat, at the current version, until `stop` holds for both seats' answers. */
async function playUntil(id: string, tokens: string[], stop: (s: any[]) => boolean, limit = 200) {
  for (let i = 0; i < limit; i++) {
    const s = [await state(id, tokens[0]), await state(id, tokens[1])];
    if (s[0].status !== 'active' || stop(s)) return s;
    const seat = s[0].activeSeats[0];
    const r = await post(id, tokens[seat], s[seat].version, s[seat].legalMoves[0].move);
    expect(r.status, r.text).toBe(200);
  }
  throw new Error('the game never got there');
}

const bothDeciding = (s: any[]) => s[0].view.phase === 'plan' && s[0].activeSeats.length === 2;
/** Step 4 with both Rockets waiting for their owner's choice (a Turn, a marker, a Starport or a facing). */
const bothMoving = (s: any[]) => s[0].view.phase === 'move' && s[0].activeSeats.length === 2;

/** The stored log replays to the stored snapshot, byte for byte: the commuted moves were applied to the state they met. */
async function expectReplayMatchesSnapshot(id: string) {
  const g = (await api.client.query<any>('select * from games where id = $1', [id])).rows[0];
  const events = (await api.client.query<any>('select kind, seat, payload from game_events where game_id = $1 order by seq', [id])).rows;
  const history: HistoryEvent[] = events.map((e) =>
    e.kind === 'move' ? { kind: 'move', seat: e.seat, move: e.payload.move } : { kind: e.kind, seat: e.seat },
  );
  expect(canonicalJson(replay(spaceMountain, { players: g.players, options: g.options, seed: g.seed, events: history }).state)).toBe(
    canonicalJson(g.snapshot),
  );
}

describe('commuting moves', () => {
  it('two seats posting Go/Refuel at the same version at once both get 200, every Step 1 of a game', { timeout: 120_000 }, async () => {
    const { id, tokens } = await spaceGame();
    let steps = 0;
    while (steps < 6) {
      const s = await playUntil(id, tokens, bothDeciding);
      if (s[0].status !== 'active') break;
      const v = s[0].version;
      expect(s[1].version).toBe(v);
      const chosen = [s[0].legalMoves[0].move, s[1].legalMoves[s[1].legalMoves.length - 1].move];
      const answers = await Promise.all([0, 1].map((seat) => post(id, tokens[seat], v, chosen[seat])));
      expect(
        answers.map((a) => a.status),
        answers.map((a) => a.text).join('\n'),
      ).toEqual([200, 200]);
      expect(answers.map((a) => a.json.version).sort((x, y) => x - y)).toEqual([v + 1, v + 2]);
      // The later one met the other's decision and revealed both, each as its seat chose it.
      expect(answers.find((a) => a.json.version === v + 2)!.json.view.lastDecisions).toEqual(chosen);
      await expectReplayMatchesSnapshot(id);
      steps++;
    }
    expect(steps).toBeGreaterThanOrEqual(3);
  });

  it('a decision posted after the other seat decided (an older version) is applied, once per Idempotency-Key', async () => {
    const { id, tokens } = await spaceGame();
    const s = await playUntil(id, tokens, bothDeciding);
    const v = s[0].version;
    expect((await post(id, tokens[0], v, { type: 'go' })).status).toBe(200);
    const key = { 'idempotency-key': `late-${id}` };
    const late = await post(id, tokens[1], v, { type: 'go' }, key);
    expect([late.status, late.json.version]).toEqual([200, v + 2]);
    expect(late.json.view.lastDecisions).toEqual([{ type: 'go' }, { type: 'go' }]);
    const retry = await post(id, tokens[1], v, { type: 'go' }, key);
    expect(retry.text).toBe(late.text);
    expect(Number((await api.client.query<any>('select count(*) as n from game_events where game_id = $1', [id])).rows[0].n)).toBe(v + 2);
    await expectReplayMatchesSnapshot(id);
  });

  it('the retry after losing the race to commit checks the rule again against the fresh game row', async () => {
    const { id, tokens } = await spaceGame();
    const s = await playUntil(id, tokens, bothDeciding);
    const v = s[0].version;
    // Seat 1's request read the game at v; seat 0 then commits first, so seat 1's commit at v conflicts.
    const pre = (await readGameRequest(api.db, id, await sha256Hex(tokens[1]), api.clock.now(), { row: true, tail: true }))!;
    expect(pre.row!.version).toBe(v);
    expect((await post(id, tokens[0], v, { type: 'go' })).status).toBe(200);
    const now = api.clock.now();
    const ctx = {
      db: api.db,
      registry: testRegistry,
      config: api.config,
      now,
      defer: () => {},
      ...serviceDeps({}, testRegistry, api.config, () => now),
    };
    const answer = await submitMove(ctx, { gameId: id, user: pre.user!, version: v, move: { type: 'refuel', flip: [] }, pre });
    expect(answer.version).toBe(v + 2);
    expect((answer.view as any).lastDecisions).toEqual([{ type: 'go' }, { type: 'refuel', flip: [] }]);
    await expectReplayMatchesSnapshot(id);
  });

  it('a stale move that does not commute is still 409 stale_version: an undo, a move too far back (a launch does commute)', async () => {
    const { id, tokens } = await spaceGame();
    // Launch: both place their Rocket at the same version; Rockets share squares freely, so the
    // second placement commutes with the first.
    const s = [await state(id, tokens[0]), await state(id, tokens[1])];
    expect(s[0].view.phase).toBe('launch');
    const v = s[0].version;
    expect((await post(id, tokens[0], v, s[0].legalMoves[0].move)).status).toBe(200);
    const placed = await post(id, tokens[1], v, s[1].legalMoves[0].move);
    expect(placed.status).toBe(200);
    expect(placed.json.version).toBe(v + 2);

    // Step 1: a decision that was taken back since never commutes (nor does anything after an undo).
    const d = await playUntil(id, tokens, bothDeciding);
    const w = d[0].version;
    expect((await post(id, tokens[0], w, { type: 'go' })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${id}/undo`, { token: tokens[0], body: { version: w + 1 } })).status).toBe(200);
    const afterUndo = await post(id, tokens[1], w, { type: 'go' });
    expect([afterUndo.status, afterUndo.json.error.code]).toEqual([409, 'stale_version']);
    // The refusal says what changed, as seat 1 may read it: a secret decision made and taken back, never what it was.
    expect(afterUndo.json.error.changed).toEqual(['{{p:0}} took back a hidden choice.']);
    // A version the game never had is stale too, with nothing to tell.
    const future = await post(id, tokens[1], w + 5, { type: 'go' });
    expect(future.json.error.changed).toEqual([]);
    expect([future.status, future.json.error.code]).toEqual([409, 'stale_version']);
    const before = await api.rowCounts();
    expect((await post(id, tokens[1], 1, { type: 'go' })).status).toBe(409); // from before the start
    expect(await api.rowCounts()).toEqual(before);
  });
});

describe('Step 4: Rockets move at the same time ("all players can move their Rockets at the same time")', () => {
  it('two players choosing at the same version both get 200, ten times in a row; the log replays to the snapshot', {
    timeout: 180_000,
  }, async () => {
    let times = 0;
    let flips = 0;
    for (let deal = 0; times < 10 && deal < 10; deal++) {
      const { id, tokens } = await spaceGame(`step 4 at the same time ${deal}`);
      while (times < 10) {
        const s = await playUntil(id, tokens, (x) => x[0].status !== 'active' || bothMoving(x), 400);
        if (s[0].status !== 'active') break;
        const v = s[0].version;
        expect(s[1].version).toBe(v);
        const answers = await Promise.all([0, 1].map((seat) => post(id, tokens[seat], v, s[seat].legalMoves[0].move)));
        expect(
          answers.map((a) => a.status),
          answers.map((a) => a.text.slice(0, 300)).join('\n'),
        ).toEqual([200, 200]);
        expect(answers.map((a) => a.json.version).sort((x, y) => x - y)).toEqual([v + 1, v + 2]);
        const lines = answers.flatMap((a) => a.json.sinceLastSeen.entries.map((e: any) => e.text));
        if (lines.some((t: string) => t.includes('flips the Encounter token'))) flips++;
        times++;
      }
      await expectReplayMatchesSnapshot(id);
    }
    expect(times).toBe(10);
    // Among them, choices made while the other Rocket flipped an Encounter token (the case that used to be refused).
    expect(flips).toBeGreaterThan(0);
  });
});

describe('bots', () => {
  it('20 human moves against a bot, each posted at the version of the last answer the page had: 0 stale refusals', {
    timeout: 120_000,
  }, async () => {
    let stale = 0;
    let moves = 0;
    let waitedForBot = 0;
    while (moves < 20) {
      const token = await api.signIn(`vs-bot-${++players}@commute.test`);
      const c = await api.call('POST', '/api/games', { token, body: { type: 'space-mountain', players: 2, bots: 1 } });
      expect(c.status, c.text).toBe(201);
      const id = c.json.id as string;
      let last = await state(id, token);
      for (let polls = 0; moves < 20 && last.status === 'active' && polls < 500; polls++) {
        // The page: "Bot is playing" while a bot must act (it polls again soon); the board only when it is the human's turn.
        if (last.botsToMove || last.legalMoves.length === 0) {
          if (last.botsToMove && last.legalMoves.length > 0) waitedForBot++;
          last = await state(id, token);
          continue;
        }
        const r = await post(id, token, last.version, last.legalMoves[moves % last.legalMoves.length].move);
        moves++;
        if (r.status === 409 && r.json.error.code === 'stale_version') {
          stale++;
          last = r.json.state;
        } else {
          expect(r.status, r.text).toBe(200);
          last = r.json;
        }
      }
    }
    expect(moves).toBe(20);
    expect(stale).toBe(0);
    // The answer to a move that hands the turn to the bot said so at least once while the human also had a choice.
    expect(waitedForBot).toBeGreaterThan(0);
  });
});
