/**
 * Rate limits under concurrent requests in the production runtime: the built Worker,
 * the Neon driver, and a pooled real PostgreSQL with TEST_PG=1, where the requests really
 * overlap. A limit that counts and then inserts without a lock lets a burst through; these
 * fire the burst and count what was stored.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';

const api = new ApiClient(inject('workerUrl'));
const dbKind = inject('dbKind');
const count = async (query: string, params: unknown[]) =>
  Number((await sqlRows<{ n: string }>(inject('databaseUrl'), inject('dbWsProxy'), query, params))[0].n);
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

/** Defaults of `Config.signinLimits.perClient` and `CHAT_PER_MINUTE` (the Worker runs with them). */
const SIGNIN_PER_CLIENT = 5;
const CHAT_PER_MINUTE = 20;

describe(`limits hold under concurrent requests (${dbKind})`, () => {
  it('20 concurrent sign-in requests for one address from one client: exactly the limit accepted, stored and queued', async () => {
    const email = uniqueEmail('burst');
    const replies = await Promise.all(Array.from({ length: 20 }, () => api.post('/api/auth/email', { email })));
    const statuses = replies.map((r) => r.status);
    expect(tally(statuses)).toEqual({ 202: SIGNIN_PER_CLIENT, 429: 20 - SIGNIN_PER_CLIENT });
    for (const r of replies.filter((r) => r.status === 429)) expect(r.body.error.code).toBe('rate_limited');
    expect(await count('select count(*) as n from login_tokens where email = $1', [email])).toBe(SIGNIN_PER_CLIENT);
    expect(await count(`select count(*) as n from outbox where channel = 'email' and target = $1`, [email])).toBe(SIGNIN_PER_CLIENT);
  });

  describe('chat', () => {
    let alice: string;
    let bob: string;
    beforeAll(async () => {
      alice = (await api.signIn(uniqueEmail('chat-a'))).token;
      bob = (await api.signIn(uniqueEmail('chat-b'))).token;
    });

    it(`30 concurrent chat posts by one player: exactly ${CHAT_PER_MINUTE} stored`, async () => {
      const gameId = await api.startGame('secret-dice', [alice, bob]);
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) => api.post(`/api/games/${gameId}/chat`, { text: `line ${i}` }, { token: alice })),
      );
      expect(tally(replies.map((r) => r.status))).toEqual({ 201: CHAT_PER_MINUTE, 429: 30 - CHAT_PER_MINUTE });
      expect(await count('select count(*) as n from chat_messages where game_id = $1', [gameId])).toBe(CHAT_PER_MINUTE);
      // The limit is per author: the other player still talks.
      expect((await api.post(`/api/games/${gameId}/chat`, { text: 'my turn to speak' }, { token: bob })).status).toBe(201);
    });
  });
});
