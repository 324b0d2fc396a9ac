import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import { reportReasons } from '../../db/schema';
import { linkOrigin, serviceCtx } from '../http/context';
import { ApiError } from '../http/errors';
import { errors, GameIdParam, jsonBody, jsonResponse, noAuth } from '../http/schemas';
import { requireUser, SESSION_COOKIE } from '../middleware/session';
import { blockPlayer, listBlocks, MAX_BLOCKS, unblockPlayer } from '../services/blocks';
import { setChatMute } from '../services/chat';
import { confirmDeletion, DELETION_TOKEN_TTL_MS, requestDeletion } from '../services/deletion';
import { exportAccount } from '../services/export';
import { fileReport, REPORTS_PER_DAY } from '../services/reports';
import type { AppEnv } from '../types';

const PlayerId = z.string().min(1).max(64);

const BlockedPlayerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    since: z.string().openapi({ description: 'When you blocked them (ISO)' }),
  })
  .openapi('BlockedPlayer');

const postBlock = createRoute({
  method: 'post',
  path: '/api/me/blocks',
  operationId: 'blockPlayer',
  tags: ['safety'],
  summary: 'Block a player',
  description: `Private: they are not told. Neither of you sees the other's open tables in the lobby or joins them (403 \`not_available\`), they cannot invite you (the invitation is not sent) or mention you (you are not notified), and their chat lines are never sent to you. Blocking again changes nothing. 400 \`cannot_block_self\`, 404 \`player_not_found\`, 409 \`too_many_blocks\` (at most ${MAX_BLOCKS}).`,
  request: jsonBody(z.object({ playerId: PlayerId }).strict()),
  responses: { 201: jsonResponse('Blocked', BlockedPlayerSchema), ...errors(400, 401, 403, 404, 409) },
});

const getBlocks = createRoute({
  method: 'get',
  path: '/api/me/blocks',
  operationId: 'listBlocks',
  tags: ['safety'],
  summary: 'The players you blocked, most recent first',
  responses: { 200: jsonResponse('Your block list', z.object({ blocks: z.array(BlockedPlayerSchema) })), ...errors(401) },
});

const deleteBlock = createRoute({
  method: 'delete',
  path: '/api/me/blocks/{playerId}',
  operationId: 'unblockPlayer',
  tags: ['safety'],
  summary: 'Unblock a player',
  request: { params: z.object({ playerId: PlayerId.openapi({ param: { name: 'playerId', in: 'path' } }) }) },
  responses: { 204: { description: 'Unblocked' }, ...errors(401, 403, 404) },
});

const putMute = createRoute({
  method: 'put',
  path: '/api/games/{id}/chat/mute',
  operationId: 'muteGameChat',
  tags: ['safety'],
  summary: "Mute (or unmute) a game's chat for yourself",
  description:
    'While muted, `GET .../chat` answers no lines and `muted: true`, and mentions of you in that chat are not sent. Nobody else is affected or told.',
  request: { params: GameIdParam, ...jsonBody(z.object({ muted: z.boolean() }).strict()) },
  responses: { 200: jsonResponse('Your mute', z.object({ muted: z.boolean() })), ...errors(400, 401, 403, 404) },
});

const FiledReportSchema = z.object({ id: z.number().int(), status: z.literal('open'), createdAt: z.string() }).openapi('FiledReport');

const postReport = createRoute({
  method: 'post',
  path: '/api/players/{id}/reports',
  operationId: 'reportPlayer',
  tags: ['safety'],
  summary: 'Report a player to the operators',
  description: `With \`gameId\` (or \`chatId\`, one of their chat lines) the report keeps that game's chat as it stands now. The player is not told. One open report per player from you (409 \`report_open\`); at most ${REPORTS_PER_DAY} reports a day (429 \`rate_limited\`). 400 \`cannot_report_self\`, \`not_in_game\` (they neither sat nor chatted there), \`bad_chat_line\`; 403 \`private_game\`; 404 \`player_not_found\`, \`game_not_found\`.`,
  request: {
    params: z.object({ id: PlayerId.openapi({ param: { name: 'id', in: 'path' } }) }),
    ...jsonBody(
      z
        .object({
          reason: z.enum(reportReasons).openapi({ description: 'harassment, cheating, abusing the clock or undo, or other' }),
          text: z.string().trim().max(2000).openapi({ description: 'What happened, in your words (may be empty)' }),
          gameId: z.string().min(1).max(64).optional().openapi({ description: 'The game it happened in' }),
          chatId: z.number().int().positive().optional().openapi({ description: 'The chat line reported (a line of theirs)' }),
        })
        .strict(),
    ),
  },
  responses: { 201: jsonResponse('Filed', FiledReportSchema), ...errors(400, 401, 403, 404, 409, 429) },
});

