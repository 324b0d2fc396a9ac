import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { normaliseName } from '../../engine/core/mentions';
import { ApiError } from '../http/errors';
import { errors, jsonBody, jsonResponse, UserSchema } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { renameUser } from '../services/auth';
import type { AppEnv } from '../types';

const getMe = createRoute({
  method: 'get',
  path: '/api/me',
  operationId: 'getMe',
  tags: ['me'],
  summary: 'The signed-in user',
  responses: { 200: jsonResponse('You', UserSchema), ...errors(401) },
});

const patchMe = createRoute({
  method: 'patch',
  path: '/api/me',
  operationId: 'updateMe',
  tags: ['me'],
  summary: 'Change your display name',
  description:
    'A name is shown to everyone at your tables (and watchers of public games), so it may not contain `@` (no email address ends up in it), nor `{{` or `}}` (log lines name players with `{{p:N}}` markers).',
  request: jsonBody(
    z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(40)
        // Judged NFKC-folded: a fullwidth ＠ or a small ﹫ reads as "@" all the same.
        .refine(
          (n) => !n.normalize('NFKC').includes('@'),
          'A display name cannot contain "@": it is shown to other players, an email address must not be.',
        )
        // Log lines name players with {{p:N}} markers (engine/core/log-names.ts); a name holding one
        // would be shown as another player's name wherever the line is rendered.
        .refine((n) => !/\{\{|\}\}/.test(n.normalize('NFKC')), 'A display name cannot contain "{{" or "}}".'),
    }),
  ),
  responses: { 200: jsonResponse('Updated', UserSchema), ...errors(400, 401, 403) },
});

/** `GET/PATCH /api/me`. */
export function meRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(getMe, (c) => c.json(requireUser(c), 200));
  app.openapi(patchMe, async (c) => {
    // Stored as shown and as mentions match it: NFC, one line, single spaces.
    const name = normaliseName(c.req.valid('json').name);
    if (!name) throw new ApiError(400, 'bad_name', 'A display name needs at least one visible character.');
    return c.json(await renameUser(c.var.db, requireUser(c).id, name), 200);
  });
  return app;
}
