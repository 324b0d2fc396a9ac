import { z } from '@hono/zod-openapi';
import { TimeControlInput } from '../time-control/rules';

/** A time control as game answers carry it (the stored object form). */
export const TimeControlSchema = z
  .union([
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('per-move'), hours: z.number().int() }),
    z.object({ kind: z.literal('bank'), initialHours: z.number().int(), incrementHours: z.number().int(), maxHours: z.number().int() }),
  ])
  .openapi('TimeControl', {
    description:
      '`per-move`: each time a seat must act it gets `hours`. `bank`: a seat starts with `initialHours`, its clock runs only while it must act, and each finished turn adds `incrementHours`, never past `maxHours`. `none`: no clock.',
  });

/** What create accepts for `timeControl`. */
export const TimeControlInputSchema = TimeControlInput.describe(
  'A preset: `none`, `fast` (bank 72 h + 12 h a turn, at most 120 h), `slow` (72 h + 36 h, at most 240 h), `24h`, `48h`, `72h`, `120h`, `168h` (per move); or an object `{ "kind": "per-move", "hours": 24|48|72|120|168 }` or `{ "kind": "bank", "initialHours", "incrementHours", "maxHours" }`',
);

/** One seat's clock at the time of the answer. */
export const ClockSchema = z
  .object({
    seat: z.number().int(),
    remainingMs: z.number().int().openapi({ description: 'Milliseconds left at the time of the answer' }),
    running: z.boolean().openapi({ description: 'The seat must act and nothing stops its clock now' }),
    pausedBy: z.enum(['vacation', 'weekend', 'table']).nullable().openapi({ description: 'What stops the clock now, if anything' }),
    runsOutAt: z.string().nullable().openapi({ description: 'While the seat must act: when its clock reaches 0 (ISO), pauses included' }),
    votesOpen: z.array(z.enum(['extension', 'bot'])).openapi({
      description:
        "The others' votes on this seat open now (always empty at a table of fewer than three human players, and on a bot): `extension` once the seat is late (its clock has run 24 h in this turn, or is in its last 24 h with over half its time used; once a game), `bot` once its clock has run 24 h in this turn; none while its clock stands still (a table pause, a vacation, a weekend)",
    }),
  })
  .openapi('Clock');

/** The clock fields every game answer carries (`GET /api/games/:id`, `GET /api/games`). */
export const ClockSummaryFields = {
  timeControl: TimeControlSchema,
  timeControlText: z.string().openapi({ description: 'The time control in words ("Fast: 72 h, +12 h a turn, at most 120 h")' }),
  weekendPause: z.boolean().openapi({ description: "A seat's clock stands still over the weekend in its player's time zone" }),
  allowVacation: z.boolean().openapi({ description: "A player's vacation stops their clock at this table" }),
  clocks: z.array(ClockSchema).openapi({ description: 'Each seat’s clock while the game runs (empty without a time control)' }),
  pause: z
    .object({ until: z.string(), by: z.number().int() })
    .nullable()
    .openapi({ description: 'The pause of the whole table under way (agreed by every player), or null' }),
  pauseProposal: z
    .object({ by: z.number().int(), days: z.number().int(), agreed: z.array(z.number().int()) })
    .nullable()
    .openapi({ description: 'A pause a player proposed, waiting for every other human player to agree' }),
  votes: z
    .array(z.object({ kind: z.enum(['extension', 'bot']), seat: z.number().int(), voters: z.array(z.number().int()) }))
    .openapi({ description: 'Votes of the other players on a seat: one extension of 24 h, or the bot at once' }),
  away: z
    .array(z.object({ seat: z.number().int(), until: z.string() }))
    .openapi({ description: 'Seats whose player is on vacation now (their clock stands still), and until when' }),
};
