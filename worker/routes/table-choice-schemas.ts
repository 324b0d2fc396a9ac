import { z } from '@hono/zod-openapi';

/** What a table asks of a joining player (`POST /api/games` `requirements`). */
export const RequirementsSchema = z
  .object({
    minReliability: z.number().min(0).max(1).optional().openapi({
      description:
        'A share (0-1) of their last 50 ended timed games ended without a timeout or resignation (`reliability.share` of GET /api/players/:id); a player with none falls short',
      example: 0.8,
    }),
    minFinishedGames: z.number().int().min(0).max(10000).optional().openapi({ description: 'Games they saw to the end, any type' }),
  })
  .strict()
  .openapi('TableRequirements');

/** The create fields about who plays: ratings, requirements, friends seated at once. */
export const TableChoiceFields = {
  rated: z
    .boolean()
    .default(true)
    .openapi({ description: 'The game counts for ratings (games of two human players or more; bots are never rated)' }),
  requirements: RequirementsSchema.default({}).openapi({
    description: 'A join that falls short gets 403 `below_table_requirement` with the reason in words',
  }),
  friends: z.array(z.string().min(1).max(64)).max(7).optional().openapi({
    description:
      'Friends (GET /api/me/friends) to seat at once, in seats 1.. before any bots; each is told by email. 403 `not_a_friend`. A table they fill starts when `startWhenFull`',
  }),
};
