import { expect } from 'vitest';
import { generateVapidKeys } from '../../scripts/vapid-dev-keys';
import { readConfig, type Config } from '../../worker/env';
import type { Device } from '../support/push-service';
import type { TestApi } from './support';

/** Push settings for a test app: a fresh VAPID key pair. */
export async function testVapid(): Promise<Config['vapid']> {
  const keys = await generateVapidKeys();
  return readConfig({
    VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  }).vapid;
}

/** A player's id, from `GET /api/me`. */
export async function idOf(api: TestApi, token: string): Promise<string> {
  const me = await api.call('GET', '/api/me', { token });
  expect(me.status, me.text).toBe(200);
  return me.json.id;
}

/** Every channel on for a player: email, their webhook at `url`, and a push device. */
export async function everyChannel(api: TestApi, token: string, url: string, device: Device): Promise<void> {
  const put = await api.call('PUT', '/api/me/notifications', {
    token,
    body: {
      email: true,
      digest: false,
      kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
      webhook: { url, format: 'json', secret: 's'.repeat(32) },
    },
  });
  expect(put.status, put.text).toBe(200);
  const sub = await api.call('POST', '/api/me/push-subscriptions', { token, body: device.subscription });
  expect([200, 201], sub.text).toContain(sub.status);
}

/** The outbox rows of one player (by user id) and kind, with their channel. */
export async function outboxOf(api: TestApi, userId: string, kind: string) {
  const r = await api.client.query<{ channel: string; status: string; payload: unknown; game_id: string | null }>(
    'select channel, status, payload, game_id from outbox where user_id = $1 and kind = $2 order by id',
    [userId, kind],
  );
  return r.rows;
}

/** Plays a secret-dice game to its end (each seat rolls, then banks): the final state. */
export async function playToEnd(api: TestApi, id: string, tokens: readonly string[]) {
  for (let i = 0; i < 400; i++) {
    const s0 = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    if (s0.status !== 'active') return s0;
    const seat = s0.activeSeats[0];
    const token = tokens[seat];
    const s = (await api.call('GET', `/api/games/${id}/state`, { token })).json;
    if (!s.legalMoves?.length) return s;
    const m = s.legalMoves.find((x: { move: { type: string } }) => x.move.type === 'roll') ?? s.legalMoves[s.legalMoves.length - 1];
    await api.call('POST', `/api/games/${id}/moves`, { token, body: { version: s.version, move: m.move } });
  }
  throw new Error('did not finish');
}

/** An open public game created by `token` (nobody else seated); its id and invite code. */
export async function openTable(api: TestApi, token: string, players = 3) {
  const created = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players, startWhenFull: false } });
  expect(created.status, created.text).toBe(201);
  return { id: created.json.id as string, invite: new URL(created.json.inviteUrl).searchParams.get('invite')! };
}

/** The newest dev-mailbox email to `to`. */
export async function lastMailTo(api: TestApi, to: string): Promise<{ subject: string; text: string }> {
  const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.to === to.toLowerCase());
  if (!mail) throw new Error(`no email to ${to}`);
  return mail;
}
