import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { serviceCtx } from '../http/context';
import {
  anyJson,
  errors,
  AfterQuery,
  GameIdParam,
  GameSeatParam,
  GameStatusSchema,
  jsonBody,
  jsonResponse,
  ResultSchema,
  StateSchema,
  optionalAuth,
} from '../http/schemas';
import { requireUser } from '../middleware/session';
import { addBot } from '../services/bots';
import { postChat, readChat } from '../services/chat';
import { rematch, resign } from '../services/lifecycle';
import { gameRecord, replayAt } from '../services/record';
import { RatingEndingSchema } from '../http/rating-schemas';
import type { AppEnv } from '../types';

const ChatLine = z
  .object({
    id: z.number(),
    seat: z.number().int().nullable(),
    playerId: z.string().openapi({ description: "The author's player id (profile `/players/:id`; block or report by it)" }),
    name: z.string(),
    text: z.string(),
    at: z.string(),
  })
  .openapi('ChatLine');

/** A game record (engine/core/record.ts `GameRecord`): `npm run verify -- record.json` replays it. */
const GameRecordSchema = z
  .object({
    format: z.string().openapi({ example: 'mountain-post-record/1' }),
    id: z.string(),
    type: z.string(),
    title: z.string(),
    rulesVersion: z.string(),
    players: z.number().int(),
    options: anyJson(),
    seats: z.array(z.object({ seat: z.number().int(), name: z.string(), bot: z.boolean() })),
    status: GameStatusSchema,
    seedHash: z.string(),
    seed: z.string().nullable().openapi({ description: 'Published once the game is over' }),
    events: z.array(
      z.object({
        seq: z.number().int(),
        kind: z.string(),
        seat: z.number().int().nullable(),
        move: z.unknown().optional().openapi({ description: 'Moves: null where the reader may not see it (a running game)' }),
        bot: z.boolean().optional().openapi({ description: 'Played by the built-in bot' }),
        timeout: z.boolean().optional().openapi({ description: 'Played at a deadline' }),
        at: z.string(),
      }),
    ),
    result: ResultSchema.nullable(),
    finalStateHash: z
      .string()
      .nullable()
      .openapi({ description: 'SHA-256 of the canonical JSON of the final state, once the game is over' }),
    ending: RatingEndingSchema.nullable().openapi({
      description:
        "Once the game is over: each seat's public player id, result, whether it was rated and why, and the end instant; null while it runs",
    }),
  })
  .openapi('GameRecord');

/** The game right after one event, as the viewer may see it. */
const ReplayStepSchema = z
  .object({
    seq: z.number().int(),
    version: z.number().int().openapi({ description: "The game's version now (the last step)" }),
    yourSeat: z.number().int().nullable(),
    kind: z.string().nullable().openapi({ description: "The event's kind (`start`, `move`, `undo`, `join`, `resign`, ...)" }),
    log: z.array(z.string()).openapi({ description: 'The log lines that event wrote, as the viewer may read them' }),
    view: anyJson().openapi({ description: "The viewer's view after the event; null before the game started" }),
    views: z.array(z.unknown()).nullable().openapi({ description: "Every seat's view, once the game is over" }),
    state: anyJson().openapi({ description: 'The full state, once the game is over (else null)' }),
  })
  .openapi('ReplayStep');

const chatGet = createRoute({
  method: 'get',
  path: '/api/games/{id}/chat',
  operationId: 'listChat',
  security: optionalAuth,
  tags: ['table'],
  summary: 'Chat after message `after` (players; anyone for public games)',
  description:
    'Lines of players you blocked are never sent to you; a game whose chat you muted (`PUT .../chat/mute`) answers no lines and `muted: true`.',
  request: {
    params: GameIdParam,
    query: AfterQuery,
    headers: z.object({
      'x-page-visible': z
        .enum(['0', '1'])
        .optional()
        .openapi({ description: '1: a player sees the chat now; mentions of them in these lines are not notified' }),
    }),
  },
  responses: {
    200: jsonResponse(
      'Chat lines',
      z.object({
        messages: z.array(ChatLine),
        muted: z.boolean().openapi({ description: "You muted this game's chat: no lines are sent until you unmute it" }),
      }),
    ),
    ...errors(400, 403, 404),
  },
});

