/**
 * In the production runtime: the notices a move queues wait out the notification grace in the
 * game's own Durable Object (GameTimer), whose alarm delivers them when it ends, so the request
 * that moved does not hold them, and a grace longer than a request may wait (Workers allow
 * about 30 s of `waitUntil`) is still met, by the game's alarm, with no cron tick. A player who looks at
 * the game during the grace is not notified. This file starts its own database and Worker with a
 * 27 s grace (longer than a request could hold it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCode, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { type OwnWorker, startOwnWorker } from '../support/own-worker';
import { until } from '../support/wait';

const GRACE_S = 27;
let own: OwnWorker;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(own.db.DATABASE_URL, own.db.DB_WS_PROXY, text, params);

beforeAll(async () => {
  own = await startOwnWorker({ NOTIFY_GRACE_SECONDS: String(GRACE_S) });
});

afterAll(async () => {
  await own?.stop();
});

/** A started 2-player Secret Dice game whose seat 1 gets turn emails; seat 0 to move. */
async function twoPlayerGame(tag: string) {
  const { api } = own;
  const a = await api.signIn(uniqueEmail(`${tag}-a`));
  const b = await api.signIn(uniqueEmail(`${tag}-b`));
  const created = await api.post('/api/games', { type: 'secret-dice', players: 2 }, { token: a.token });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: b.token })).status).toBe(200);
  expect((await api.post(`/api/games/${id}/start`, {}, { token: a.token })).status).toBe(200);
  return { id, a, b };
}

/** Seat 0 banks and ends its turn; returns when the answer came, and the version after. */
async function passTurn(id: string, token: string): Promise<{ answeredAt: number; version: number }> {
  const { api } = own;
  const state = await api.get(`/api/games/${id}/state`, { token, headers: { 'x-page-visible': '1' } });
  let version = state.body.version as number;
  for (const move of [{ type: 'bank' }, { type: 'end' }]) {
    const r = await api.post(`/api/games/${id}/moves`, { version, move }, { token });
    expect(r.status, r.text).toBe(200);
    version = r.body.version as number;
  }
  return { answeredAt: Date.now(), version };
}

type Row = { status: string; attempts: number; sent_at: Date | string | null; created_at: Date | string; error: string | null };
const turnEmails = (id: string, userEmail: string) =>
  sql<Row>(
    `select o.status, o.attempts, o.sent_at, o.created_at, o.last_error as error from outbox o join users u on u.id = o.user_id
      where o.game_id = $1 and o.kind = 'your_turn' and o.channel = 'email' and u.email = $2`,
    [id, userEmail],
  );

describe("notices wait out the grace in the game's timer", () => {
  it('a turn email is sent by the game timer once the grace is over, once, with no cron tick; one who looked meanwhile gets none', async () => {
    const [away, watching] = await Promise.all([twoPlayerGame('grace-away'), twoPlayerGame('grace-watch')]);
    const [moved, movedWatched] = await Promise.all([passTurn(away.id, away.a.token), passTurn(watching.id, watching.a.token)]);

    // Answered already: both rows are still pending, held for the timer (claimed past the grace).
    const [pending] = await turnEmails(away.id, away.b.email);
    expect(pending).toMatchObject({ status: 'pending', sent_at: null });
    const [watchedPending] = await turnEmails(watching.id, watching.b.email);
    expect(watchedPending).toMatchObject({ status: 'pending' });

    // The second player of the watched game opens it within the grace: marked as having seen it.
    const seen = await own.api.get(`/api/games/${watching.id}/state`, { token: watching.b.token, headers: { 'x-page-visible': '1' } });
    expect(seen.status).toBe(200);
    expect(seen.body.version).toBe(movedWatched.version);

    const sent = await until(
      'the turn email sent by the game timer',
      async () => {
        const [r] = await turnEmails(away.id, away.b.email);
        return r?.status === 'sent' ? r : undefined;
      },
      { timeoutMs: (GRACE_S + 20) * 1000, intervalMs: 250 },
    );
    const waited = new Date(sent.sent_at!).getTime() - new Date(sent.created_at).getTime();
    console.log(`[notice timers] sent ${waited} ms after the move was committed (grace ${GRACE_S} s)`);
    // Not before the grace's end, on the Worker's clock (how soon after is the bench's concern).
    expect(waited).toBeGreaterThanOrEqual(GRACE_S * 1000);
    expect(Date.now() - moved.answeredAt).toBeGreaterThanOrEqual(GRACE_S * 1000 - 2000);

    // One row, one attempt: sent once.
    expect(await turnEmails(away.id, away.b.email)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);

    // The watched game's row is settled by the same kind of alarm: not sent, since its player saw the game.
    const skipped = await until(
      "the watched game's row settled",
      async () => {
        const [r] = await turnEmails(watching.id, watching.b.email);
        return r?.status !== 'pending' ? r : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(skipped).toMatchObject({ status: 'skipped', sent_at: null });
  });
});
