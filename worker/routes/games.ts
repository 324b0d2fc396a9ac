import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ChoicesSchema,
  errors,
  GameIdParam,
  GameStatusSchema,
  jsonBody,
  jsonResponse,
  ResultSchema,
  SeatChoiceSchema,
  SeatSchema,
  StateSchema,
  optionalAuth,
} from '../http/schemas';
import { requireUser } from '../middleware/session';
import { ClockSummaryFields, TimeControlInputSchema } from '../http/clock-schemas';
import { normalizeTimeControl } from '../time-control/rules';
import { inviteUrl } from '../notices/names';
import { createGame, gameMeta, joinGame, myGames, startGame } from '../services/lobby';
import { linkOrigin, serviceCtx } from '../http/context';
import { setChoices } from '../services/choose-seat';
import { requireFriends, tellSeatedFriends } from '../services/friends';
import { TableChoiceFields } from './table-choice-schemas';
import type { AppEnv } from '../types';

/** Fields every game listing shares. */
const GameBase = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  status: GameStatusSchema,
  players: z.number().int(),
  seats: z.array(SeatSchema),
  version: z.number().int(),
});

const create = createRoute({
  method: 'post',
  path: '/api/games',
  operationId: 'createGame',
  tags: ['games'],
  summary: 'Create a game; you take seat 0 and get an invite link',
  request: jsonBody(
    z.object({
      type: z.string().min(1).max(64),
      players: z.number().int().min(1).max(8),
      options: z.record(z.string(), z.unknown()).optional(),
      timeControl: TimeControlInputSchema.default('none'),
      weekendPause: z
        .boolean()
        .default(false)
        .openapi({ description: "Each seat's clock stands still on Saturday and Sunday in its player's time zone" }),
      allowVacation: z
        .boolean()
        .default(true)
        .openapi({ description: "A player's vacation (manual or automatic) stops their clock at this table; false: it never does" }),
      onTimeout: z
        .enum(['bot', 'end'])
        .default('bot')
        .openapi({ description: 'At a deadline: the built-in bot plays the turn, or the game ends' }),
      onResign: z
        .enum(['bot', 'end'])
        .default('bot')
        .openapi({ description: 'When a player resigns: a bot takes the seat, or the game ends' }),
      public: z.boolean().default(true).openapi({ description: 'Anyone with the link may watch (view, log, chat)' }),
      startWhenFull: z.boolean().default(true).openapi({
        description: 'The join that takes the last seat starts the game, and every player is told; false: the creator presses Start',
      }),
      bots: z
        .number()
        .int()
        .min(0)
        .max(7)
        .default(0)
        .openapi({ description: 'Fill seats 1..n with the built-in bot; a game full of bots starts at once' }),
      choices: ChoicesSchema.optional().openapi({
        description:
          'Your seat\'s setup choices (the game type\'s `seatChoices`, e.g. `{ "rocket": "blue" }`); 400 `bad_choice`. The options never carry them (`rockets` there is 400 `bad_options`)',
      }),
      ...TableChoiceFields,
    }),
  ),
  description:
    'Unknown fields are refused (400). One account may create `GAME_LIMIT_PER_HOUR` games per hour (20; beyond: 429 `rate_limited` with Retry-After) and have `GAME_LIMIT_UNFINISHED` of its games not yet over (30; beyond: 409 `too_many_unfinished_games`).',
  responses: { 201: jsonResponse('Created', z.object({ id: z.string(), inviteUrl: z.string() })), ...errors(400, 401, 403, 409, 429) },
});

const list = createRoute({
  method: 'get',
  path: '/api/games',
  operationId: 'listMyGames',
  tags: ['games'],
  summary: 'Your games: waiting for your move first, then the others under way, then those over (each group most recently played first)',
  responses: {
    200: jsonResponse(
      'Your games',
      z.object({
        games: z.array(
          GameBase.extend({
            yourSeat: z.number().int(),
            yourTurn: z.boolean(),
            resigned: z.boolean().openapi({
              description: 'You resigned this table (or the table handed your seat to the bot): it stays in your list, the bot plays on',
            }),
            updatedAt: z.string().openapi({ description: 'When the game was last played (a move, a join)' }),
            result: ResultSchema.nullable(),
            ...ClockSummaryFields,
          }).openapi('GameSummary'),
        ),
      }),
    ),
    ...errors(401),
  },
});