const chatPost = createRoute({
  method: 'post',
  path: '/api/games/{id}/chat',
  operationId: 'postChatMessage',
  tags: ['table'],
  summary: 'Say something; @name notifies that player',
  description:
    'A player who blocked you, or muted this chat, is not notified of your mention. 403 `chat_muted` while an operator has muted your chat.',
  request: { params: GameIdParam, ...jsonBody(z.object({ text: z.string().min(1).max(1000) })) },
  responses: { 201: jsonResponse('Posted', ChatLine), ...errors(400, 401, 403, 404) },
});

const record = createRoute({
  method: 'get',
  path: '/api/games/{id}/record',
  operationId: 'getGameRecord',
  security: optionalAuth,
  tags: ['table'],
  summary: 'The game record: complete with seed once over (verify with `npm run verify`); while running, only what you may see',
  request: { params: GameIdParam },
  responses: { 200: jsonResponse('Record', GameRecordSchema), ...errors(403, 404) },
});

const replay = createRoute({
  method: 'get',
  path: '/api/games/{id}/replay/{seq}',
  operationId: 'getReplayFrame',
  security: optionalAuth,
  tags: ['table'],
  summary: "Your view right after event `seq` (every seat's view and the full state once the game is over)",
  request: {
    params: GameIdParam.extend({
      seq: z.coerce
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1)
        .openapi({ param: { name: 'seq', in: 'path' } }),
    }),
  },
  responses: { 200: jsonResponse('The game at that step', ReplayStepSchema), ...errors(400, 403, 404) },
});

const bot = createRoute({
  method: 'post',
  path: '/api/games/{id}/seats/{seat}/bot',
  operationId: 'addBot',
  tags: ['table'],
  summary: 'Put the built-in bot in an empty seat (creator, before start)',
  request: {
    params: GameSeatParam,
  },
  responses: { 200: jsonResponse('Seated', z.object({ seat: z.number() })), ...errors(400, 401, 403, 404, 409) },
});

const resignRoute = createRoute({
  method: 'post',
  path: '/api/games/{id}/resign',
  operationId: 'resignSeat',
  tags: ['table'],
  summary: "Leave the game: a bot takes your seat, or the game ends (the game's onResign option)",
  request: { params: GameIdParam },
  responses: { 200: jsonResponse('Resigned; your last state', StateSchema), ...errors(401, 403, 404, 409) },
});

const rematchRoute = createRoute({
  method: 'post',
  path: '/api/games/{id}/rematch',
  operationId: 'createRematch',
  tags: ['table'],
  summary: 'Play again with the same seats and options (same answer when asked twice)',
  request: { params: GameIdParam },
  responses: { 200: jsonResponse('The rematch', z.object({ id: z.string() })), ...errors(401, 403, 404, 409, 429) },
});

/** Around the table: chat, record, replay, bots, resign, rematch. */
export function tableRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(chatGet, async (c) =>
    c.json(
      await readChat(serviceCtx(c), {
        gameId: c.req.valid('param').id,
        user: c.var.user,
        after: c.req.valid('query').after,
        visible: c.req.valid('header')['x-page-visible'] === '1',
      }),
      200,
    ),
  );
  app.openapi(chatPost, async (c) =>
    c.json(await postChat(serviceCtx(c), { gameId: c.req.valid('param').id, user: requireUser(c), text: c.req.valid('json').text }), 201),
  );
  app.openapi(record, async (c) =>
    c.json((await gameRecord(serviceCtx(c), { gameId: c.req.valid('param').id, user: c.var.user })) as never, 200),
  );
  app.openapi(replay, async (c) => {
    const { id, seq } = c.req.valid('param');
    return c.json((await replayAt(serviceCtx(c), { gameId: id, user: c.var.user, seq })) as never, 200);
  });
  app.openapi(bot, async (c) => {
    const { id, seat } = c.req.valid('param');
    await addBot(serviceCtx(c), { user: requireUser(c), gameId: id, seat });
    return c.json({ seat }, 200);
  });
  app.openapi(resignRoute, async (c) =>
    c.json(await resign(serviceCtx(c), { user: requireUser(c), gameId: c.req.valid('param').id }), 200),
  );
  app.openapi(rematchRoute, async (c) =>
    c.json(await rematch(serviceCtx(c), { user: requireUser(c), gameId: c.req.valid('param').id }), 200),
  );
  return app;
}
