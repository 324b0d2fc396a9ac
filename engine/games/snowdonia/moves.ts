import { z } from 'zod';
import { STATION_IDS, type StationId } from './components';

const areaId = z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
const count = (max: number) => z.number().int().min(0).max(max);

/**
 * Every move of Snowdonia: small steps (docs/design.md). Forced steps (Excavation, the Surveyor,
 * restocking, weather, events) happen inside `applyMove` and are never moves.
 *
 * - `hire-temporary`: pay your Train's Pub cost in Coal for the Temporary Labourer, before your
 *   first placement of the round (1. Assign Labourers).
 * - `place`: put a Labourer on numbered space `space` (1-based) of Action Area `area`; for G
 *   (unlimited) `space` is the next free number.
 * - `activate-contract` / `pass-contracts`: the Contract window before an Action Area resolves.
 * - `take-cubes` (A), `convert` (C), `lay-track` (D), `build-station` / `buy-train` (E),
 *   `take-contract` (F): the choices of those actions.
 * - `skip`: decline Padarn's optional extra Build.
 * - `maintain-train`: event 6, pay 1 Steel Bar (`pay: true`) or let the Train go.
 */
export const snowdoniaMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hire-temporary') }).strict(),
  z.object({ type: z.literal('place'), area: areaId, space: z.number().int().min(1).max(99) }).strict(),
  z.object({ type: z.literal('activate-contract'), contract: z.number().int().min(1).max(30) }).strict(),
  z.object({ type: z.literal('pass-contracts') }).strict(),
  z.object({ type: z.literal('take-cubes'), iron: count(6), stone: count(6), coal: count(6) }).strict(),
  z.object({ type: z.literal('convert'), steel: count(9), stone: count(9) }).strict(),
  z.object({ type: z.literal('lay-track'), count: z.number().int().min(1).max(20) }).strict(),
  z
    .object({
      type: z.literal('build-station'),
      station: z.enum(STATION_IDS as [StationId, ...StationId[]]),
      space: z.number().int().min(1).max(4),
    })
    .strict(),
  z.object({ type: z.literal('buy-train'), train: z.number().int().min(1).max(7) }).strict(),
  z.object({ type: z.literal('take-contract'), contract: z.number().int().min(1).max(30) }).strict(),
  z.object({ type: z.literal('skip') }).strict(),
  z.object({ type: z.literal('maintain-train'), pay: z.boolean() }).strict(),
]);

/** A move of Snowdonia (see `snowdoniaMove`). */
export type SnowdoniaMove = z.infer<typeof snowdoniaMove>;
/** The move of one `type`. */
export type MoveOf<T extends SnowdoniaMove['type']> = Extract<SnowdoniaMove, { type: T }>;
