import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ApiError } from '../http/errors';
import { errors, jsonBody, jsonResponse, optionalAuth } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { ARCHIVE_PAGE, archive } from '../services/archive';
import { befriend, listFriends, MAX_FRIENDS, unfriend } from '../services/friends';
import { MAX_NOTE_CHARS, readNote, writeNote, type NoteSubject } from '../services/private-notes';
import { leaderboard, profileOf, RELIABILITY_WINDOW } from '../services/profiles';
import { PROVISIONAL_GAMES } from '../services/rating-math';
import type { AppEnv } from '../types';
import { linkOrigin } from '../http/context';
import { RatedRecordSchema } from '../http/rating-schemas';
import { ratedRecords } from '../services/rating-records';

const Id = z.string().min(1).max(64);
const idParam = (name: string) => z.object({ [name]: Id.openapi({ param: { name, in: 'path' } }) });

const ReliabilitySchema = z
  .object({
    share: z
      .number()
      .nullable()
      .openapi({
        description: `Of the player's last ${RELIABILITY_WINDOW} ended timed games, the share (0-1) that ended without their clock running out or their resigning; null while none ended`,
      }),
    finished: z.number().int().openapi({ description: 'Ended timed games counted' }),
    timedOut: z.number().int().openapi({ description: 'Of those, games where their clock ran out' }),
    resigned: z.number().int().openapi({ description: 'Of those, games they resigned (or left)' }),
  })
  .openapi('Reliability');

const FriendStatusSchema = z
  .enum(['friends', 'requested', 'incoming', 'none'])
  .openapi('FriendStatus', { description: '`requested`: you asked them; `incoming`: they asked you' });

const ProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    memberSince: z.string().openapi({ description: 'When the account was made (ISO)' }),
    stats: z.array(
      z.object({
        type: z.string(),
        title: z.string(),
        finished: z.number().int().openapi({ description: 'Games of this type they saw to the end' }),
        won: z.number().int(),
        medianMoveHours: z
          .number()
          .nullable()
          .openapi({ description: 'Median hours from the event before to their first move of a turn; null without moves' }),
      }),
    ),
    reliability: ReliabilitySchema,
    ratings: z.array(
      z.object({
        type: z.string(),
        ordinal: z.number().nullable().openapi({ description: `OpenSkill ordinal (mu - 3 sigma); null while provisional` }),
        games: z.number().int().openapi({ description: 'Rated games played' }),
        provisional: z.boolean().openapi({ description: `Fewer than ${PROVISIONAL_GAMES} rated games: the number is not shown yet` }),
      }),
    ),
    headToHead: z
      .object({
        games: z.number().int(),
        youAhead: z.number().int().openapi({ description: 'Games where you placed ahead of them' }),
        theyAhead: z.number().int(),
        even: z.number().int().openapi({ description: 'Games where you shared a place' }),
      })
      .nullable()
      .openapi({ description: 'Your ended games with this player; null when not signed in or on your own profile' }),
    friendship: FriendStatusSchema.nullable().openapi({ description: 'Null when not signed in or on your own profile' }),
  })
  .openapi('PlayerProfile');

const getProfile = createRoute({
  method: 'get',
  path: '/api/players/{id}',
  operationId: 'getPlayer',
  security: optionalAuth,
  tags: ['players'],
  summary: "A player's profile: games finished and won, median time to move, reliability, ratings, and your head-to-head",
  description: 'Never an email address. 404 `player_not_found`.',
  request: { params: idParam('id') },
  responses: { 200: jsonResponse('Profile', ProfileSchema), ...errors(400, 404) },
});

const getLeaderboard = createRoute({
  method: 'get',
  path: '/api/leaderboard/{type}',
  operationId: 'getLeaderboard',
  security: optionalAuth,
  tags: ['players'],
  summary: `The top 50 players of a game type by rating ordinal (players with fewer than ${PROVISIONAL_GAMES} rated games are left out)`,
  request: { params: idParam('type') },
  responses: {
    200: jsonResponse(
      'Leaderboard',
      z
        .object({
          type: z.string(),
          title: z.string(),
          players: z.array(
            z.object({ rank: z.number().int(), id: z.string(), name: z.string(), ordinal: z.number(), games: z.number().int() }),
          ),
        })
        .openapi('Leaderboard'),
    ),
    ...errors(400, 404),
  },
});

