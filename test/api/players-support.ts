/**
 * Tables for the player tests: players signed in, a fixture game ("secret-dice") created with
 * the options under test, joined, started, and played to its end by banking (equal totals: the
 * earlier seat wins, so seat 0 wins a game played out this way).
 */
import { expect } from 'vitest';
import type { TestApi } from './support';

export const HOUR = 3600 * 1000;

let counter = 0;

/** New signed-in players; returns their tokens and ids. */
export async function players(api: TestApi, n: number, tag = 'pl'): Promise<{ tokens: string[]; ids: string[] }> {
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = await api.signIn(`${tag}${++counter}@players.test`, `${tag} ${counter}`);
    tokens.push(t);
    ids.push((await api.call('GET', '/api/me', { token: t })).json.id);
  }
  return { tokens, ids };
}

/** A started table of these players (seat order as given), with `body` merged into the create request. */
export async function table(api: TestApi, tokens: string[], body: Record<string, unknown> = {}): Promise<string> {
  const created = await api.call('POST', '/api/games', {
    token: tokens[0],
    body: { type: 'secret-dice', players: tokens.length, options: { rounds: 1 }, startWhenFull: false, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
  for (const t of tokens.slice(1)) {
    const j = await api.call('POST', `/api/games/${id}/join`, { token: t, body: { invite } });
    expect(j.status, j.text).toBe(200);
  }
  const s = await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
  expect(s.status, s.text).toBe(200);
  return id;
}

/** Plays the game to its end, every seat banking then ending its turn, `stepMs` of clock before each turn. */
export async function playOut(api: TestApi, id: string, tokens: string[], stepMs = 0): Promise<void> {
  for (let guard = 0; guard < 100; guard++) {
    const seen = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    if (seen.status !== 'active') return;
    const seat = seen.activeSeats[0] as number;
    api.clock.advance(stepMs);
    for (const type of ['bank', 'end']) {
      const now = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[seat] })).json;
      const r = await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: now.version, move: { type } } });
      expect(r.status, r.text).toBe(200);
    }
  }
  throw new Error('game did not end');
}

/**
 * Plays `turns` turns of each seat of a running game (bank, then end: two moves of its own each),
 * so every seat has taken part (worker/services/rating-math.ts `TAKING_PART_MOVES`) before a
 * test lets a clock run out or a seat resign. The table needs more rounds than `turns`.
 */
export async function takePart(api: TestApi, id: string, tokens: string[], turns = 3): Promise<void> {
  for (let t = 0; t < turns * tokens.length; t++) {
    const seen = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    const seat = seen.activeSeats[0] as number;
    for (const type of ['bank', 'end']) {
      const now = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[seat] })).json;
      const r = await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: now.version, move: { type } } });
      expect(r.status, r.text).toBe(200);
    }
  }
}

/** A player's stored rating of the fixture type (mu, sigma, games), or null. */
export async function storedRating(api: TestApi, userId: string) {
  const r = await api.client.query<{ mu: number; sigma: number; games: number }>(
    "select mu, sigma, games from ratings where user_id = $1 and type = 'secret-dice'",
    [userId],
  );
  return r.rows[0] ?? null;
}
