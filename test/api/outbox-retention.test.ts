import { beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { clearOldDeliveries } from '../../worker/delivery/outbox-retention';
import { makeTestApp, type TestApi } from './support';

const DAY = 24 * 3600 * 1000;

// A fresh database per test: the sweep covers the whole outbox.
let api: TestApi;
beforeEach(async () => {
  api = await makeTestApp();
});

/** Outbox rows by status. */
async function outboxByStatus(): Promise<Record<string, number>> {
  const r = await api.client.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from outbox group by status order by status',
  );
  return Object.fromEntries(r.rows.map((row) => [row.status, row.n]));
}

describe('OUTBOX_RETENTION_DAYS', () => {
  it('defaults to 30 and must be a positive whole number of days', () => {
    expect(readConfig({}).outboxRetentionDays).toBe(30);
    expect(readConfig({ OUTBOX_RETENTION_DAYS: '90' }).outboxRetentionDays).toBe(90);
    for (const bad of ['0', '-1', '2.5', 'a month']) expect(() => readConfig({ OUTBOX_RETENTION_DAYS: bad })).toThrow();
  });
});

describe('the cron deletes finished notifications after the retention window', () => {
  it('deletes sent, skipped and failed rows older than 30 days, keeps newer ones and every pending row', async () => {
    const { id, tokens } = await api.startedGame(2);
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    expect(
      (await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v, move: { type: 'bank' } } })).status,
    ).toBe(200);
    await api.cron();
    const before = await outboxByStatus();
    const finished = Object.entries(before).reduce((n, [status, k]) => (status === 'pending' ? n : n + k), 0);
    // Sign-in emails and the game's notices, all delivered by now.
    expect(finished).toBeGreaterThanOrEqual(3);
    expect(before.pending ?? 0).toBe(0);
    // One old failure, and one old row still pending (a retry not yet due): age alone never deletes a pending row.
    await api.client.query(`update outbox set status = 'failed' where id = (select min(id) from outbox)`);
    await api.client.query(
      `insert into outbox (channel, target, payload, kind, status, next_attempt_at, created_at)
         values ('email', 'later@example.com', '{}', 'signin', 'pending', $1, $2)`,
      [new Date(api.clock.t + 365 * DAY), new Date(api.clock.t)],
    );

    api.clock.advance(29 * DAY);
    const fresh = await api.startedGame(2, { prefix: 'fresh' });
    expect(fresh.id).not.toBe(id);
    await api.cron();
    const all = await outboxByStatus();
    const finishedNow = (all.sent ?? 0) + (all.skipped ?? 0) + (all.failed ?? 0);
    expect(finishedNow).toBeGreaterThan(finished); // the fresh game's sign-ins and notices

    api.clock.advance(1 * DAY); // exactly 30 days: not older than the window yet
    expect((await api.cron()).deliveriesCleared).toBe(0);
    api.clock.advance(1);
    expect((await api.cron()).deliveriesCleared).toBe(finished);
    const left = await outboxByStatus();
    expect(left.pending).toBe(1);
    expect(left.failed ?? 0).toBe(0);
    expect((left.sent ?? 0) + (left.skipped ?? 0)).toBe(finishedNow - finished);
    const targets = await api.client.query<{ target: string }>(`select target from outbox where status = 'pending'`);
    expect(targets.rows).toEqual([{ target: 'later@example.com' }]);
    expect((await api.cron()).deliveriesCleared).toBe(0); // nothing left to do

    api.clock.advance(30 * DAY);
    const second = await api.cron();
    expect(second.deliveriesCleared).toBeGreaterThan(0);
    expect(await outboxByStatus()).toEqual({ pending: 1 });
  });

  it('deletes at most the batch per run, oldest first', async () => {
    await api.client.query(
      `insert into outbox (channel, target, payload, kind, status, created_at)
         select 'email', 'p' || i || '@example.com', '{}', 'signin', 'sent', $1::timestamptz + (i || ' seconds')::interval
           from generate_series(1, 5) as i`,
      [new Date(api.clock.t - 40 * DAY)],
    );
    const cutoff = new Date(api.clock.t - 30 * DAY);
    expect(await clearOldDeliveries(api.db, cutoff, 2)).toBe(2);
    const left = await api.client.query<{ target: string }>('select target from outbox order by created_at');
    expect(left.rows.map((r) => r.target)).toEqual(['p3@example.com', 'p4@example.com', 'p5@example.com']);
    expect(await clearOldDeliveries(api.db, cutoff, 2)).toBe(2);
    expect(await clearOldDeliveries(api.db, cutoff, 2)).toBe(1);
    expect(await clearOldDeliveries(api.db, cutoff, 2)).toBe(0);
  });

  it("the sweep can read only the finished rows' age index (its condition matches the partial index)", async () => {
    // Five rows make a sequential scan cheaper, so rule it out to see whether the index applies.
    await api.client.exec('set enable_seqscan = off');
    try {
      const plan = await api.client.query<{ 'QUERY PLAN': string }>(
        `explain select id from outbox where status <> 'pending' and created_at < now() order by created_at limit 1000 for update skip locked`,
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('outbox_finished_age_idx');
    } finally {
      await api.client.exec('reset enable_seqscan');
    }
  });

  it('the outbox is vacuumed as a queue: after a fixed number of dead rows, not a fifth of the table', async () => {
    const r = await api.client.query<{ reloptions: string[] }>(`select reloptions from pg_class where relname = 'outbox'`);
    expect(r.rows[0].reloptions).toEqual(['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=1000']);
  });
});
