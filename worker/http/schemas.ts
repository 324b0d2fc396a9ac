import { ClockSchema } from './clock-schemas';
import { z } from '@hono/zod-openapi';

/** `{ error: { code, message } }`, the body of every error answer. */
export const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).openapi('Error');

/** Error responses shared by many routes, for the OpenAPI document. */
export function errors(...statuses: number[]) {
  const text: Record<number, string> = {
    400: 'Bad request shape: a field missing, malformed or not named by the body (also: a NUL character anywhere in the URL or body)',
    401: 'Not signed in',
    403: 'Forbidden (not your seat or turn, CSRF)',
    404: 'Not found',
    409: 'Conflict (stale version, wrong status)',
    413: 'Body too large',
    422: 'Refused by the rules',
    429: 'Rate limited',
    503: 'Not ready (the database cannot be reached)',
  };
  return Object.fromEntries(
    statuses.map((s) => [s, { description: text[s] ?? 'Error', content: { 'application/json': { schema: ErrorSchema } } }]),
  ) as Record<number, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }>;
}

/**
 * `security` of an operation that anyone may call, signed in or not (watchers of public games):
 * the empty requirement `{}` means "no credentials", beside the two sign-in schemes.
 */
export const optionalAuth: Record<string, string[]>[] = [{}, { bearerAuth: [] }, { sessionCookie: [] }];

/** `security` of an operation that needs no sign-in at all (health, sign-in itself). */
export const noAuth: Record<string, string[]>[] = [];

/** The document's default `security`: a Bearer session token or the session cookie. */
export const signedIn: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];

/**
 * JSON request body helper for createRoute. An object body refuses fields it does not name (400
 * naming them): a misspelt field would otherwise be dropped in silence and the request do something
 * else than its sender meant (`private: true` for `public: false` made a table public).
 * `{ unknownFields: 'ignore' }` keeps them, for bodies a browser shapes (a PushSubscription's JSON
 * may grow fields). A shared component (named with `.openapi('Name')`) is made strict where it is
 * defined: `.strict()` here makes a new schema, without the name.
 */
export function jsonBody<T extends z.ZodType>(schema: T, opts: { unknownFields?: 'refuse' | 'ignore' } = {}) {
  const refuse = opts.unknownFields !== 'ignore' && schema instanceof z.ZodObject && schema._zod.def.catchall?._zod.def.type !== 'never';
  const body = refuse ? (schema.strict() as unknown as T) : schema;
  return { body: { required: true, content: { 'application/json': { schema: body } } } };
}

/** JSON response helper for createRoute. */
export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } };
}

/**
 * Any JSON value, always present: a game's own shape the API passes through (a view, a move, the
 * options). Plain `z.unknown()` would make the property optional in the document.
 */
export function anyJson() {
  // `any`, not `unknown`: Hono's typed answers would read an `unknown` property as `null`.
  return z.any().nonoptional();
}

export const GameIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** `/games/:id/.../:seat`: the game and a seat number (0-8; a seat the game lacks is the route's 404 or 409). */
export const GameSeatParam = GameIdParam.extend({
  seat: z.coerce
    .number()
    .int()
    .min(0)
    .max(8)
    .openapi({ param: { name: 'seat', in: 'path' } }),
});

/** `?after=<n>`: what follows event or message `n` (0, the default: from the start). */
export const AfterQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(0),
});

export const UserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() }).openapi('User');

export const SeatSchema = z
  .object({
    seat: z.number().int(),
    name: z.string(),
    userId: z.string().nullable(),
    isBot: z.boolean().openapi({ description: 'The built-in bot plays this seat (a bot seat, or a player who resigned to the bot)' }),
  })
  .openapi('Seat');

/** A seat's setup choices in a request (`Game.seatChoices`): choice id -> value id. */
export const ChoicesSchema = z
  .record(z.string().max(32), z.string().max(32))
  .refine((c) => Object.keys(c).length <= 8, { message: 'At most 8 choices.' })
  .openapi('SeatChoices', {
    description:
      'A seat\'s setup choices, by choice id (the game\'s `seatChoices`), e.g. `{ "rocket": "blue" }` in Space Mountain. Each value goes to one seat only.',
    example: { rocket: 'blue' },
  });

/** A choice the game gives each player before it begins (`GET /api/games/:id` `seatChoices`). */
export const SeatChoiceSchema = z
  .object({
    id: z.string().openapi({ example: 'rocket' }),
    label: z.string().openapi({ example: 'Rocket' }),
    values: z.array(z.object({ id: z.string().openapi({ example: 'blue' }), label: z.string().openapi({ example: 'Blue Rocket' }) })),
  })
  .openapi('SeatChoice');

export const ResultSchema = z
  .object({
    scores: z.array(z.number()).openapi({ description: 'Final score by seat' }),
    ranking: z.array(z.number().int()).openapi({ description: "Seats best first, the rulebook's tie-breakers applied" }),
    ties: z.array(z.array(z.number().int())).optional().openapi({ description: 'Seats that share a place after every tie-breaker' }),
    summary: z.string().optional().openapi({ description: 'A short sentence about the outcome' }),
    scoreLabel: z
      .string()
      .optional()
      .openapi({ description: 'What the scores count, in the rulebook\'s words ("points", "VP")', example: 'VP' }),
  })
  .openapi('Result');

