import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { errors, GameIdParam, jsonBody, jsonResponse, optionalAuth } from '../http/schemas';
import { linkOrigin, serviceCtx } from '../http/context';
import { requireUser } from '../middleware/session';
import { INVITE_LIMITS, sendInvitation } from '../services/invitations';
import { LOBBY_LIST_LIMIT, publicLobby } from '../services/lobby-lists';
import type { AppEnv } from '../types';

const LobbyGame = z
  .object({
    id: z.string(),
    type: z.string(),
    title: z.string(),
    players: z.number().int(),
    seats: z.array(
      z.object({
        seat: z.number().int(),
        name: z.string(),
        isBot: z.boolean(),
        playerId: z.string().nullable().openapi({ description: "The player's profile (GET /api/players/:id); null for a bot" }),
        reliability: z
          .number()
          .nullable()
          .openapi({ description: 'Their reliability share (0-1, see GET /api/players/:id); null without an ended timed game' }),
        rating: z.number().nullable().openapi({ description: 'Their rating ordinal for this game type; null while provisional' }),
      }),
    ),
    optionsText: z.array(z.string()).openapi({ description: 'The options, one short line each ("Thinner fog: yes")' }),
    inviteUrl: z
      .string()
      .nullable()
      .openapi({ description: 'Open games: the invite link (POST .../join with its code seats you). Null for games in progress' }),
    youAreSeated: z.boolean(),
    activeSeats: z.array(z.number().int()),
    createdAt: z.string(),
    updatedAt: z.string().openapi({ description: 'When the game last changed (a move, a join)' }),
    timeControlText: z.string().openapi({ description: 'The time control in words ("Fast: 72 h, +12 h a turn, at most 120 h")' }),
    away: z
      .array(z.object({ seat: z.number().int(), until: z.string() }))
      .openapi({ description: 'Seated players on vacation now (where the table allows vacation), and until when' }),
  })
  .openapi('LobbyGame');

const lobby = createRoute({
  method: 'get',
  path: '/api/lobby',
  operationId: 'getLobby',
  security: optionalAuth,
  tags: ['games'],
  summary: 'Public games waiting for players (join) and public games in progress (watch)',
  description: `At most ${LOBBY_LIST_LIMIT} games in each list: \`open\` newest first, \`live\` most recently played first. Private games never appear.`,
  responses: {
    200: jsonResponse('The lobby', z.object({ open: z.array(LobbyGame), live: z.array(LobbyGame) }).openapi('Lobby')),
    ...errors(400),
  },
});

const invite = createRoute({
  method: 'post',
  path: '/api/games/{id}/invite',
  operationId: 'inviteByEmail',
  tags: ['games'],
  summary: 'Email an invitation to a game that waits for players (any seated player)',
  description: `The email names you, the game and its options, and carries the game's invite link, which seats the invitee once signed in. At most ${INVITE_LIMITS.perGame} invitations per game and ${INVITE_LIMITS.perAccountPerDay} per account in 24 hours (beyond: 429 \`rate_limited\`). 403 \`not_seated\`; 409 \`not_open\`, \`game_full\`, \`already_seated\` (that address has a seat).`,
  request: { params: GameIdParam, ...jsonBody(z.object({ email: z.string().trim().max(254).email() })) },
  responses: { 202: jsonResponse('Queued', z.object({ sentTo: z.string() })), ...errors(400, 401, 403, 404, 409, 429) },
});

/** The lobby (`GET /api/lobby`) and invitations by email (`POST /api/games/:id/invite`). */
export function lobbyRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(lobby, async (c) =>
    c.json(await publicLobby(c.var.db, c.var.registry, { user: c.var.user, origin: linkOrigin(c), now: c.var.now() }), 200),
  );
  app.openapi(invite, async (c) => {
    const sent = await sendInvitation(serviceCtx(c), {
      user: requireUser(c),
      gameId: c.req.valid('param').id,
      email: c.req.valid('json').email,
      origin: linkOrigin(c),
    });
    return c.json(sent, 202);
  });
  return app;
}
