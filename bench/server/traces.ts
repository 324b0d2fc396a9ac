import { Lane, moveBlock } from '../lib/driver';
import { traceSessions } from '../lib/pgtrace';
import { sleep } from '../lib/stats';
import type { ServerBench } from './context';
import type { Fixtures } from './setup';
import { describeSessions } from './summary';

/**
 * Section 3: the statements each request runs in the database, per connection (the request's own
 * and the deferred work after the answer), for a bank move, an end of turn, a 304 and a full GET.
 * Straight to PostgreSQL only (through the pooler, requests share server sessions); null otherwise.
 */
export async function traceRequests(b: ServerBench, f: Fixtures): Promise<Record<string, unknown> | null> {
  const { db, admin, req } = b;
  let traces: Record<string, unknown> | null = null;
  if (b.isPg && !db.pooler && db.logFile && performance.now() < b.hardDeadline) {
    const g = f.warmGame;
    const traceOne = async (fn: () => Promise<unknown>) => {
      const sessions = await traceSessions(admin, db.logFile!, async () => {
        await fn();
        await b.settle();
        await sleep(200);
      });
      return describeSessions(
        sessions.filter(
          (s) => s.statements.length > 0 && !s.statements.some((x) => /pg_stat_activity|alter system|pg_reload_conf/.test(x.sql)),
        ),
      );
    };
    const moveOnce = async (kind: 'bank' | 'end') => {
      const lane = new Lane([g]);
      if (kind === 'end' && g.step === 0) await moveBlock(req, [lane], 1, performance.now() + 10_000);
      if (kind === 'bank' && g.step === 1) await moveBlock(req, [lane], 1, performance.now() + 10_000);
      return traceOne(() => moveBlock(req, [lane], 1, performance.now() + 10_000));
    };
    // Drain what the concurrent blocks left due (each drain takes up to 50 rows due at its request's
    // time), so the traced move drains only its own notice.
    const due = async () =>
      Number((await admin.query("select count(*)::int as n from outbox where status = 'pending' and next_attempt_at <= now()")).rows[0].n);
    for (let i = 0; i < 6 && (await due()) > 0; i++) {
      await moveBlock(req, [new Lane([g])], 2, performance.now() + 10_000);
      await b.settle();
    }
    const backlog = await due();
    traces = {
      outbox_due_before_traces: backlog,
      move_bank: await moveOnce('bank'),
      move_end_turn: await moveOnce('end'),
      state_304: await (async () => {
        const fresh = await req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1' } });
        g.etag = fresh.headers.get('etag') ?? undefined;
        await b.settle();
        return traceOne(() =>
          req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1', 'if-none-match': g.etag ?? '' } }),
        );
      })(),
      state_full: await traceOne(() => req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1' } })),
    };
    b.log('statement traces done');
  }
  return traces;
}