/** One log line as the viewer may read it (`GET /log`, `sinceLastSeen`). */
export const LogLineSchema = z
  .object({
    seq: z.number().int().openapi({ description: 'Version of the event that wrote the line' }),
    seat: z.number().int().nullable().openapi({ description: 'Who acted (0-based seat), null for the game itself' }),
    text: z.string().openapi({ description: 'The sentence; `{{p:N}}` stands for the player at seat N (render it as their name)' }),
    at: z.string().openapi({ description: 'When the event was stored (ISO 8601)' }),
    kind: z.literal('phase').optional().openapi({
      description:
        'The one line that sums up what the game did at the end of a round or phase, or as its last stage began ("Round 3 is over. Weather: Rain ..."): show it as a card',
    }),
    undone: z.literal(true).optional().openapi({ description: 'The move that wrote this line was taken back (strike it through)' }),
  })
  .openapi('LogLine');

/** What happened since a seat last looked at the game. */
export const SinceLastSeenSchema = z
  .object({
    fromVersion: z
      .number()
      .int()
      .openapi({ description: "The seat's seen mark before this request: entries are the lines written after this version" }),
    entries: z
      .array(LogLineSchema)
      .openapi({ description: 'Lines the seat may read, oldest first, in log order (at most 200, the newest)' }),
    truncated: z.boolean().openapi({ description: 'Older unseen lines were left out: read them with GET /log?after=fromVersion' }),
  })
  .openapi('SinceLastSeen');

/** A game's status: waiting for players, under way, over with a result, or ended early. */
export const GameStatusSchema = z.enum(['open', 'active', 'finished', 'abandoned']).openapi('GameStatus');

/** One of the viewer's legal moves, as the engine computed it, with its label. */
export const LegalMoveSchema = z
  .object({
    label: z.string(),
    move: anyJson().openapi({ description: "The move as the game's move schema defines it: send it back as is" }),
    effect: z.literal('none').optional().openapi({ description: 'The move is legal but would do nothing now: ask before sending it' }),
    warning: z.string().optional().openapi({ description: 'Why the move would do little or nothing now', example: "You're in Town." }),
  })
  .openapi('LegalMove');

export const StateSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    status: GameStatusSchema,
    version: z.number().int(),
    yourSeat: z.number().int().nullable(),
    activeSeats: z.array(z.number().int()),
    view: anyJson().openapi({ description: "The game's view for this seat (spectators: the public view)" }),
    legalMoves: z.array(LegalMoveSchema),
    result: ResultSchema.nullable(),
    botsToMove: z.boolean().openapi({
      description: 'A bot seat must act now: it plays right after this answer. Poll (soon) until false before offering the board',
    }),
    canUndo: z
      .boolean()
      .openapi({ description: 'POST /undo by you would succeed now: your own last move, it revealed nothing, and nobody acted since' }),
    undoableSteps: z.number().int().min(0).openapi({
      description:
        'How many steps POST /undo {toTurnStart: true} would take back now ("restart turn"): your own moves since another player acted or something was revealed. 0 when `canUndo` is false',
    }),
    undoBlockedBy: z.string().nullable().openapi({
      description:
        'Seated players, when `canUndo` is false: why, in words, players named with `{{p:N}}` markers ("You chose \\"End turn and draw\\": the cards you drew cannot be taken back."). Null when Undo is offered, and for spectators',
      example: 'Nothing of yours to take back: {{p:1}} moved last.',
    }),
    sinceLastSeen: SinceLastSeenSchema.nullable().openapi({
      description:
        'Seated viewers: log lines after the version your seat last looked at (marked by a visible GET /state, or your own move), as the mark stood before this request. Null for spectators',
    }),
    clocks: z.array(ClockSchema).openapi({
      description:
        "Each seat's clock at the time of the answer (empty without a time control); count down from `runsOutAt` while `running`",
    }),
  })
  .openapi('State');

/**
 * The 409 of a move or an undo: the error (a stale version carries `changed`, the lines since
 * the version the caller acted at) and, for `stale_version`, the caller's current state.
 */
export const ConflictSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'stale_version' }),
      message: z.string(),
      changed: z
        .array(z.string())
        .optional()
        .openapi({
          description:
            '`stale_version`: what happened since the version you sent, as your seat may read it: the log lines of those events (oldest first, at most the newest 20; moves taken back since left out), players named with `{{p:N}}` markers. Enough for one line such as "Bo\'s Rocket flipped a Planet at C3"; empty for a version the game never had',
          example: ['{{p:1}} turns right.', '{{p:1}} flips the Encounter token at F3: Any Item.'],
        }),
    }),
    state: StateSchema.optional().openapi({ description: '`stale_version`: your state as the game stands now' }),
  })
  .openapi('Conflict');
