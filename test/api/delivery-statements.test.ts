import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../worker/delivery/deliver';
import { NO_CLOCK_NOTES } from '../../worker/clock/notes';
import { testRegistry } from '../fixtures/registry';
import { startReceiver } from '../support/receiver';
import { makeTestApp, type TestApi } from './support';

/** Longer than the grace a request waits out itself (commit.ts), so only the drains below deliver. */
const GRACE_S = 60;

let api: TestApi;
let statements: string[] = [];
let rx: Awaited<ReturnType<typeof startReceiver>>;
let hung: (() => void) | null = null;
beforeAll(async () => {
  api = await makeTestApp({ notifyGraceSeconds: GRACE_S, deliveryTimeoutMs: 1500 }, { onQuery: (q) => statements.push(q) });
  rx = await startReceiver((n) => {
    if (n > 1) return 200;
    hung?.();
    return 'hang';
  });
});
afterAll(() => rx.close());

const drain = () => drainOutbox(api.db, { registry: testRegistry, config: api.config, now: api.clock.now(), clocks: NO_CLOCK_NOTES });

async function outboxRows(gameId: string) {
  return (
    await api.client.query<any>('select kind, channel, status, last_error, payload from outbox where game_id = $1 order by id', [gameId])
  ).rows;
}

describe('a delivery batch costs two statements', () => {
  it('draining one due your_turn email runs the claim (with everything the email needs) and the final update', async () => {
    const { id, tokens } = await api.startedGame(2, { start: false });
    // The player has a settings row (their first email creates it: the unsubscribe link needs its token).
    await api.call('GET', '/api/me/notifications', { token: tokens[1] });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    api.clock.advance((GRACE_S + 1) * 1000);
    await drain(); // the start's notices
    const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v, move: { type: 'bank' } } });
    const passed = await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: v + 1, move: { type: 'end' } } });
    expect(passed.json.activeSeats).toEqual([1]);
    api.clock.advance((GRACE_S + 1) * 1000);

    statements = [];
    const report = await drain();
    expect(report).toEqual({ sent: 1, skipped: 0, retried: 0, failed: 0 });
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/mp_claim_deliveries/);
    expect(statements[1]).toMatch(/^select mp_finish_deliveries\(/);
    // The email was composed from that one read: the game, the seat's unseen lines with names.
    const sent = (await outboxRows(id)).filter((r) => r.kind === 'your_turn').at(-1);
    expect(sent.status).toBe('sent');
    expect(sent.payload.subject).toMatch(/^Your turn in .* \(seat 2\)$/);
    expect(sent.payload.text).toContain(`/games/${id}?seat=2`);
    expect(sent.payload.text).toContain('/unsubscribe?token=');
  });

  it('a batch of several notices costs the same two statements: every outcome is recorded in one', async () => {
    const { id, tokens } = await api.startedGame(4, { start: false });
    for (const t of tokens) await api.call('GET', '/api/me/notifications', { token: t });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    api.clock.advance((GRACE_S + 1) * 1000);
    statements = [];
    const report = await drain();
    // Seat 0's turn and the others' "has started": four emails, each sent and recorded.
    expect(report).toEqual({ sent: 4, skipped: 0, retried: 0, failed: 0 });
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^select mp_finish_deliveries\(/);
    const rows = (await outboxRows(id)).filter((r) => r.kind !== 'player_joined'); // sent as each joined
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['your_turn', 'sent'],
      ['game_started', 'sent'],
      ['game_started', 'sent'],
      ['game_started', 'sent'],
    ]);
    for (const r of rows) expect(r.payload.subject).toMatch(/^(Your turn in|.* has started)/);
  });

  it('while a webhook hangs the drain runs no statement: the batch is read before the sends and recorded after them', async () => {
    const { id, tokens } = await api.startedGame(2, { start: false });
    // Seat 1's notices go to a webhook that hangs on its first request; seat 2's by email.
    const s0 = (await api.call('GET', '/api/me/notifications', { token: tokens[0] })).json;
    await api.call('PUT', '/api/me/notifications', {
      token: tokens[0],
      body: { ...s0, failures: undefined, email: false, webhook: { url: `${rx.url}/slow`, format: 'json' } },
    });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    api.clock.advance((GRACE_S + 1) * 1000);
    let atHang = -1;
    hung = () => {
      atHang = statements.length;
    };
    statements = [];
    const report = await drain();
    hung = null;
    expect(atHang).toBeGreaterThan(0);
    // After the hang began only outcomes were written: the rows' final updates and the webhook's failure for the breaker.
    const after = statements.slice(atHang);
    expect(after.length).toBeGreaterThan(0);
    for (const q of after) expect(q).toMatch(/^(select mp_finish_deliveries\(|insert into delivery_endpoints)/);
    expect(report.retried).toBe(1);
    const rows = await outboxRows(id);
    expect(rows.filter((r) => r.channel === 'email').map((r) => r.status)).toEqual(
      rows.filter((r) => r.channel === 'email').map(() => 'sent'),
    );
    expect(rows.find((r) => r.channel === 'webhook')?.last_error).toBe('timed out after 1500 ms');
  });
});
