import { z } from 'zod';

/**
 * Game options. `{}` is valid: every field has a default.
 * - `buildPrerequisite` (README reconstruction, "E. Build"): `station-cleared` = a Station's
 *   building spaces may be built only once that Station card has no Rubble left; `none` = any time.
 * - `thinnerFog` (rulebook, 4. Check the Weather, "Thinner Fog Variant"): Fog blocks only the last
 *   space of EXCAVATION and LAY TRACK instead of the whole Action Areas.
 * - `optionalTrackCards` (rulebook, Setup 3): shuffle the three optional Track cards (0, 6, 7
 *   Rubble) into the Track deck "for variety".
 * - `overlayBuildAfterE` (rules version 2; rulebook, B. EXCAVATION: the overlay placed "over the
 *   EXCAVATION Action Area" holds "an additional Build Action Space"): `false` (default) resolves
 *   that Build where the overlay lies, in the Excavation area's turn before C. WORKS; `true` keeps
 *   rules version 1, which resolved it as the last space of E. BUILD. Absent in games set up under
 *   rules version 1, which keep that reading (`setup` leaves it out of their state).
 */
export const snowdoniaOptions = z
  .object({
    buildPrerequisite: z
      .union([
        z.literal('station-cleared').meta({ title: 'once its Station card has no Rubble left' }),
        z.literal('none').meta({ title: 'at any time' }),
      ])
      .default('station-cleared')
      .meta({ title: 'Station building spaces may be built' })
      .describe('When a Station may be built: once it has no Rubble left (station-cleared) or at any time (none).'),
    thinnerFog: z
      .boolean()
      .default(false)
      .meta({ title: 'Thinner Fog Variant' })
      .describe('Thinner Fog variant: Fog covers only the last space of EXCAVATION and LAY TRACK.'),
    optionalTrackCards: z
      .boolean()
      .default(false)
      .meta({ title: 'Optional Track cards (0, 6 and 7)' })
      .describe('Shuffle the three optional Track cards (0, 6 and 7 Rubble) into the Track deck.'),
    overlayBuildAfterE: z
      .boolean()
      .default(false)
      .meta({ title: "EXCAVATION overlay's Build after action E (earlier reading)" })
      .describe(
        "Resolve the EXCAVATION overlay's extra Build after action E (the earlier reading) instead of where the overlay lies, before Works.",
      ),
  })
  .strict();

/** Parsed options; `overlayBuildAfterE` is absent in games set up under rules version 1. */
export type SnowdoniaOptions = Omit<z.infer<typeof snowdoniaOptions>, 'overlayBuildAfterE'> & { overlayBuildAfterE?: boolean };

/** True when the EXCAVATION overlay's Build is resolved in the Excavation area's turn (rules version 2). */
export function overlayBuildEarly(options: SnowdoniaOptions): boolean {
  return options.overlayBuildAfterE === false;
}

/** Fills defaults for a partial or missing options object (setup may be called without parsing). */
export function withDefaults(options: unknown): SnowdoniaOptions {
  const parsed: SnowdoniaOptions = snowdoniaOptions.parse(options ?? {});
  // A game from rules version 1 was stored without the key: it keeps that version's reading.
  if ((options as Partial<SnowdoniaOptions> | null | undefined)?.overlayBuildAfterE === undefined) delete parsed.overlayBuildAfterE;
  return parsed;
}
