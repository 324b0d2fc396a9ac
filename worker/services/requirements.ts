import type { TableRequirements } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { finishedGamesCounted, reliabilityOf } from './profiles';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Refuses a join that falls short of what the table asks (`games.requirements`), with the
 * reason in words: 403 `below_table_requirement`. A player with no ended timed game yet has no
 * reliability, so they fall short of any minimum reliability.
 */
export async function checkRequirements(db: Db, req: TableRequirements, userId: string): Promise<void> {
  if (req.minFinishedGames !== undefined && req.minFinishedGames > 0) {
    const n = await finishedGamesCounted(db, userId);
    const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
    if (n.counted < req.minFinishedGames)
      throw new ApiError(
        403,
        'below_table_requirement',
        `This table asks for at least ${plural(req.minFinishedGames, 'finished game')} against different opponents; ${n.counted} of yours count: ` +
          `${plural(n.games, 'game')} finished with every seat taking part, against ${plural(n.opponents, 'different opponent')} ` +
          '(each opponent counts once, however many games you played them; a profile\'s "finished" counts every finished game).',
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
