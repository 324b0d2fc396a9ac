import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ClockSummaryFields } from '../http/clock-schemas';
import { serviceCtx } from '../http/context';
import { errors, GameIdParam, GameSeatParam, jsonBody, jsonResponse } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { clockSummary } from '../services/game-clocks';
import { loadGame } from '../lib/game-rows';
import { agreePause, declinePause, MAX_PAUSE_DAYS, proposePause, resumeGame, voteOnSeat } from '../services/table-clock';
import type { AppEnv } from '../types';

const Clocks = z.object(ClockSummaryFields).openapi('GameClocks');
const answer = (description: string) => ({ 200: jsonResponse(description, Clocks), ...errors(400, 401, 403, 404, 409) });

const pause = createRoute({
  method: 'post',
  path: '/api/games/{id}/pause',
  operationId: 'proposePause',
  tags: ['clocks'],
  summary: 'Propose pausing the whole table for up to 14 days',
  description:
    'The pause starts when every other human player agrees (`POST .../pause/agree`); alone with bots it starts at once. While it lasts every clock stands still; it ends by itself, or when anyone resumes (`POST .../resume`). Both are logged. 409 `paused`, `no_clock`, `not_active`.',
  request: { params: GameIdParam, ...jsonBody(z.object({ days: z.number().int().min(1).max(MAX_PAUSE_DAYS) }).strict()) },
  responses: answer('The clocks after the proposal'),
});

const agree = createRoute({
  method: 'post',
  path: '/api/games/{id}/pause/agree',
  operationId: 'agreePause',
  tags: ['clocks'],
  summary: 'Agree to the proposed pause (the last agreement starts it)',
  request: { params: GameIdParam },
  responses: answer('The clocks after agreeing'),
});

const decline = createRoute({
  method: 'post',
  path: '/api/games/{id}/pause/decline',
  operationId: 'declinePause',
  tags: ['clocks'],
  summary: 'Turn the proposed pause down',
  request: { params: GameIdParam },
  responses: answer('The clocks after declining'),
});

const resume = createRoute({
  method: 'post',
  path: '/api/games/{id}/resume',
  operationId: 'resumeGame',
  tags: ['clocks'],
  summary: 'End the pause now: the clocks run again',
  request: { params: GameIdParam },
  responses: answer('The clocks running again'),
});

const vote = createRoute({
  method: 'post',
  path: '/api/games/{id}/seats/{seat}/votes',
  operationId: 'voteOnSeat',
  tags: ['clocks'],
  summary: 'At a table of three or more: vote to give a late player 24 more hours, or to let the bot play for them',
  description:
    'Takes effect when every other human player voted the same. `extension`: once per seat and game. `bot`: once the seat has been asked to act for 24 hours. 400 `own_seat`; 409 `too_few_players`, `not_waiting`, `already_extended`, `too_soon`.',
  request: {
    params: GameSeatParam,
    ...jsonBody(z.object({ kind: z.enum(['extension', 'bot']) }).strict()),
  },
  responses: answer('The clocks after the vote'),
});

/** Clock actions of the table: pause by consent, resume, votes on a late seat. */
export function clockRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const summary = async (c: { var: AppEnv['Variables'] }, gameId: string) => clockSummary(await loadGame(c.var.db, gameId), c.var.now());
  app.openapi(pause, async (c) => {
    const { id } = c.req.valid('param');
    await proposePause(serviceCtx(c), { user: requireUser(c), gameId: id, days: c.req.valid('json').days });
    return c.json(await summary(c, id), 200);
  });
  app.openapi(agree, async (c) => {
    const { id } = c.req.valid('param');
    await agreePause(serviceCtx(c), { user: requireUser(c), gameId: id });
    return c.json(await summary(c, id), 200);
  });
  app.openapi(decline, async (c) => {
    const { id } = c.req.valid('param');
    await declinePause(serviceCtx(c), { user: requireUser(c), gameId: id });
    return c.json(await summary(c, id), 200);
  });
  app.openapi(resume, async (c) => {
    const { id } = c.req.valid('param');
    await resumeGame(serviceCtx(c), { user: requireUser(c), gameId: id });
    return c.json(await summary(c, id), 200);
  });
  app.openapi(vote, async (c) => {
    const { id, seat } = c.req.valid('param');
    await voteOnSeat(serviceCtx(c), { user: requireUser(c), gameId: id, seat, kind: c.req.valid('json').kind });
    return c.json(await summary(c, id), 200);
  });
  return app;
}
