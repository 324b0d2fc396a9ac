import { z } from 'zod';

/**
 * Game options. `{}` is valid: every field has a default.
 * - `buildPrerequisite` (README reconstruction, "E. Build"): `station-cleared` = a Station's
 *   building spaces may be built only once that Station card has no Rubble left; `none` = any time.
 * - `thinnerFog` (rulebook, 4. Check the Weather, "Thinner Fog Variant"): Fog blocks only the last
 *   space of EXCAVATION and LAY TRACK instead of the whole Action Areas.
 * - `optionalTrackCards` (rulebook, Setup 3): shuffle the three optional Track cards (0, 6, 7
 *   Rubble) into the Track deck "for variety".
 */
export const snowdoniaOptions = z
  .object({
    buildPrerequisite: z
      .enum(['station-cleared', 'none'])
      .default('station-cleared')
      .describe('When a Station may be built: once it has no Rubble left (station-cleared) or at any time (none).'),
    thinnerFog: z.boolean().default(false).describe('Thinner Fog variant: Fog covers only the last space of EXCAVATION and LAY TRACK.'),
    optionalTrackCards: z.boolean().default(false).describe('Shuffle the three optional Track cards (0, 6 and 7 Rubble) into the Track deck.'),
  })
  .strict();

export type SnowdoniaOptions = z.infer<typeof snowdoniaOptions>;

/** Fills defaults for a partial or missing options object (setup may be called without parsing). */
export function withDefaults(options: unknown): SnowdoniaOptions {
  return snowdoniaOptions.parse(options ?? {});
}
