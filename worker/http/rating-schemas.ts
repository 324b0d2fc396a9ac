import { z } from '@hono/zod-openapi';
import { TAKING_PART_MOVES } from '../services/rating-math';

const RatingValueSchema = z
  .object({
    mu: z.number(),
    sigma: z.number(),
    games: z.number().int().openapi({ description: 'Rated games of this type that made it' }),
  })
  .openapi('RatingValue', { description: 'An OpenSkill (Weng-Lin, Plackett-Luce) rating; its ordinal is mu - 3 sigma' });

const WhySchema = z
  .enum(['rated', 'unrated_table', 'private_table', 'fewer_than_two_players', 'not_played', 'nobody_left'])
  .openapi('RatedWhy', {
    description:
      'Why the game did or did not change ratings: `rated`; `unrated_table` (created with `rated: false`); `private_table` (private games change no public rating: their records are not public); ' +
      `\`fewer_than_two_players\` (a bot game); \`not_played\` (a human seat did not take part: ${TAKING_PART_MOVES} moves of its own, or one and staying until the game ended by its rules); ` +
      '`nobody_left` (abandoned with nobody to blame)',
  });

/** What a record publishes for ratings (worker/services/rating-records.ts `RatingEnding`). */
export const RatingEndingSchema = z
  .object({
    order: z.number().int().openapi({ description: "The ending's place in the order ratings were applied (ascending)" }),
    endedAt: z.string().openapi({ description: 'When the game ended (ISO)' }),
    rated: z.boolean(),
    why: WhySchema,
    seats: z.array(
      z.object({
        seat: z.number().int(),
        playerId: z
          .string()
          .nullable()
          .openapi({ description: "The player's public id (`/api/players/:id`); null for a bot or a deleted account" }),
        bot: z.boolean(),
        deleted: z.boolean().openapi({ description: 'The account was deleted since: the seat keeps its rating then, unnamed' }),
        place: z
          .number()
          .int()
          .openapi({ description: '0 best; tied seats share a place; a seat that resigned or ran out of time is last' }),
        won: z.boolean(),
        resigned: z.boolean(),
        timedOut: z.boolean(),
        rated: z.boolean().openapi({ description: "This seat's rating changed" }),
        why: z.union([WhySchema, z.literal('bot')]),
        rating: z
          .object({ before: RatingValueSchema.nullable().openapi({ description: 'Null: a newcomer' }), after: RatingValueSchema })
          .nullable()
          .openapi({ description: 'The rating before and after this game, for a rated seat' }),
      }),
    ),
  })
  .openapi('RatingEnding', {
    description:
      'What an ended game publishes for ratings: with these, in `order`, anyone can recompute every rating (`npm run ratings:rebuild -- --from <url>`)',
  });

/** One entry of `GET /api/ratings/:type/records`. */
export const RatedRecordSchema = RatingEndingSchema.extend({
  gameId: z.string(),
  type: z.string(),
  record: z.string().openapi({ description: 'The full record (moves, seed), signed out' }),
}).openapi('RatedRecord');
