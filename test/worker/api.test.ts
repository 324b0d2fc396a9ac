/**
 * The built Worker inside workerd (wrangler's unstable_startWorker), with the Neon serverless
 * driver over the local WebSocket bridge to PGlite (or to a real PostgreSQL with TEST_PG=1).
 * The Worker and database are started once for the project by test/support/worker-global-setup.ts.
 *
 * These check the platform end to end in the production runtime: sign-in, create/join/start,
 * moves, ETag/304, 409 stale version, 422 illegal move. The bulk of the API's behaviour is tested
 * in-process (test/api); this layer proves the same app works in workerd with the real driver.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, inviteCode, uniqueEmail } from '../support/http-client';

const api = new ApiClient(inject('workerUrl'));

describe(`Worker in workerd + Neon driver (${inject('dbKind')})`, () => {
  it('answers GET /api/health', async () => {
    const res = await api.get('/api/health');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  describe('sign-in', () => {
    it('mails a single-use token through the dev mailbox and exchanges it for a Bearer session', async () => {
      const email = uniqueEmail('signin');
      const asked = await api.post('/api/auth/email', { email });
      expect(asked.status, asked.text).toBe(202);

      const box =
        await api.get<Array<{ to: string; subject: string; text: string; html: string; token?: string; at: string }>>('/dev/mailbox.json');
      expect(box.status, box.text).toBe(200);
      const token = await api.mailboxToken(email);
      const mail = (await api.get('/dev/mailbox.json')).body.find((m: { to: string }) => m.to === email);
      expect(mail).toMatchObject({ to: email, token });
      expect(typeof mail.subject).toBe('string');
      expect(typeof mail.text).toBe('string');

      const exchanged = await api.post('/api/auth/token', { token });
      expect(exchanged.status, exchanged.text).toBe(200);
      const sessionToken = exchanged.body.sessionToken;
      expect(typeof sessionToken).toBe('string');

      const me = await api.get('/api/me', { token: sessionToken });
      expect(me.status, me.text).toBe(200);
      expect(me.body.email).toBe(email);

      // Single use.
      const again = await api.post('/api/auth/token', { token });
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      expect(again.body?.error?.code).toEqual(expect.any(String));
    });

    it('refuses requests without a session', async () => {
      const res = await api.post('/api/games', { type: 'secret-dice', players: 2, options: {} });
      expect(res.status, res.text).toBe(401);
      expect(res.body?.error?.code).toEqual(expect.any(String));
    });
  });

  describe('a game of secret-dice', () => {
    let alice: string;
    let bob: string;
    let gameId: string;

    beforeAll(async () => {
      alice = (await api.signIn(uniqueEmail('alice'))).token;
      bob = (await api.signIn(uniqueEmail('bob'))).token;
    });

    it('is created, joined by invite and started', async () => {
      const created = await api.post('/api/games', { type: 'secret-dice', players: 2, options: {} }, { token: alice });
      expect(created.status, created.text).toBe(201);
      expect(created.body.id).toEqual(expect.any(String));
      expect(created.body.inviteUrl).toMatch(/[?&]invite=[^&]+$/);
      gameId = created.body.id;

      const joined = await api.post(`/api/games/${gameId}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: bob });
      expect(joined.status, joined.text).toBe(200);

      const started = await api.post(`/api/games/${gameId}/start`, {}, { token: alice });
      expect(started.status, started.text).toBe(200);

      const state = await api.get(`/api/games/${gameId}/state`, { token: alice });
      expect(state.status, state.text).toBe(200);
      expect(state.body).toMatchObject({ version: expect.any(Number), yourSeat: 0, activeSeats: [0] });
      expect(state.body.legalMoves.map((m: { move: unknown }) => m.move)).toEqual(
        expect.arrayContaining([{ type: 'roll' }, { type: 'bank' }]),
      );
      for (const m of state.body.legalMoves) expect(m.label).toEqual(expect.any(String));

      const bobs = await api.get(`/api/games/${gameId}/state`, { token: bob });
      expect(bobs.status, bobs.text).toBe(200);
      expect(bobs.body).toMatchObject({ yourSeat: 1, activeSeats: [0], legalMoves: [] });
    });

    it('answers If-None-Match with 304 until the state changes', async () => {
      const first = await api.get(`/api/games/${gameId}/state`, { token: alice });
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();

      const same = await api.get(`/api/games/${gameId}/state`, { token: alice, headers: { 'if-none-match': etag! } });
      expect(same.status, same.text).toBe(304);
      expect(same.text).toBe('');

      // The ETag is per seat: Bob's differs, and Alice's does not satisfy Bob's request.
      const bobs = await api.get(`/api/games/${gameId}/state`, { token: bob, headers: { 'if-none-match': etag! } });
      expect(bobs.status, bobs.text).toBe(200);
      expect(bobs.headers.get('etag')).not.toBe(etag);
    });

    it('applies a legal move and bumps the version (old ETag now gets 200)', async () => {
      const before = await api.get(`/api/games/${gameId}/state`, { token: alice });
      const etag = before.headers.get('etag')!;
      const v = before.body.version;

      const moved = await api.post(`/api/games/${gameId}/moves`, { version: v, move: { type: 'bank' } }, { token: alice });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.version).toBe(v + 1);
      expect(moved.body.yourSeat).toBe(0);
      expect(moved.body.legalMoves.map((m: { move: unknown }) => m.move)).toContainEqual({ type: 'end' });

      const after = await api.get(`/api/games/${gameId}/state`, { token: alice, headers: { 'if-none-match': etag } });
      expect(after.status, after.text).toBe(200);
      expect(after.body.version).toBe(v + 1);
      expect(after.headers.get('etag')).not.toBe(etag);
    });

    it('answers a move at a stale version with 409 stale_version and changes nothing', async () => {
      const now = await api.get(`/api/games/${gameId}/state`, { token: alice });
      const v = now.body.version;
      const stale = await api.post(`/api/games/${gameId}/moves`, { version: v - 1, move: { type: 'bank' } }, { token: alice });
      expect(stale.status, stale.text).toBe(409);
      expect(stale.body.error.code).toBe('stale_version');

      const after = await api.get(`/api/games/${gameId}/state`, { token: alice });
      expect(after.body.version).toBe(v);
    });

    it('answers an illegal move with 422 illegal_move and changes nothing', async () => {
      // Alice ends her turn; Bob must roll or bank before he may end his.
      const now = await api.get(`/api/games/${gameId}/state`, { token: alice });
      const ended = await api.post(`/api/games/${gameId}/moves`, { version: now.body.version, move: { type: 'end' } }, { token: alice });
      expect(ended.status, ended.text).toBe(200);
      expect(ended.body.activeSeats).toEqual([1]);
      const v = ended.body.version;

      const illegal = await api.post(`/api/games/${gameId}/moves`, { version: v, move: { type: 'end' } }, { token: bob });
      expect(illegal.status, illegal.text).toBe(422);
      expect(illegal.body.error.code).toBe('illegal_move');
      expect(illegal.body.error.message).toEqual(expect.any(String));

      const after = await api.get(`/api/games/${gameId}/state`, { token: bob });
      expect(after.body.version).toBe(v);
      expect(after.body.activeSeats).toEqual([1]);
    });

    it('answers a move out of turn with 403', async () => {
      const now = await api.get(`/api/games/${gameId}/state`, { token: alice });
      const res = await api.post(`/api/games/${gameId}/moves`, { version: now.body.version, move: { type: 'bank' } }, { token: alice });
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.code).toEqual(expect.any(String));
    });

    it('rolls (randomness inside workerd) and keeps the secret from the other seat', async () => {
      const now = await api.get(`/api/games/${gameId}/state`, { token: bob });
      const rolled = await api.post(`/api/games/${gameId}/moves`, { version: now.body.version, move: { type: 'roll' } }, { token: bob });
      expect(rolled.status, rolled.text).toBe(200);
      expect(rolled.body.version).toBe(now.body.version + 1);

      const bobView = JSON.stringify(rolled.body.view);
      const codename = bobView.match(/codename-[0-9a-f]{12}/)?.[0];
      expect(codename).toBeTruthy();
      const aliceState = await api.get(`/api/games/${gameId}/state`, { token: alice });
      expect(aliceState.text).not.toContain(codename!);
    });
  });

  it('runs the scheduled (cron) handler', async () => {
    const res = await fetch(`${inject('workerUrl')}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
  });
});
