import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

/**
 * Undo gave fresh time once. A seat that moved and took the move back got a new per-move
 * deadline (now + 24 h), so deciding and undoing before each deadline kept a game alive for
 * ever. An undo now puts back the deadline, and the reminders sent for it, that stood before
 * the undone move.
 */

const MIN = 60 * 1000;
const HOUR = 60 * MIN;

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

async function timedGame(type: string, tag: string, onTimeout: 'bot' | 'end') {
  const tokens = [await api.signIn(`${tag}-a@undo.test`), await api.signIn(`${tag}-b@undo.test`)];
  const c = await api.call('POST', '/api/games', {
    token: tokens[0],
    body: { type, players: 2, timeControl: '24h', onTimeout, allowVacation: false },
  });
  expect(c.status, c.text).toBe(201);
  const id = c.json.id as string;
  await api.call('POST', `/api/games/${id}/join`, {
    token: tokens[1],
    body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
  });
  expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
  return { id, tokens };
}

async function deadline(id: string): Promise<{ deadlineAt: string | null; reminderStage: number; status: string }> {
  const r = await api.client.query<any>('select deadline_at, clocks, status from games where id = $1', [id]);
  const row = r.rows[0];
  // Reminders sent in the runs under way (the clocks of the seats that must act).
  const running = (row.clocks?.seats ?? []).filter((k: { since: number | null }) => k.since !== null);
  return {
    deadlineAt: row.deadline_at ? new Date(row.deadline_at).toISOString() : null,
    reminderStage: Math.max(0, ...running.map((k: { reminded: number }) => k.reminded)),
    status: row.status,
  };
}

async function move(id: string, token: string, m: unknown) {
  const s = (await api.call('GET', `/api/games/${id}/state`, { token })).json;
  const r = await api.call('POST', `/api/games/${id}/moves`, { token, body: { version: s.version, move: m } });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

async function undo(id: string, token: string) {
  const s = (await api.call('GET', `/api/games/${id}/state`, { token })).json;
  const r = await api.call('POST', `/api/games/${id}/undo`, { token, body: { version: s.version } });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

describe('undo gives no fresh time', () => {
  it('a turn passed and taken back keeps the old deadline and its reminders; the game still times out on time', async () => {
    const t0 = Date.parse('2026-12-01T12:00:00Z');
    api.clock.t = t0;
    const { id, tokens } = await timedGame('secret-dice', 'turn', 'end');
    const d0 = new Date(t0 + 24 * HOUR).toISOString();
    expect(await deadline(id)).toEqual({ deadlineAt: d0, reminderStage: 0, status: 'active' });
    api.clock.t = t0 + 12 * HOUR;
    expect((await api.cron()).reminders).toBe(1);

    // Before each deadline: bank, pass the turn (seat 2 gets a fresh 24 h), take the pass back.
    api.clock.t = t0 + 20 * HOUR;
    await move(id, tokens[0], { type: 'bank' });
    for (const at of [20, 21, 23]) {
      api.clock.t = t0 + at * HOUR;
      await move(id, tokens[0], { type: 'end' });
      expect(await deadline(id)).toEqual({ deadlineAt: new Date(t0 + (at + 24) * HOUR).toISOString(), reminderStage: 0, status: 'active' });
      const back = await undo(id, tokens[0]);
      expect(back.activeSeats).toEqual([0]);
      expect(await deadline(id), `undo at +${at} h`).toEqual({ deadlineAt: d0, reminderStage: 1, status: 'active' });
    }
    // The last-call reminder (2 h before) was due at +22 h and goes out now, once; then the timeout.
    expect((await api.cron()).reminders).toBe(1);
    api.clock.t = t0 + 24 * HOUR - MIN;
    expect((await api.cron()).timeouts).toBe(0);
    api.clock.t = t0 + 24 * HOUR;
    expect((await api.cron()).timeouts).toBe(1);
    expect((await deadline(id)).status).toBe('abandoned');
  });

  it('a secret Go/Refuel decision taken back keeps the deadline of the Step 1 decision', async () => {
    const t0 = Date.parse('2026-12-05T12:00:00Z');
    api.clock.t = t0;
    const { id, tokens } = await timedGame('space-mountain', 'decide', 'bot');
    // To the first Step 1 decision, where both seats are to act at once.
    for (let step = 0; step < 20; step++) {
      const s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
      if (s.activeSeats.length === 2 && s.legalMoves.some((m: { move: { type: string } }) => m.move.type === 'refuel')) break;
      const seat = s.activeSeats[0] as number;
      const mine = seat === 0 ? s : (await api.call('GET', `/api/games/${id}/state`, { token: tokens[seat] })).json;
      await move(id, tokens[seat], mine.legalMoves[0].move);
    }
    const before = await deadline(id);
    expect(before.deadlineAt).not.toBeNull();
    const d = Date.parse(before.deadlineAt!);

    for (const at of [5, 17, 23]) {
      api.clock.t = d - 24 * HOUR + at * HOUR;
      const decided = await move(id, tokens[0], { type: 'refuel' });
      expect(decided.activeSeats).toEqual([1]);
      expect((await deadline(id)).deadlineAt).toBe(before.deadlineAt);
      const back = await undo(id, tokens[0]);
      expect(back.activeSeats).toEqual([0, 1]);
      expect((await deadline(id)).deadlineAt, `undo at +${at} h`).toBe(before.deadlineAt);
    }
    api.clock.t = d - MIN;
    expect((await api.cron()).timeouts).toBe(0);
    api.clock.t = d;
    expect((await api.cron()).timeouts).toBe(2);
    const log = (await api.call('GET', `/api/games/${id}/log`, { token: tokens[0] })).json.entries.map((e: { text: string }) => e.text);
    expect(log.some((t: string) => t.startsWith('{{p:0}} ran out of time'))).toBe(true);
  });
});