const getRatedRecords = createRoute({
  method: 'get',
  path: '/api/ratings/{type}/records',
  operationId: 'listRatedRecords',
  security: optionalAuth,
  tags: ['players'],
  summary: 'Every rated game of a type, in the order ratings applied them: what anyone needs to recompute every rating',
  description:
    `Signed out. Each entry is the \`ending\` its record publishes (\`GET /api/games/:id/record\`): each seat's public player id, place, result, and rating before and after. ` +
    `Folded in \`order\` with OpenSkill (Weng-Lin Plackett-Luce, each player a team of one, ranked by place), they give every rating \`/api/leaderboard/:type\` shows; ` +
    '`npm run ratings:rebuild -- --from <url>` does exactly that. Pages of 200: pass `next` back as `after`. Private games are never rated. 404 `unknown_game_type`.',
  request: {
    params: idParam('type'),
    query: z.object({
      // Decimal digits only: `Number()` would read "0x10" as 16 and "1e3" as 1000.
      after: z
        .string()
        .regex(/^[0-9]{1,15}$/, 'after takes decimal digits only')
        .transform(Number)
        .optional()
        .openapi({
          type: 'string',
          pattern: '^[0-9]{1,15}$',
          description: "The `order` of the last entry already read (the previous page's `next`), in decimal digits",
        }),
    }),
  },
  responses: {
    200: jsonResponse(
      'Rated records',
      z
        .object({
          type: z.string(),
          records: z.array(RatedRecordSchema),
          next: z.number().int().nullable().openapi({ description: 'The `after` of the next page; null on the last' }),
        })
        .openapi('RatedRecords'),
    ),
    ...errors(400, 404),
  },
});

const FriendSchema = z.object({ id: z.string(), name: z.string(), since: z.string() }).openapi('Friend');

const postFriend = createRoute({
  method: 'post',
  path: '/api/me/friends',
  operationId: 'befriend',
  tags: ['players'],
  summary: 'Ask a player to be friends, or accept their request',
  description: `Asking again changes nothing. 400 \`cannot_befriend_self\`, 403 \`not_available\` (a block either way; it does not say which), 404 \`player_not_found\`, 409 \`too_many_friends\` (at most ${MAX_FRIENDS} friends and requests).`,
  request: jsonBody(z.object({ playerId: Id }).strict()),
  responses: { 200: jsonResponse('Where you stand now', z.object({ status: FriendStatusSchema })), ...errors(400, 401, 403, 404, 409) },
});

const getFriends = createRoute({
  method: 'get',
  path: '/api/me/friends',
  operationId: 'listFriends',
  tags: ['players'],
  summary: 'Your friends, and the requests that wait on you (`incoming`) or on them (`outgoing`)',
  responses: {
    200: jsonResponse(
      'Friends',
      z.object({
        friends: z.array(FriendSchema),
        requests: z.array(FriendSchema.extend({ direction: z.enum(['incoming', 'outgoing']) })),
      }),
    ),
    ...errors(401),
  },
});

const deleteFriend = createRoute({
  method: 'delete',
  path: '/api/me/friends/{playerId}',
  operationId: 'unfriend',
  tags: ['players'],
  summary: 'End a friendship, withdraw your request or decline theirs',
  request: { params: idParam('playerId') },
  responses: { 204: { description: 'Gone' }, ...errors(401, 403, 404) },
});

const NoteQuery = z.object({
  gameId: Id.optional().openapi({ description: 'A game you sat in' }),
  playerId: Id.optional().openapi({ description: 'Another player' }),
});
const NoteSchema = z.object({ text: z.string(), updatedAt: z.string() }).nullable().openapi('PrivateNote');

function subjectOf(q: { gameId?: string; playerId?: string }): NoteSubject {
  if ((q.gameId === undefined) === (q.playerId === undefined))
    throw new ApiError(400, 'bad_subject', 'Give either gameId or playerId: a note is about one game or one player.');
  return q.gameId !== undefined ? { gameId: q.gameId } : { playerId: q.playerId! };
}

const getNote = createRoute({
  method: 'get',
  path: '/api/me/notes',
  operationId: 'readNote',
  tags: ['players'],
  summary: 'Your private note about a game or a player (null when none); nobody else can read it',
  request: { query: NoteQuery },
  responses: { 200: jsonResponse('Your note', z.object({ note: NoteSchema })), ...errors(400, 401) },
});

