/**
 * What changed on the board since the player last looked, from two views of the same seat: the
 * last view this browser drew (kept in localStorage per game and seat) and the one drawn now. Pure
 * (no DOM), tested in test/client/game-page.test.ts; storage is in last-view-store.ts.
 *
 * Views differ per game, so this reads only what they share: a per-player list (`players` or
 * `seats`, one object per seat in seat order) whose numbers, small number groups (a Mine Cart's
 * gold and ore, Labourers) and list lengths (cards, Upgrades) are what a returning player checks,
 * and the game's words (`quantities`) say which, in the rulebook's words.
 */

/** One changed quantity: `seat` null for the table as a whole (a round, the fuel). */
export interface ViewChange {
  seat: number | null;
  /** The quantity in the rulebook's words: "points", "Gold Nuggets in the Mine Cart". */
  what: string;
  from: number;
  to: number;
  /** Dotted path into the view, for a board that wants to mark the spot ("players.1.score"). */
  path: string;
}

/** A game's words for the quantities a returning player checks (its engine words' `quantities`, by dotted key). */
export type QuantityWords = Readonly<Record<string, string>>;

function isRecord(x: unknown): x is Record<string, unknown> {
  return !!x && typeof x === 'object' && !Array.isArray(x);
}

/** The per-player list of a view, or null when it has none. */
export function playerList(view: unknown): unknown[] | null {
  if (!isRecord(view)) return null;
  if (Array.isArray(view.players)) return view.players;
  if (Array.isArray(view.seats)) return view.seats;
  return null;
}

/** Numbers of one object, one level of nesting deep, and the lengths of its lists, by dotted path. */
function quantities(o: unknown, words: QuantityWords, depth = 0): Map<string, { what: string; n: number }> {
  const out = new Map<string, { what: string; n: number }>();
  if (!isRecord(o)) return out;
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'number' && Number.isFinite(v)) out.set(k, { what: k, n: v });
    else if (Array.isArray(v)) out.set(k, { what: `${k}(count)`, n: v.length });
    else if (isRecord(v) && depth === 0)
      for (const [p, q] of quantities(v, words, 1)) out.set(`${k}.${p}`, { what: `${k}.${q.what}`, n: q.n });
  }
  if (depth > 0) return out;
  // Only what the game's words name, in those words.
  const named = new Map<string, { what: string; n: number }>();
  for (const [path, q] of out) {
    const w = Object.hasOwn(words, q.what) ? words[q.what] : undefined;
    if (w) named.set(path, { what: w, n: q.n });
  }
  return named;
}

function diffQuantities(before: unknown, after: unknown, words: QuantityWords, seat: number | null, base: string): ViewChange[] {
  const a = quantities(before, words);
  const b = quantities(after, words);
  const changes: ViewChange[] = [];
  for (const [path, now] of b) {
    const was = a.get(path);
    if (was && was.n !== now.n) changes.push({ seat, what: now.what, from: was.n, to: now.n, path: base ? `${base}.${path}` : path });
  }
  return changes;
}

/**
 * The changes from `before` to `after` that `words` names: per seat (in seat order), then the
 * table's own top-level numbers. Empty when either is not a view or nothing named changed.
 */
export function diffViews(before: unknown, after: unknown, words: QuantityWords): ViewChange[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const changes: ViewChange[] = [];
  const pa = playerList(before);
  const pb = playerList(after);
  const key = Array.isArray(after.players) ? 'players' : 'seats';
  if (pa && pb) {
    pb.forEach((p, i) => {
      const seat = isRecord(p) && typeof p.seat === 'number' ? p.seat : i;
      changes.push(...diffQuantities(pa[i], p, words, seat, `${key}.${i}`));
    });
  }
  const top = (v: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(v).filter(([k, x]) => k !== 'players' && k !== 'seats' && !Array.isArray(x)));
  changes.push(...diffQuantities(top(before), top(after), words, null, ''));
  return changes;
}

/** "score 12 → 15". */
export function changeText(c: Pick<ViewChange, 'what' | 'from' | 'to'>): string {
  return `${c.what} ${c.from} → ${c.to}`;
}

/** Changes grouped by seat, seats first in seat order, the table (null) last. */
export function changesBySeat(changes: readonly ViewChange[]): { seat: number | null; changes: ViewChange[] }[] {
  const groups = new Map<number | null, ViewChange[]>();
  for (const c of changes) groups.set(c.seat, [...(groups.get(c.seat) ?? []), c]);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([seat, list]) => ({ seat, changes: list }));
}
