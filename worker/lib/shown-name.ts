import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * A player's name as everyone sees it: the display name, and after it the distinguishing mark of
 * a name another account shares (`users.name_mark`, " #3f9a"), so two accounts that had the same
 * name before names were kept unique never read alike (the lobby, seats, chat, profiles, reports).
 */
export const shownName = sql<string>`(${users.name} || coalesce(' ' || ${users.nameMark}, ''))`;
