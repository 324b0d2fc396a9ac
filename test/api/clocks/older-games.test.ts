/**
 * Games of the older per-move rule (`timeControl` `24h` or `72h`, one deadline for the whole
 * table) go on unchanged after the clocks came: the migration gives a running one the clock its
 * deadline implies, no vacation or weekend stops it, and its end is where the deadline was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/migrate';
import { makeTestApp, type TestApi } from '../support';
import { clocksOf, HOUR, statusOf, timedTable } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** The migration's statement that gives older games their clocks. */
function backfill(): string {
  const file = readdirSync(migrationsFolder).find((f) => f.endsWith('_clocks.sql'))!;
  const parts = readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint');
  return parts.find((p) => p.includes('UPDATE "games" g SET'))!;
}

describe('older games', () => {
  it('a running 24h game keeps its deadline as its seat’s clock end, and stops for no vacation', async () => {
    api.clock.t = Date.parse('2027-10-04T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h', onTimeout: 'end' });
    const deadline = api.clock.t + 20 * HOUR;
    // As the game stood before the clocks: seat 1 to move, the table's deadline, one reminder sent.
    await api.client.query(
      `update games set clocks = null, due_at = null, time_control = '24h', active_seats = '[1]', deadline_at = $2, reminder_stage = 1 where id = $1`,
      [id, new Date(deadline).toISOString()],
    );
    await api.client.query(backfill());
    const row = (await api.client.query<{ clocks: any; due_at: string | null }>('select clocks, due_at from games where id = $1', [id]))
      .rows[0];
    expect(row.clocks.rules).toEqual({ kind: 'per-move', hours: 24 });
    expect(row.clocks.allowVacation).toBe(false);
    expect(row.clocks.weekendPause).toBe(false);
    expect(row.clocks.seats[1]).toEqual({ bankMs: 24 * HOUR, startMs: 24 * HOUR, reminded: 1, since: deadline - 24 * HOUR });
    expect(row.clocks.seats[0].since).toBeNull();
    expect(row.due_at).not.toBeNull();
    const clocks = await clocksOf(api, id, tokens[0]);
    expect(clocks[1].runsOutAt).toBe(new Date(deadline).toISOString());

    await api.call('PUT', '/api/me/vacation', { token: tokens[1], body: { until: new Date(api.clock.t + 3 * 24 * HOUR).toISOString() } });
    expect((await clocksOf(api, id, tokens[0]))[1]).toMatchObject({ running: true, pausedBy: null });
    api.clock.t = deadline;
    await api.cron();
    expect(await statusOf(api, id)).toBe('abandoned');
  });
});
