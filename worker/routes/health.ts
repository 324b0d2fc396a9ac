import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { databaseUnavailable } from '../http/errors';
import { errors, noAuth } from '../http/schemas';
import type { AppEnv } from '../types';

/** How long the readiness probe waits for the database before calling it unreachable, in ms. */
const READY_TIMEOUT_MS = 5_000;

const health = createRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'getHealth',
  tags: ['meta'],
  summary: 'Liveness: the Worker answers (touches no database)',
  security: noAuth,
  responses: {
    200: {
      description: 'The Worker is up',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true), instance: z.string().optional() }) } },
    },
    ...errors(400),
  },
});

const ready = createRoute({
  method: 'get',
  path: '/api/ready',
  operationId: 'getReadiness',
  tags: ['meta'],
  summary: 'Readiness: the Worker answers and its database runs a query (503 when it cannot)',
  security: noAuth,
  responses: {
    200: {
      description: 'Ready to serve games',
      content: {
        'application/json': { schema: z.object({ ok: z.literal(true), database: z.literal('ok'), instance: z.string().optional() }) },
      },
    },
    ...errors(400, 503),
  },
});

/**
 * `GET /api/health` -> `{ ok: true }` (liveness, no database) and `GET /api/ready` -> `{ ok, database }`
 * or 503 `database_unavailable` (readiness: one `select 1`, at most 5 s). Both carry `instance` when
 * the `MP_INSTANCE` variable is set: `npm start` sets a random one, so it can tell its own Worker
 * from another server that answers on the same port.
 */
export function healthRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const instance = (env: AppEnv['Bindings'] | undefined) => (env?.MP_INSTANCE ? { instance: env.MP_INSTANCE } : {});
  app.openapi(health, (c) => c.json({ ok: true as const, ...instance(c.env) }, 200));
  app.openapi(ready, async (c) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      await Promise.race([c.var.db.execute(sql`select 1`), timeout]);
      return c.json({ ok: true as const, database: 'ok' as const, ...instance(c.env) }, 200);
    } catch (err) {
      console.error(`readiness: database unreachable: ${err instanceof Error ? err.message : String(err)}`);
      // The cause stays in the log: it can name hosts and users.
      throw databaseUnavailable();
    } finally {
      clearTimeout(timer);
    }
  });
  return app;
}
