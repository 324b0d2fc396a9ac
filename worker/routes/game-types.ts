import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { z as zod } from 'zod';
import { ApiError } from '../http/errors';
import { errors, jsonResponse, noAuth, SeatChoiceSchema } from '../http/schemas';
import type { AppEnv } from '../types';

const GameType = z
  .object({
    id: z.string(),
    title: z.string(),
    minPlayers: z.number().int(),
    maxPlayers: z.number().int(),
    rulesVersion: z.string(),
    options: z.record(z.string(), z.unknown()).openapi({ description: 'JSON Schema of the options object' }),
    seatChoices: z
      .array(SeatChoiceSchema)
      .openapi({ description: 'Choices each player makes for their own seat (`choices` when creating or joining); empty for most games' }),
  })
  .openapi('GameType');

const list = createRoute({
  method: 'get',
  path: '/api/game-types',
  operationId: 'listGameTypes',
  security: noAuth,
  tags: ['games'],
  summary: "The games this server offers, with a JSON Schema of each one's options",
  responses: { 200: jsonResponse('Game types', z.array(GameType)), ...errors(400) },
});

const RulesNote = z
  .object({
    id: z.string().openapi({ example: 'fate-on-empty-basin' }),
    text: z.string(),
    option: z.string().optional().openapi({ description: 'The game option that switches this reading' }),
  })
  .openapi('RulesNote');

const Rules = z
  .object({
    id: z.string(),
    title: z.string(),
    rulesVersion: z.string(),
    summary: z.object({ goal: z.string(), turn: z.array(z.string()), end: z.string(), scoring: z.string() }),
    notes: z.array(RulesNote),
  })
  .openapi('Rules');

const rules = createRoute({
  method: 'get',
  path: '/api/game-types/{id}/rules',
  operationId: 'getRules',
  security: noAuth,
  tags: ['games'],
  summary: 'How to play: a short summary in our own words and the readings the engine chose where the rulebook is silent or unclear',
  request: { params: z.object({ id: z.string().max(64).openapi({ example: 'big-thunder' }) }) },
  responses: { 200: jsonResponse('How to play', Rules), ...errors(400, 404) },
});

/** `GET /api/game-types` and `GET /api/game-types/:id/rules` (404 `unknown_game_type`). */
export function gameTypeRoutes() {
  return new OpenAPIHono<AppEnv>()
    .openapi(list, (c) =>
      c.json(
        c.var.registry.list().map((g) => ({
          id: g.id,
          title: g.title,
          minPlayers: g.minPlayers,
          maxPlayers: g.maxPlayers,
          rulesVersion: g.rulesVersion,
          options: zod.toJSONSchema(g.optionsSchema, { io: 'input' }) as Record<string, unknown>,
          seatChoices: (g.seatChoices ?? []).map((c) => ({ id: c.id, label: c.label, values: c.values.map((v) => ({ ...v })) })),
        })),
        200,
      ),
    )
    .openapi(rules, (c) => {
      const id = c.req.valid('param').id;
      const game = c.var.registry.list().find((g) => g.id === id);
      if (!game?.howToPlay) throw new ApiError(404, 'unknown_game_type', `This server does not offer the game type "${id}".`);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({ id: game.id, title: game.title, rulesVersion: game.rulesVersion, ...game.howToPlay }, 200);
    });
}
