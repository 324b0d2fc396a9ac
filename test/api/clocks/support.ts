/**
 * Timed tables for the clock tests: players signed in with their time zones (and quiet hours),
 * a game created with the clock options under test, joined and started, all at the test clock's
 * time; plus small readers of the clock fields of the answers.
 */
import { expect } from 'vitest';
import type { TestApi } from '../support';

export const MIN = 60 * 1000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

let counter = 0;

/** A clock as the game answers carry it. */
export interface ClockJson {
  seat: number;
  remainingMs: number;
  running: boolean;
  pausedBy: null | 'vacation' | 'weekend' | 'table';
  runsOutAt: string | null;
  votesOpen: ('extension' | 'bot')[];
}

/** Sets a player's zone and quiet hours through the settings API. */
export async function setZone(api: TestApi, token: string, timeZone: string, quietHours: { start: string; end: string } | null = null) {
  const current = (await api.call('GET', '/api/me/notifications', { token })).json;
  const { failures: _failures, ...settings } = current;
  const r = await api.call('PUT', '/api/me/notifications', { token, body: { ...settings, timeZone, quietHours } });
  expect(r.status, r.text).toBe(200);
}

/**
 * A started fixture game ("secret-dice": seat 0 moves first) for `players` new players with
 * `body` merged into the create request (time control, weekend pause, allow vacation).
 */
export async function timedTable(
  api: TestApi,
  body: Record<string, unknown>,
  opts: { players?: number; zones?: (string | null)[]; quiet?: ({ start: string; end: string } | null)[] } = {},
) {
  const n = opts.players ?? 2;
  const tag = `clk${++counter}`;
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const token = await api.signIn(`${tag}-${i}@clock.test`, `${tag}p${i}`);
    if (opts.zones?.[i] || opts.quiet?.[i]) await setZone(api, token, opts.zones?.[i] ?? 'UTC', opts.quiet?.[i] ?? null);
    tokens.push(token);
  }
  const created = await api.call('POST', '/api/games', {
    token: tokens[0],
    body: { type: 'secret-dice', players: n, options: { rounds: 10 }, startWhenFull: false, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
  for (let i = 1; i < n; i++) {
    const j = await api.call('POST', `/api/games/${id}/join`, { token: tokens[i], body: { invite } });
    expect(j.status, j.text).toBe(200);
  }
  const s = await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
  expect(s.status, s.text).toBe(200);
  return { id, tokens, names: tokens.map((_, i) => `${tag}p${i}`), emails: tokens.map((_, i) => `${tag}-${i}@clock.test`) };
}

/** The clocks of `GET /api/games/:id/state` as `token` sees them. */
export async function clocksOf(api: TestApi, id: string, token: string): Promise<ClockJson[]> {
  const r = await api.call('GET', `/api/games/${id}/state`, { token });
  expect(r.status, r.text).toBe(200);
  return r.json.clocks;
}

/** Plays seat `seat`'s whole turn (bank, then end) as `token`. */
export async function passTurn(api: TestApi, id: string, token: string) {
  for (const type of ['bank', 'end']) {
    const s = (await api.call('GET', `/api/games/${id}/state`, { token })).json;
    const r = await api.call('POST', `/api/games/${id}/moves`, { token, body: { version: s.version, move: { type } } });
    expect(r.status, r.text).toBe(200);
  }
}

/** The log of a game as `token` reads it (text with `{{p:N}}` markers). */
export async function logOf(api: TestApi, id: string, token: string): Promise<string[]> {
  return (await api.call('GET', `/api/games/${id}/log`, { token })).json.entries.map((e: { text: string }) => e.text);
}

/** Outbox rows of a kind for a user, oldest first. */
export async function noticesTo(api: TestApi, email: string, kind: string) {
  const r = await api.client.query<{ channel: string; status: string; last_error: string | null; next_attempt_at: string }>(
    'select channel, status, last_error, next_attempt_at from outbox where target = $1 and kind = $2 order by id',
    [email, kind],
  );
  return r.rows;
}

/** The game's status as stored. */
export async function statusOf(api: TestApi, id: string): Promise<string> {
  return (await api.client.query<{ status: string }>('select status from games where id = $1', [id])).rows[0].status;
}
