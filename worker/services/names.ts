import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { nameKey, nameMarkOf } from '../../db/name-key';
import { userNames, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { randomHex } from '../lib/crypto';
import { lockForLimit } from '../lib/limit-lock';
import { shownName } from '../lib/shown-name';
import type { User } from '../types';

/**
 * Display names that are yours: a name is refused when it reads like another account's (the same
 * `nameKey`: NFKC, blanks and invisible characters out, the TR39 confusables skeleton read in
 * either case). Names two
 * accounts shared before keys were kept stay, each shown with its mark (`shownName`).
 */

/** A given name for a new account ("Player 4821"): never derived from the address. */
export function neutralName(): string {
  return `Player ${1000 + (parseInt(randomHex(4), 16) % 9000)}`;
}

/** True for a name of the `neutralName` form (with its mark, if it has one): one the account was given, never one its player chose. */
export function isNeutralName(name: string): boolean {
  return /^Player \d{4}( #[0-9a-f]{4})?$/.test(name);
}

/** Labels the app itself shows in place of a player's name: a deleted account's seat, a seat the bot plays, a player not named. */
const RESERVED_LABELS = ['Deleted player', 'Bot', 'Player'];
const RESERVED_KEYS = new Set(RESERVED_LABELS.map(nameKey));
const PLAYER_KEY = nameKey('Player');
const DIGIT_KEYS = new Set(Array.from('0123456789', nameKey));

/**
 * Why `name` cannot be chosen though no account has it, or null: it reads (by `nameKey`, so in any
 * case and with look-alike letters) as a label the app shows for no player ("Deleted player",
 * "Bot", "Player") or as the form new accounts are given ("Player" and digits: "Ρlayer
 * 1234" with a Greek Rho too).
 */
export function reservedNameReason(name: string): string | null {
  const key = nameKey(name);
  if (RESERVED_KEYS.has(key)) {
    const label = RESERVED_LABELS.find((l) => nameKey(l) === key);
    const what = name.trim() === label ? `"${name.trim()}" is` : `"${name}" reads as "${label}",`;
    return `${what} a label the app shows for seats that no player names: choose a name of your own.`;
  }
  if (key.startsWith(PLAYER_KEY) && Array.from(key.slice(PLAYER_KEY.length)).every((c) => DIGIT_KEYS.has(c)))
    return `"${name}" reads as the form of name new accounts are given ("Player" and digits): choose one of your own.`;
  return null;
}

/** Whether an account other than `exceptId` has a name that reads as `key` does. */
async function keyTaken(db: Db, key: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.nameKey, key), ne(users.id, exceptId)) : eq(users.nameKey, key))
    .limit(1);
  return !!row;
}

/**
 * The given name of an account being made (id `id`), inside its transaction: a "Player NNNN" no
 * other name reads like, else (after a few draws) one marked as shared.
 */
export async function givenName(tx: Db, id: string): Promise<{ name: string; nameKey: string; nameMark: string | null }> {
  let name = neutralName();
  for (let i = 0; i < 5; i++) {
    if (!(await keyTaken(tx, nameKey(name), null))) return { name, nameKey: nameKey(name), nameMark: null };
    name = neutralName();
  }
  return { name, nameKey: nameKey(name), nameMark: nameMarkOf(id) };
}

/** Remembers that the account had `name` (`user_names`: what its deletion takes out of others' rows). */
export async function rememberName(tx: Db, userId: string, name: string, at: Date): Promise<void> {
  await tx.insert(userNames).values({ userId, name, since: at }).onConflictDoNothing();
}

/**
 * Renames a user (`PATCH /api/me`); returns the user as shown. Under an advisory lock on the new
 * name's key, so two accounts asking for names that read alike at once cannot both get them.
 * Throws 400 `bad_name` (the name holds "#" or something that reads as it: the sign of a shared
 * name's mark; or it reads as a label or given name, `reservedNameReason`) and 400 `name_taken`
 * (another account's name reads the same).
 */
export async function renameUser(db: Db, userId: string, name: string, now: Date): Promise<User> {
  const key = nameKey(name);
  if (key === '') throw new ApiError(400, 'bad_name', 'A display name needs at least one visible character (blank fillers are not).');
  const reserved = reservedNameReason(name);
  if (reserved) throw new ApiError(400, 'bad_name', reserved);
  if (key.includes('#'))
    throw new ApiError(
      400,
      'bad_name',
      'A display name cannot contain "#" (or a sign that reads as it): it marks names two accounts share.',
    );
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockForLimit(tx, 'name', key);
    if (await keyTaken(tx, key, userId))
      throw new ApiError(
        400,
        'name_taken',
        `Another player's name reads the same as "${name}" (names are compared without case, invisible characters or look-alike letters): choose another.`,
      );
    await tx.update(users).set({ name, nameKey: key, nameMark: null }).where(eq(users.id, userId));
    await rememberName(tx, userId, name, now);
    const [u] = await tx.select({ id: users.id, email: users.email, name: shownName }).from(users).where(eq(users.id, userId));
    return u;
  });
}

/**
 * A display name to offer a player who has not chosen one (`GET /api/me` `suggestedName`), made
 * from the local part of their address and shown to them alone: any "+tag" dropped, the words
 * between dots, dashes and underscores capitalised ("ada.lovelace+games@..." -> "Ada Lovelace"),
 * letters and digits only, at most 40 characters; never the address itself (no "@"). When another
 * account's name reads the same, the lowest free "Ada Lovelace 2", "... 3" (one query for the keys
 * that start alike). Null when the local part has no letter.
 */
export async function suggestName(db: Db, user: User): Promise<string | null> {
  const local = user.email.split('@')[0].split('+')[0];
  const words = local
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.charAt(0).toLocaleUpperCase('en') + w.slice(1));
  const base = words.join(' ').slice(0, 34).trim();
  if (!/\p{L}/u.test(base)) return null;
  const prefix = nameKey(base);
  const taken = new Set(
    (
      await db
        .select({ key: users.nameKey })
        .from(users)
        .where(and(like(users.nameKey, `${prefix.replace(/[\\%_]/g, '\\$&')}%`), ne(users.id, user.id)))
        .limit(200)
    ).map((r) => r.key),
  );
  for (let n = 1; n <= 100; n++) {
    const name = n === 1 ? base : `${base} ${n}`;
    if (!taken.has(nameKey(name))) return name;
  }
  return base;
}

/** Every name the accounts `ids` have had (`user_names`), their current ones included. */
export async function namesEverUsed(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const had = await db.select({ name: userNames.name }).from(userNames).where(inArray(userNames.userId, ids));
  const now = await db
    .select({ name: users.name, shown: sql<string>`${shownName}` })
    .from(users)
    .where(inArray(users.id, ids));
  return [...new Set([...had.map((h) => h.name), ...now.flatMap((n) => [n.name, n.shown])])];
}
