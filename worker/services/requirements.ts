import type { TableRequirements } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { finishedGamesOf, reliabilityOf } from './profiles';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Refuses a join that falls short of what the table asks (`games.requirements`), with the
 * reason in words: 403 `below_table_requirement`. A player with no ended timed game yet has no
 * reliability, so they fall short of any minimum reliability.
 */
export async function checkRequirements(db: Db, req: TableRequirements, userId: string): Promise<void> {
  if (req.minFinishedGames !== undefined && req.minFinishedGames > 0) {
    const n = await finishedGamesOf(db, userId);
    if (n < req.minFinishedGames)
      throw new ApiError(
        403,
        'below_table_requirement',
        `This table asks for players who have finished at least ${req.minFinishedGames} games; you have finished ${n} (games everyone took part in, against as many different players).`,
      );
  }
  if (req.minReliability !== undefined && req.minReliability > 0) {
    const r = await reliabilityOf(db, userId);
    if (r.share === null)
      throw new ApiError(
        403,
        'below_table_requirement',
        `This table asks for a reliability of at least ${percent(req.minReliability)}; you have no finished timed game yet.`,
      );
    if (r.share < req.minReliability)
      throw new ApiError(
        403,
        'below_table_requirement',
        `This table asks for a reliability of at least ${percent(req.minReliability)}; yours is ${percent(r.share)} (${Math.round(r.share * r.finished)} of your last ${r.finished} timed games ended without a timeout or resignation).`,
      );
  }
}