const getExport = createRoute({
  method: 'get',
  path: '/api/me/export',
  operationId: 'exportMyData',
  tags: ['safety'],
  summary: 'Download everything stored about your account (one zip file)',
  description:
    'One JSON file per kind of data (README.txt in the zip lists them): profile, settings, the record of every game you sat in (`games/<id>.json`; a finished one verifies with `npm run verify`), the chat you wrote, the notifications sent to you, your push devices (without keys), webhooks (without secrets), vacations, sign-ins, blocks and reports you filed. Other players appear by display name only.',
  responses: {
    200: { description: 'The zip file', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errors(401),
  },
});

const postDeletion = createRoute({
  method: 'post',
  path: '/api/me/deletion',
  operationId: 'requestAccountDeletion',
  tags: ['safety'],
  summary: 'Ask to delete your account: a confirmation link is emailed to you',
  description: `Nothing is deleted until the emailed link (\`/account/delete?token=...\`, ${DELETION_TOKEN_TTL_MS / 60_000} minutes, once) is confirmed with POST /api/me/deletion/confirm. 429 \`rate_limited\` after 3 links in an hour.`,
  responses: { 202: jsonResponse('Link sent', z.object({ sentTo: z.string() })), ...errors(401, 403, 429) },
});

const postDeletionConfirm = createRoute({
  method: 'post',
  path: '/api/me/deletion/confirm',
  operationId: 'confirmAccountDeletion',
  security: noAuth,
  tags: ['safety'],
  summary: 'Delete your account for good, with the token of the emailed link',
  description:
    'Running games go on with the bot in your seat (the others are told); finished games keep their records, your seat named "Deleted player"; your address, sessions, push devices, webhooks, chat lines and settings go, and your name is free again. 400 `token_invalid` (unknown, used or expired).',
  request: jsonBody(z.object({ token: z.string().min(1).max(200) }).strict()),
  responses: { 200: jsonResponse('Deleted', z.object({ deleted: z.literal(true) })), ...errors(400) },
});

/** Blocks, a game's chat mute, reports, the data export and account deletion. */
export function safetyRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(postBlock, async (c) =>
    c.json(await blockPlayer(c.var.db, { blockerId: requireUser(c).id, playerId: c.req.valid('json').playerId, now: c.var.now() }), 201),
  );
  app.openapi(getBlocks, async (c) => c.json({ blocks: await listBlocks(c.var.db, requireUser(c).id) }, 200));
  app.openapi(deleteBlock, async (c) => {
    const done = await unblockPlayer(c.var.db, { blockerId: requireUser(c).id, playerId: c.req.valid('param').playerId });
    if (!done) throw new ApiError(404, 'not_blocked', 'You have not blocked that player.');
    return c.body(null, 204);
  });
  app.openapi(putMute, async (c) =>
    c.json(
      await setChatMute(serviceCtx(c), { gameId: c.req.valid('param').id, user: requireUser(c), muted: c.req.valid('json').muted }),
      200,
    ),
  );
  app.openapi(postReport, async (c) => {
    const body = c.req.valid('json');
    return c.json(await fileReport(serviceCtx(c), { reporter: requireUser(c), playerId: c.req.valid('param').id, ...body }), 201);
  });
  app.openapi(getExport, async (c) => {
    const { filename, zip } = await exportAccount(serviceCtx(c), requireUser(c));
    return c.body(zip as unknown as ArrayBuffer, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    }) as never;
  });
  app.openapi(postDeletion, async (c) =>
    c.json(await requestDeletion(serviceCtx(c), { user: requireUser(c), origin: linkOrigin(c) }), 202),
  );
  app.openapi(postDeletionConfirm, async (c) => {
    const done = await confirmDeletion(serviceCtx(c), c.req.valid('json').token);
    // The browser that confirms may carry the account's own (now ended) session.
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json(done, 200);
  });
  return app;
}
