/**
 * In the production runtime, where a game's Durable Object answers conditional polls with 304
 * without the database: once an account is deleted, its old session gets 401 at once, on the
 * 304 path too (the game it sat in did not change, so only its object could have answered).
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, inviteCode, uniqueEmail } from '../support/http-client';

const api = new ApiClient(inject('workerUrl'));

describe('an ended session', () => {
  it("a deleted player's session that was getting 304s gets 401 at once", async () => {
    const ada = await api.signIn(uniqueEmail('ended-a'));
    const bob = await api.signIn(uniqueEmail('ended-b'));
    const created = await api.post('/api/games', { type: 'secret-dice', players: 2, startWhenFull: false }, { token: ada.token });
    const id = created.body.id as string;
    expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: bob.token })).status).toBe(
      200,
    );
    expect((await api.post(`/api/games/${id}/start`, {}, { token: ada.token })).status).toBe(200);
    // Bob resigned to the bot, so his leaving changes nothing in this game: only its object knew his session.
    expect((await api.post(`/api/games/${id}/resign`, {}, { token: bob.token })).status).toBe(200);
    const full = await api.get(`/api/games/${id}/state`, { token: bob.token });
    const etag = full.headers.get('etag')!;
    expect((await api.get(`/api/games/${id}/state`, { token: bob.token, headers: { 'if-none-match': etag } })).status).toBe(304);

    expect((await api.post('/api/me/deletion', {}, { token: bob.token })).status).toBe(202);
    const mails = (await api.get('/dev/mailbox.json')).body as { to: string; text: string }[];
    const link = mails.find((m) => m.to === bob.email && m.text.includes('token='))!.text;
    const token = /\/account\/delete\?token=([0-9a-f]+)/.exec(link)![1];
    expect((await api.post('/api/me/deletion/confirm', { token })).status).toBe(200);

    const poll = await api.get(`/api/games/${id}/state`, { token: bob.token, headers: { 'if-none-match': etag } });
    expect(poll.status).toBe(401);
    expect((await api.get('/api/me', { token: bob.token })).status).toBe(401);
    const meta = await api.get(`/api/games/${id}`, { token: ada.token });
    expect(meta.body.seats[1]).toMatchObject({ name: 'Deleted player (bot)', isBot: true });
    expect(meta.body.status).toBe('active');
  });
});
