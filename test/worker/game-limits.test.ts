/**
 * the per-account game limits under concurrent requests in the production runtime: the
 * built Worker, the Neon driver, and a pooled real PostgreSQL with TEST_PG=1, where the creates
 * really overlap. Without the advisory lock each request counts the others' uncommitted games
 * as absent and a burst gets past the limit.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';

const api = new ApiClient(inject('workerUrl'));
const dbKind = inject('dbKind');

/** Default of `Config.gameLimits.perHour` (the Worker runs with it). */
const GAMES_PER_HOUR = 20;

describe(`game limits hold under concurrent requests (${dbKind})`, () => {
  it(`30 concurrent creates by one account: exactly ${GAMES_PER_HOUR} games stored, the rest 429 rate_limited`, async () => {
    const { token } = await api.signIn(uniqueEmail('creator'));
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => api.post('/api/games', { type: 'secret-dice', players: 2 }, { token })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(GAMES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - GAMES_PER_HOUR);
    for (const r of replies.filter((r) => r.status === 429)) {
      expect(r.body.error.code).toBe('rate_limited');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3000);
    }
    const me = await api.get('/api/me', { token });
    const rows = await sqlRows<{ n: string }>(
      inject('databaseUrl'),
      inject('dbWsProxy'),
      'select count(*) as n from games where created_by = $1',
      [me.body.id],
    );
    expect(Number(rows[0].n)).toBe(GAMES_PER_HOUR);
  });
});