const meta = createRoute({
  method: 'get',
  path: '/api/games/{id}',
  operationId: 'getGame',
  security: optionalAuth,
  tags: ['games'],
  summary: 'Game metadata: type, status, seats, version, seed hash (seed once over)',
  description:
    "Someone outside a private game gets 403 `private_game`; with the game's invite code (`invite`) only what joining needs: status, seats unnamed and without user ids, version 0, no active seats, deadline, result or seed.",
  request: {
    params: GameIdParam,
    query: z.object({
      invite: z.string().max(64).optional().openapi({ description: 'The invite code of the invite link (outsiders of a private game)' }),
    }),
  },
  responses: {
    200: jsonResponse(
      'Game',
      GameBase.extend({
        options: z
          .record(z.string(), z.unknown())
          .openapi({ description: "The game's options as set up (an object of the game type's `options` schema)" }),
        rulesVersion: z.string().openapi({ description: 'The rules version the game is played under' }),
        onTimeout: z.enum(['bot', 'end']).openapi({ description: 'At a deadline: the built-in bot plays the turn, or the game ends' }),
        onResign: z.enum(['bot', 'end']).openapi({ description: 'When a player resigns: a bot takes the seat, or the game ends' }),
        isPublic: z
          .boolean()
          .openapi({ description: 'Anyone with the link may watch (view, log, chat); private games only their players' }),
        rematchOf: z.string().nullable().openapi({ description: 'The game this one is a rematch of' }),
        rematchId: z.string().nullable().openapi({ description: 'The rematch of this game, once asked for' }),
        deadlineAt: z
          .string()
          .nullable()
          .openapi({ description: 'When the current turn times out (ISO 8601); null without a time limit or when nothing runs' }),
        activeSeats: z.array(z.number().int()).openapi({ description: 'Seats that must act now' }),
        seedHash: z.string(),
        seed: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string().openapi({ description: 'When the game last changed (a move, a join)' }),
        yourSeat: z.number().int().nullable(),
        isCreator: z.boolean(),
        inviteUrl: z.string().nullable(),
        result: ResultSchema.nullable(),
        ...ClockSummaryFields,
        startWhenFull: z.boolean().openapi({ description: 'The join that takes the last seat starts the game' }),
        optionsText: z.array(z.string()).openapi({ description: 'The options, one short line each ("Thinner fog: yes")' }),
        seats: z.array(
          SeatSchema.extend({
            choices: z.record(z.string(), z.string()).optional().openapi({
              description:
                "Games with `seatChoices`: the seat's setup choices while the game waits (`{ rocket: 'blue' }`); `{}`: none yet (the start gives what is left)",
            }),
          }),
        ),
        seatChoices: z.array(SeatChoiceSchema).openapi({
          description: 'Choices each player makes before the game begins (Space Mountain: the Rocket colour); empty for most games',
        }),
        invitedBy: z.string().nullable().openapi({
          description:
            'While the game waits for players: who invited you (the sender of the invitation email to your address, else the creator, whose invite link it is); null for the creator and outsiders',
        }),
      }).openapi('GameMeta'),
    ),
    ...errors(400, 403, 404),
  },
});

const join = createRoute({
  method: 'post',
  path: '/api/games/{id}/join',
  operationId: 'joinGame',
  tags: ['games'],
  summary: 'Take a free seat with the invite code',
  description:
    'The creator is told (notice `player_joined`). When the seat was the last one and the game was created with `startWhenFull`, the game starts in the same commit (`started: true`) and every player is told. With `choices` the joiner makes their setup choices at once (400 `bad_choice`; 409 `choice_taken` when another seat holds that value).',
  request: {
    params: GameIdParam,
    ...jsonBody(
      z.object({
        invite: z.string().min(1).max(64),
        choices: ChoicesSchema.optional().openapi({
          description: 'Your seat\'s setup choices (`seatChoices` of `GET /api/games/:id`), e.g. `{ "rocket": "blue" }`',
        }),
      }),
    ),
  },
  responses: {
    200: jsonResponse(
      'Seated',
      z.object({
        seat: z.number().int(),
        started: z.boolean().openapi({ description: 'This join filled the table and started the game' }),
      }),
    ),
    ...errors(400, 401, 403, 404, 409),
  },
});

