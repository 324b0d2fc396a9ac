import { createMiddleware } from 'hono/factory';
import { sha256Hex } from '../lib/crypto';
import { readGameRequest } from '../services/game-request';
import type { AppEnv } from '../types';
import { sessionToken } from './session';

/**
 * For the hot paths - polling `GET /state` and `POST /moves` - reads the session, the game and
 * the caller's seat (plus the Idempotency-Key's earlier event and the notice recipients for a
 * move) in one statement before `session` runs, which then uses the result (`c.var.gameRequest`).
 * A conditional GET (`If-None-Match`) reads only the game's version. An unknown game leaves
 * `gameRequest` unset, so the route answers its usual 404.
 */
export const gameRequest = createMiddleware<AppEnv>(async (c, next) => {
  const carried = sessionToken(c);
  const isMove = c.req.method === 'POST';
  const pre = await readGameRequest(c.var.db, c.req.param('id') ?? '', carried ? await sha256Hex(carried.token) : null, c.var.now(), {
    row: isMove || !c.req.header('if-none-match'),
    idempotencyKey: isMove ? c.req.header('idempotency-key') : undefined,
    recipients: isMove,
    // A move's answer counts the seat's undoable steps before it too: the newest events as well as the unseen ones.
    tail: isMove || !c.req.header('if-none-match'),
  });
  if (pre) c.set('gameRequest', pre);
  await next();
});
