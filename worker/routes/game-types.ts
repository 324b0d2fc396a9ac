import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { z as zod } from 'zod';
import { errors, jsonResponse, noAuth } from '../http/schemas';
import type { AppEnv } from '../types';

const GameType = z
  .object({
    id: z.string(),
    title: z.string(),
    minPlayers: z.number().int(),
    maxPlayers: z.number().int(),
    rulesVersion: z.string(),
    options: z.record(z.string(), z.unknown()).openapi({ description: 'JSON Schema of the options object' }),
  })
  .openapi('GameType');

const list = createRoute({
  method: 'get',
  path: '/api/game-types',
  operationId: 'listGameTypes',
  security: noAuth,
  tags: ['games'],
  summary: 'The games this server offers, with a JSON Schema of each one\'s options',
  responses: { 200: jsonResponse('Game types', z.array(GameType)), ...errors(400) },
});

/** `GET /api/game-types`. */
export function gameTypeRoutes() {
  return new OpenAPIHono<AppEnv>().openapi(list, (c) =>
    c.json(
      c.var.registry.list().map((g) => ({
        id: g.id,
        title: g.title,
        minPlayers: g.minPlayers,
        maxPlayers: g.maxPlayers,
        rulesVersion: g.rulesVersion,
        options: zod.toJSONSchema(g.optionsSchema, { io: 'input' }) as Record<string, unknown>,
      })),
      200,
    ),
  );
}
