import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { reportReasons } from '../../db/schema';
import { serviceCtx } from '../http/context';
import { errors, jsonBody, jsonResponse } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { actOnReport, MAX_MUTE_DAYS, queuedReport, reportQueue, requireOperator } from '../services/moderation';
import type { AppEnv } from '../types';

const PlayerRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    memberSince: z.string(),
    suspendedAt: z.string().nullable(),
    chatMutedUntil: z.string().nullable(),
    games: z.object({
      played: z.number().int(),
      finished: z.number().int(),
      resigned: z.number().int(),
      timedOut: z.number().int().openapi({ description: 'Games in which their clock ran out at least once' }),
      running: z.number().int(),
    }),
    reportsAgainst: z.object({ open: z.number().int(), dismissed: z.number().int(), actioned: z.number().int() }),
    reportsFiled: z.number().int(),
  })
  .openapi('PlayerRecord', { description: "A player's record as operators see it beside a report" });

const ExcerptLineSchema = z
  .object({
    id: z.number().int(),
    seat: z.number().int().nullable(),
    name: z.string(),
    text: z.string(),
    at: z.string(),
    byReported: z.boolean().openapi({ description: 'Written by the reported player' }),
  })
  .openapi('ExcerptLine');

const ReportActionSchema = z
  .object({
    action: z.enum(['dismiss', 'mute', 'suspend', 'reinstate']),
    days: z.number().int().nullable(),
    note: z.string(),
    operator: z.string().openapi({ description: 'The address of the operator who took it' }),
    at: z.string(),
  })
  .openapi('ReportAction');

const Party = z.object({
  id: z.string().nullable().openapi({ description: 'Null once the account was deleted' }),
  name: z.string(),
  record: PlayerRecordSchema.nullable(),
});

const ReportSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['open', 'dismissed', 'actioned']),
    reason: z.enum(reportReasons),
    text: z.string(),
    gameId: z.string().nullable(),
    chatId: z.number().int().nullable(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
    reporter: Party,
    player: Party,
    excerpt: z.array(ExcerptLineSchema).openapi({ description: "The game's chat when the report was made, oldest first" }),
    actions: z.array(ReportActionSchema).openapi({ description: 'What operators did about it, oldest first' }),
  })
  .openapi('Report');

const ReportIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const listReports = createRoute({
  method: 'get',
  path: '/api/admin/reports',
  operationId: 'listReports',
  tags: ['admin'],
  summary: 'The reports queue (operators: accounts named in ADMIN_EMAILS)',
  description: 'Open reports oldest first; `status=dismissed|actioned` lists closed ones, newest first (at most 100). 403 `not_operator`.',
  request: { query: z.object({ status: z.enum(['open', 'dismissed', 'actioned']).default('open') }) },
  responses: { 200: jsonResponse('Reports', z.object({ reports: z.array(ReportSchema) })), ...errors(400, 401, 403) },
});

const getReport = createRoute({
  method: 'get',
  path: '/api/admin/reports/{id}',
  operationId: 'getReport',
  tags: ['admin'],
  summary: 'One report, with its excerpt, both players\u2019 records and its log (operators)',
  request: { params: ReportIdParam },
  responses: { 200: jsonResponse('The report', ReportSchema), ...errors(400, 401, 403, 404) },
});

const postAction = createRoute({
  method: 'post',
  path: '/api/admin/reports/{id}/actions',
  operationId: 'actOnReport',
  tags: ['admin'],
  summary: 'Act on a report: dismiss it, mute the player\u2019s chat for N days, suspend the account, or reinstate it (operators)',
  description: `Logged on the report with your address. \`suspend\`: the account cannot sign in, its sessions end at once, and its games not yet over go on with the bot. \`mute\` needs \`days\` (1-${MAX_MUTE_DAYS}). \`reinstate\` lifts a suspension and a mute. 400 \`bad_days\`, \`cannot_suspend_self\`; 404 \`report_not_found\`; 409 \`player_gone\`, \`is_operator\`.`,
  request: {
    params: ReportIdParam,
    ...jsonBody(
      z
        .object({
          action: z.enum(['dismiss', 'mute', 'suspend', 'reinstate']),
          days: z.number().int().optional(),
          note: z.string().trim().max(1000).optional().openapi({ description: 'Why, for the other operators' }),
        })
        .strict(),
    ),
  },
  responses: { 200: jsonResponse('The report after it', ReportSchema), ...errors(400, 401, 403, 404, 409) },
});

/** The operators' reports queue and its actions (`/api/admin/reports`). */
export function adminRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(listReports, async (c) => {
    requireOperator(c.var.config, requireUser(c));
    return c.json({ reports: await reportQueue(c.var.db, { status: c.req.valid('query').status }) }, 200);
  });
  app.openapi(getReport, async (c) => {
    requireOperator(c.var.config, requireUser(c));
    return c.json(await queuedReport(c.var.db, c.req.valid('param').id), 200);
  });
  app.openapi(postAction, async (c) => {
    const operator = requireOperator(c.var.config, requireUser(c));
    const body = c.req.valid('json');
    return c.json(await actOnReport(serviceCtx(c), { operator, reportId: c.req.valid('param').id, ...body }), 200);
  });
  return app;
}
