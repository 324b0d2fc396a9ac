import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  AfterQuery,
  ConflictSchema,
  errors,
  GameIdParam,
  jsonBody,
  jsonResponse,
  LogLineSchema,
  StateSchema,
  optionalAuth,
} from '../http/schemas';
import { requireUser } from '../middleware/session';
import { markSeen, readLog, readState, submitMove } from '../services/play';
import { undoMove } from '../services/undo';
import { answerFreshUntil, answerJson, etagMatches, stateEtag } from '../lib/state';
import { requireViewer } from '../services/access';
import { serviceCtx } from '../http/context';
import type { AppEnv } from '../types';

const state = createRoute({
  method: 'get',
  path: '/api/games/{id}/state',
  operationId: 'getGameState',
  security: optionalAuth,
  tags: ['play'],
  summary: 'Your view of the game and your legal moves. ETag + If-None-Match -> 304 (usually without the database)',
  description:
    'Send `X-Page-Visible: 1` when the page is in front of the player: that marks the version as seen (on a 304 too), so no notification is sent about it. A 304 goes only to someone who may watch the game. ' +
    "The ETag also carries a seated viewer's seen mark (`sinceLastSeen` is computed against it): after a visible read moves the mark, the next poll gets one fresh 200. " +
    "A session that got a 200 (or a 304 from the database) in the last 5 minutes has its matching polls answered 304 by the game's Durable Object, without the database; a visible poll of a version its seat has not yet seen always goes to the database.",
  request: { params: GameIdParam, headers: z.object({ 'x-page-visible': z.enum(['0', '1']).optional() }) },
  responses: { 200: jsonResponse('State', StateSchema), 304: { description: 'Not modified' }, ...errors(404) },
});

const move = createRoute({
  method: 'post',
  path: '/api/games/{id}/moves',
  operationId: 'makeMove',
  tags: ['play'],
  summary: 'Make a move at the version you saw. Optional Idempotency-Key header makes retries safe',
  description:
    "A move at an older version is applied to the game as it is now when everything since was other seats' moves that cannot alter it (their secret Go/Refuel decisions; Space Mountain's Step 4 choices made at the same time, when your move gives you the same result either way) and the move is still legal; otherwise 409 `stale_version` with your current state in `state` and what happened since your version in `error.changed` (log lines with `{{p:N}}` markers). " +
    'A retry with the same `Idempotency-Key` (same seat, same move) gets the first answer byte for byte and appends nothing; the key with another move is 422 `idempotency_key_reused`. ' +
    'Answers are kept for `IDEMPOTENCY_RETENTION_HOURS` (default 24): a retry after that gets 409 `idempotency_key_expired` (the move stands, once; GET /state for the game as it is now).',
  request: {
    params: GameIdParam,
    headers: z.object({ 'idempotency-key': z.string().min(1).max(128).optional() }),
    ...jsonBody(z.object({ version: z.number().int().min(0), move: z.unknown().refine((m) => m !== undefined, 'move is required') })),
  },
  responses: {
    200: jsonResponse('Applied; your new state', StateSchema),
    ...errors(400, 401, 403, 404, 422),
    409: jsonResponse('The game moved on (`stale_version`: your state and what changed), or it is not running', ConflictSchema),
  },
});

