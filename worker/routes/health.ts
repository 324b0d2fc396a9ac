import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../types';

const health = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['meta'],
  summary: 'Liveness check',
  responses: { 200: { description: 'The Worker is up', content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } } } },
});

/** `GET /api/health` -> `{ ok: true }` (does not touch the database). */
export function healthRoutes() {
  return new OpenAPIHono<AppEnv>().openapi(health, (c) => c.json({ ok: true as const }, 200));
}