const putNote = createRoute({
  method: 'put',
  path: '/api/me/notes',
  operationId: 'writeNote',
  tags: ['players'],
  summary: 'Write your private note about a game you sat in or another player; empty text deletes it',
  description: '400 `bad_subject`, 403 `not_seated`, 404 `game_not_found`, `player_not_found`.',
  request: jsonBody(
    z
      .object({ gameId: Id.optional(), playerId: Id.optional(), text: z.string().max(MAX_NOTE_CHARS) })
      .strict()
      .openapi('NoteInput'),
  ),
  responses: { 200: jsonResponse('Your note', z.object({ note: NoteSchema })), ...errors(400, 401, 403, 404) },
});

const getArchive = createRoute({
  method: 'get',
  path: '/api/me/archive',
  operationId: 'listArchive',
  tags: ['players'],
  summary: `Your ended games, newest first, ${ARCHIVE_PAGE} a page: by game type and opponent if asked; tables you resigned from stay, marked`,
  request: {
    query: z.object({
      type: z.string().max(64).optional(),
      opponent: Id.optional().openapi({ description: 'A player id: only games they sat in too' }),
      before: z.coerce.number().int().min(0).optional().openapi({ description: 'The `next` of the page before' }),
    }),
  },
  responses: {
    200: jsonResponse(
      'Archive',
      z
        .object({
          games: z.array(
            z.object({
              id: z.string(),
              type: z.string(),
              title: z.string(),
              status: z.enum(['finished', 'abandoned']),
              endedAt: z.string(),
              place: z.number().int().openapi({ description: 'Your place, 0 best (tied seats share one); resigning ranks last' }),
              won: z.boolean(),
              resigned: z.boolean().openapi({ description: 'You resigned (or left) this table' }),
              timedOut: z.boolean().openapi({ description: 'Your clock ran out at this table' }),
              rated: z.boolean(),
              seats: z.array(z.object({ seat: z.number().int(), name: z.string(), playerId: z.string().nullable() })),
            }),
          ),
          next: z.number().int().nullable().openapi({ description: 'Pass as `before` for the next page; null on the last' }),
        })
        .openapi('Archive'),
    ),
    ...errors(400, 401),
  },
});

/** Profiles, the leaderboard, friends, private notes and the archive of ended games. */
export function playerRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(getProfile, async (c) =>
    c.json(await profileOf(c.var.db, c.var.registry, { playerId: c.req.valid('param').id, viewerId: c.var.user?.id ?? null }), 200),
  );
  app.openapi(getLeaderboard, async (c) => c.json(await leaderboard(c.var.db, c.var.registry, c.req.valid('param').type), 200));
  app.openapi(getRatedRecords, async (c) =>
    c.json(
      await ratedRecords(c.var.db, c.var.registry, {
        type: c.req.valid('param').type,
        after: c.req.valid('query').after,
        origin: linkOrigin(c),
      }),
      200,
    ),
  );
  app.openapi(postFriend, async (c) =>
    c.json(await befriend(c.var.db, { userId: requireUser(c).id, playerId: c.req.valid('json').playerId, now: c.var.now() }), 200),
  );
  app.openapi(getFriends, async (c) => c.json(await listFriends(c.var.db, requireUser(c).id), 200));
  app.openapi(deleteFriend, async (c) => {
    if (!(await unfriend(c.var.db, { userId: requireUser(c).id, playerId: c.req.valid('param').playerId })))
      throw new ApiError(404, 'not_friends', 'No friendship or request with that player.');
    return c.body(null, 204);
  });
  app.openapi(getNote, async (c) => c.json({ note: await readNote(c.var.db, requireUser(c).id, subjectOf(c.req.valid('query'))) }, 200));
  app.openapi(putNote, async (c) => {
    const body = c.req.valid('json');
    return c.json({ note: await writeNote(c.var.db, requireUser(c).id, subjectOf(body), body.text, c.var.now()) }, 200);
  });
  app.openapi(getArchive, async (c) =>
    c.json(await archive(c.var.db, c.var.registry, { userId: requireUser(c).id, ...c.req.valid('query') }), 200),
  );
  return app;
}