const undo = createRoute({
  method: 'post',
  path: '/api/games/{id}/undo',
  operationId: 'undoMove',
  tags: ['play'],
  summary: 'Take back your last move if it revealed nothing and nobody acted since; or, with toTurnStart, every such step at once',
  description:
    'Without `toTurnStart`, one step: your last move in effect, when it is yours, revealed nothing (no dice, cards or hidden information) and nobody acted since (`canUndo`). ' +
    'With `toTurnStart: true`, "restart turn": every one of your steps since another player acted or something was revealed (`undoableSteps` of the state answer), in one request, one undo event per step. ' +
    'The others\' log names what was taken back ("{{p:0}} took back Move 2 and Pick for Gold."), a hidden choice only counted. ' +
    'When nothing can be taken back: 422 `undo_barrier` with the reason the state answer gives in `undoBlockedBy`.',
  request: {
    params: GameIdParam,
    ...jsonBody(
      z.object({
        version: z.number().int().min(0),
        toTurnStart: z
          .boolean()
          .optional()
          .openapi({ description: 'Take back every step you can since your turn began (`undoableSteps`), not only the last one' }),
      }),
    ),
  },
  responses: {
    200: jsonResponse('Undone; your new state', StateSchema),
    ...errors(400, 401, 403, 404, 422),
    409: jsonResponse('The game moved on (`stale_version`: your state and what changed), or it is not running', ConflictSchema),
  },
});

const log = createRoute({
  method: 'get',
  path: '/api/games/{id}/log',
  operationId: 'getGameLog',
  security: optionalAuth,
  tags: ['play'],
  summary: "The game's log as you may read it, after event `after`",
  request: {
    params: GameIdParam,
    query: AfterQuery,
  },
  responses: {
    200: jsonResponse('Log entries', z.object({ entries: z.array(LogLineSchema) })),
    ...errors(400, 404),
  },
});

/** Playing: state (with ETag), moves, undo, log. */
export function playRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(state, async (c) => {
    const { id } = c.req.valid('param');
    const viewer = c.var.user?.id ?? null;
    const ifNoneMatch = c.req.header('if-none-match');
    const pre = c.var.gameRequest;
    const visible = c.req.header('x-page-visible') === '1';
    // Without `pre` the game does not exist and readState answers 404.
    if (
      ifNoneMatch &&
      pre &&
      etagMatches(ifNoneMatch, stateEtag(pre.version, viewer, pre.seat === null ? null : (pre.lastSeen ?? 0)), c.var.now().getTime())
    ) {
      requireViewer(pre, pre.seat); // else a 304 would confirm a private game's version
      // A player looking at a version fetched in the background has now seen it.
      if (visible && pre.seat !== null && (pre.lastSeen ?? 0) < pre.version) await markSeen(c.var.db, id, pre.seat, pre.version);
      return c.body(null, 304, { ETag: ifNoneMatch, 'Cache-Control': 'private, no-cache' }) as never;
    }
    const answer = await readState(c.var.db, c.var.registry, id, c.var.user, c.var.now(), visible, pre);
    c.header('ETag', stateEtag(answer.version, viewer, answer.sinceLastSeen?.fromVersion ?? null, answerFreshUntil(answer)));
    c.header('Cache-Control', 'private, no-cache');
    return c.json(answer, 200);
  });
  app.openapi(move, async (c) => {
    const body = c.req.valid('json');
    const answer = await submitMove(serviceCtx(c), {
      gameId: c.req.valid('param').id,
      user: requireUser(c),
      version: body.version,
      move: body.move,
      idempotencyKey: c.req.valid('header')['idempotency-key'],
      pre: c.var.gameRequest,
    });
    c.header('ETag', stateEtag(answer.version, c.var.user!.id, answer.sinceLastSeen?.fromVersion ?? null, answerFreshUntil(answer)));
    // The text the commit stored for retries, not a second serialisation of the same answer.
    return c.body(answerJson(answer), 200, { 'Content-Type': 'application/json' }) as never;
  });
  app.openapi(undo, async (c) => {
    const body = c.req.valid('json');
    const answer = await undoMove(serviceCtx(c), {
      gameId: c.req.valid('param').id,
      user: requireUser(c),
      version: body.version,
      toTurnStart: body.toTurnStart,
    });
    return c.json(answer, 200);
  });
  app.openapi(log, async (c) =>
    c.json(
      { entries: await readLog(c.var.db, { gameId: c.req.valid('param').id, user: c.var.user, after: c.req.valid('query').after }) },
      200,
    ),
  );
  return app;
}
