/**
 * The legal moves of a seat grouped by move type, the one way every board (and the words of a
 * game) reads the list the server computed. Pure; imports nothing, so the client carries it.
 */

/** An entry of a legal-move list (`{ label, move }` from the API, or a bare `{ move }`) whose move is `M`. */
export type ListedAs<L extends { move: unknown }, M> = Omit<L, 'move'> & { move: M };

/** A seat's legal moves by `type` (see `groupMoves`). `M` is the game's move union. */
export interface MovesByType<M extends { type: string }, L extends { move: unknown } = { move: M }> {
  /** The listed moves of type `t`, in the list's order; empty when none. */
  of<T extends M['type']>(t: T): ListedAs<L, Extract<M, { type: T }>>[];
  /** The first listed move of type `t` (that `where` accepts), or null. */
  first<T extends M['type']>(t: T, where?: (move: Extract<M, { type: T }>) => boolean): ListedAs<L, Extract<M, { type: T }>> | null;
  /** Whether a move of type `t` is listed. */
  has(t: M['type']): boolean;
  /** The types listed, in order of first appearance. */
  types: M['type'][];
  /** Every entry whose type is none of `types` (and every entry that is no move), in the list's order. */
  except(types: readonly M['type'][]): L[];
  /** Entries that are no move of a game (no string `type`) and repeats of a move already listed. */
  other: L[];
}

/**
 * Groups `listed` by `move.type`. Every entry lands in exactly one place: its type's list, or
 * `other` when its move has no string `type` or repeats an earlier entry's move (compared as
 * JSON), so a board built on the groups offers exactly the moves the server listed.
 */
export function groupMoves<M extends { type: string }, L extends { move: unknown } = { move: M }>(
  listed: readonly L[] | null | undefined,
): MovesByType<M, L> {
  const byType = new Map<string, L[]>();
  const other: L[] = [];
  const seen = new Set<string>();
  for (const entry of listed ?? []) {
    const move = entry?.move as { type?: unknown } | null | undefined;
    const key = JSON.stringify(move ?? null);
    if (!move || typeof move !== 'object' || typeof move.type !== 'string' || seen.has(key)) {
      if (entry) other.push(entry);
      continue;
    }
    seen.add(key);
    const list = byType.get(move.type);
    if (list) list.push(entry);
    else byType.set(move.type, [entry]);
  }
  const of = <T extends M['type']>(t: T) => (byType.get(t) ?? []) as unknown as ListedAs<L, Extract<M, { type: T }>>[];
  return {
    of,
    first: (t, where) => of(t).find((e) => !where || where(e.move)) ?? null,
    has: (t) => byType.has(t),
    types: [...byType.keys()] as M['type'][],
    except: (types) => (listed ?? []).filter((e) => e && !types.some((t) => byType.get(t)?.includes(e))),
    other,
  };
}
