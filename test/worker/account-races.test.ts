/**
 * An account's own races, on real PostgreSQL (the worker-pg project), where requests really
 * overlap: two vacations asked at once (a double click) leave one vacation and the right balance,
 * and "I'm back" then ends it everywhere; four confirmations of one deletion link at once delete
 * the account once, the other three answered 400 `token_invalid`; a table joined while the
 * deletion runs is left too (or the join answers 401), with no seat or name of the account left.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { until } from '../support/wait';

const api = new ApiClient(inject('workerUrl'));
const dbKind = inject('dbKind');
const query = <T>(text: string, params: unknown[]) => sqlRows<T>(inject('databaseUrl'), inject('dbWsProxy'), text, params);
const DAY = 86_400_000;

/** The Worker's time (the development clock may be ahead of real time: other files move it). */
async function workerNow(): Promise<number> {
  const r = await api.get('/dev/clock');
  expect(r.status, r.text).toBe(200);
  return Date.parse(r.body.now);
}

describe(`an account's races (${dbKind})`, () => {
  let ada: { email: string; token: string };
  let bo: { email: string; token: string };
  beforeAll(async () => {
    ada = await api.signIn(uniqueEmail('race-vac-a'));
    bo = await api.signIn(uniqueEmail('race-vac-b'));
  });

  it('two vacations at once leave one, charged once, and "I\'m back" ends it in the game: 3 times out of 3', async () => {
    for (let round = 0; round < 3; round++) {
      const created = await api.post('/api/games', { type: 'secret-dice', players: 2, timeControl: 'slow' }, { token: ada.token });
      expect(created.status, created.text).toBe(201);
      const invite = new URL(created.body.inviteUrl).searchParams.get('invite');
      expect((await api.post(`/api/games/${created.body.id}/join`, { invite }, { token: bo.token })).status).toBe(200);
      const balance = async () =>
        Number((await query<{ ms: string }>('select vacation_balance_ms as ms from users where email = $1', [ada.email]))[0].ms);
      const before = await balance();
      const until2 = new Date((await workerNow()) + 2 * DAY).toISOString();
      const both = await Promise.all(
        [0, 1].map(() => api.request('PUT', '/api/me/vacation', { token: ada.token, body: { until: until2 } })),
      );
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const open = await query<{ n: string }>(
        'select count(*) as n from vacations v join users u on u.id = v.user_id where u.email = $1 and v.ended_at is null',
        [ada.email],
      );
      expect(Number(open[0].n)).toBe(1);
      // Charged for one vacation of two days (less the moments between the asking and the start):
      // the other one's days came back when it was replaced.
      expect(before - (await balance())).toBeGreaterThan(2 * DAY - 60_000);
      expect(before - (await balance())).toBeLessThanOrEqual(2 * DAY);
      expect((await api.request('DELETE', '/api/me/vacation', { token: ada.token })).status).toBe(200);
      expect((await api.get('/api/me', { token: ada.token })).body.vacation).toMatchObject({ activeUntil: null, planned: null });
      expect(before - (await balance())).toBeLessThan(60_000);
      // In the game, no stretch of the player's absence reaches past now: their clock runs again.
      const now = await workerNow();
      const [g] = await query<{ away: { seat: number; to: number }[] }>("select clocks->'away' as away from games where id = $1", [
        created.body.id,
      ]);
      expect((g.away ?? []).filter((a) => a.to > now + 60_000)).toEqual([]);
      expect((await api.post(`/api/games/${created.body.id}/resign`, {}, { token: ada.token })).status).toBe(200);
    }
  });

  it('four confirmations of one deletion link at once: one deletes, three get 400 token_invalid', async () => {
    const cy = await api.signIn(uniqueEmail('race-del'));
    expect((await api.post('/api/me/deletion', {}, { token: cy.token })).status).toBe(202);
    let token = '';
    await until('the deletion email', async () => {
      const rows = await query<{ text: string }>(
        "select payload->>'text' as text from outbox where target = $1 and payload->>'subject' = 'Delete your Mountain Post account?'",
        [cy.email],
      );
      token = /account\/delete\?token=([0-9a-f]+)/.exec(rows[0]?.text ?? '')?.[1] ?? '';
      return token || undefined;
    });
    const answers = await Promise.all([0, 1, 2, 3].map(() => api.post('/api/me/deletion/confirm', { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.error.code).toBe('token_invalid');
    expect(await query('select id from users where email = $1', [cy.email])).toEqual([]);
  });

  it('a table joined while the deletion runs: the join answers 200 or 401 (never 500), and neither the seat nor the name stays', async () => {
    const host = await api.signIn(uniqueEmail('race-del-host'));
    for (let round = 0; round < 3; round++) {
      const racer = await api.signIn(uniqueEmail(`race-del-join${round}`));
      const name = `Racer Rex ${round}`;
      expect((await api.request('PATCH', '/api/me', { token: racer.token, body: { name } })).status).toBe(200);
      const created = await api.post('/api/games', { type: 'secret-dice', players: 3, startWhenFull: false }, { token: host.token });
      expect(created.status, created.text).toBe(201);
      const invite = new URL(created.body.inviteUrl).searchParams.get('invite');
      expect((await api.post('/api/me/deletion', {}, { token: racer.token })).status).toBe(202);
      let token = '';
      await until('the deletion email', async () => {
        const rows = await query<{ text: string }>(
          "select payload->>'text' as text from outbox where target = $1 and payload->>'subject' = 'Delete your Mountain Post account?'",
          [racer.email],
        );
        token = /account\/delete\?token=([0-9a-f]+)/.exec(rows[0]?.text ?? '')?.[1] ?? '';
        return token || undefined;
      });
      const [joined, confirmed] = await Promise.all([
        api.post(`/api/games/${created.body.id}/join`, { invite }, { token: racer.token }),
        api.post('/api/me/deletion/confirm', { token }),
      ]);
      expect(confirmed.status, confirmed.text).toBe(200);
      expect([200, 401], joined.text).toContain(joined.status);
      const seats = await query<{ seat: number; user_id: string | null; is_bot: boolean }>(
        'select seat, user_id, is_bot from seats where game_id = $1 order by seat',
        [created.body.id],
      );
      expect(seats.filter((s) => s.seat > 0 && !s.is_bot)).toEqual([]);
      const logs = await query<{ t: string }>('select log::text || payload::text as t from game_events where game_id = $1', [
        created.body.id,
      ]);
      expect(logs.filter((l) => l.t.includes('Racer Rex'))).toEqual([]);
      expect(await query('select id from users where email = $1', [racer.email])).toEqual([]);
    }
  });
});