const choose = createRoute({
  method: 'put',
  path: '/api/games/{id}/choices',
  operationId: 'setSeatChoices',
  tags: ['games'],
  summary: "Change your seat's setup choices while the game waits for players (Space Mountain: your Rocket colour)",
  description:
    "Replaces your seat's choices (`{}` leaves them to the start, which gives each seat without a choice the first value left, in the order of `seatChoices`). 400 `bad_choice` (not a choice or value of this game), 403 `not_seated`, 409 `not_open` (started), `choice_taken` (another seat holds that value), `too_many_changes` (a seat may change its choices 20 times per game; the same choices again change nothing and do not count).",
  request: { params: GameIdParam, ...jsonBody(z.object({ choices: ChoicesSchema })) },
  responses: {
    200: jsonResponse('Chosen', z.object({ seat: z.number().int(), choices: z.record(z.string(), z.string()) })),
    ...errors(400, 401, 403, 404, 409),
  },
});

const start = createRoute({
  method: 'post',
  path: '/api/games/{id}/start',
  operationId: 'startGame',
  tags: ['games'],
  summary: 'Start the game (creator, every seat filled)',
  description:
    'A game that is already running (its last join started it) answers its state: Start is idempotent while the game runs. 409 `not_open` once it is over.',
  request: { params: GameIdParam },
  responses: { 200: jsonResponse('Started; your state', StateSchema), ...errors(401, 403, 404, 409) },
});

/** Lobby: create, list, read, join, choose (setup choices), start. */
export function gameRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    const user = requireUser(c);
    await requireFriends(c.var.db, user.id, body.friends ?? []);
    const row = await createGame(serviceCtx(c), {
      ...body,
      timeControl: normalizeTimeControl(body.timeControl),
      isPublic: body.public,
      startWhenFull: body.startWhenFull,
      user,
      now: c.var.now(),
      limits: c.var.config.gameLimits,
    });
    const friends = body.friends ?? [];
    if (body.bots + friends.length > 0 && body.bots + friends.length === body.players - 1 && (body.startWhenFull || friends.length === 0))
      await startGame(serviceCtx(c), { user, gameId: row.id });
    await tellSeatedFriends(serviceCtx(c), {
      user,
      gameId: row.id,
      title: c.var.registry.get(row.type)?.title ?? row.type,
      url: `${linkOrigin(c)}/games/${row.id}`,
      friendIds: friends,
    });
    return c.json({ id: row.id, inviteUrl: inviteUrl(linkOrigin(c), row) }, 201);
  });
  app.openapi(list, async (c) => c.json({ games: await myGames(c.var.db, c.var.registry, requireUser(c), c.var.now()) }, 200));
  app.openapi(meta, async (c) =>
    c.json(
      await gameMeta(c.var.db, c.var.registry, {
        gameId: c.req.valid('param').id,
        user: c.var.user,
        origin: linkOrigin(c),
        invite: c.req.valid('query').invite,
        now: c.var.now(),
      }),
      200,
    ),
  );
  app.openapi(join, async (c) => {
    const body = c.req.valid('json');
    const joined = await joinGame(serviceCtx(c), {
      user: requireUser(c),
      gameId: c.req.valid('param').id,
      invite: body.invite,
      choices: body.choices,
    });
    return c.json(joined, 200);
  });
  app.openapi(choose, async (c) =>
    c.json(
      await setChoices(serviceCtx(c), { user: requireUser(c), gameId: c.req.valid('param').id, choices: c.req.valid('json').choices }),
      200,
    ),
  );
  app.openapi(start, async (c) => c.json(await startGame(serviceCtx(c), { user: requireUser(c), gameId: c.req.valid('param').id }), 200));
  return app;
}
