/**
 * Marks on the board: which pieces, spaces and tallies differ between two drawings of the same
 * board. A board names what a player would point at with `data-mark="key"` (a Mine Cart, a shaft,
 * a Rocket, a railway space; its value is its `data-mark-value`, or its text), and every
 * `data-field` of a player mat counts too (keyed by the mat's seat). Comparing the drawings, not
 * the views, keeps one rule for all three games: what looks different is what is marked.
 *
 * The diff itself (`changedKeys`) is pure; the rest reads and writes the DOM through every shadow
 * root, and draws an earlier view off screen to read its marks (`drawnMarks`).
 */

/** Where marks are read or set: an element's tree or a shadow root. */
export type Root = Element | ShadowRoot | Document;

/** A drawing's marks: key → value. */
export type MarkMap = Map<string, string>;

/** Why a thing is marked: it changed since the seat last looked, or in the last move. */
export type MarkKind = 'since' | 'last';

/** Every element below `root`, through open shadow roots. */
function* deep(root: Root): Generator<Element> {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    yield el;
    if (el.shadowRoot) yield* deep(el.shadowRoot);
  }
}

/** The mark key of an element, or null: `data-mark`, or a mat's `data-field` with its seat. */
function keyOf(el: Element): string | null {
  const mark = el.getAttribute('data-mark');
  if (mark) return mark;
  const field = el.getAttribute('data-field');
  if (!field || field === 'status') return null;
  const seat = el.closest('[data-seat]')?.getAttribute('data-seat');
  return seat === undefined || seat === null ? `field:${field}` : `field:${field}@${seat}`;
}

function markValue(el: Element): string {
  return el.getAttribute('data-mark-value') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The marks of a drawing: each key's value (keys met twice join their values). */
export function readMarks(root: Root): MarkMap {
  const out: MarkMap = new Map();
  for (const el of deep(root)) {
    const key = keyOf(el);
    if (key === null) continue;
    const v = markValue(el);
    out.set(key, out.has(key) ? `${out.get(key)}|${v}` : v);
  }
  return out;
}

/**
 * Keys whose value differs from `before` to `after`, and keys new in `after` (a piece that
 * appeared). A key gone from `after` has nothing left to mark. Empty when `before` is empty (no
 * drawing to compare with).
 */
export function changedKeys(before: MarkMap, after: MarkMap): Set<string> {
  const out = new Set<string>();
  if (!before.size) return out;
  for (const [k, v] of after) if (before.get(k) !== v) out.add(k);
  return out;
}

const SHEET_CSS = `
[data-changed] { outline: 3px dashed var(--mp-mark-since, #d97706); outline-offset: 1px; border-radius: 3px; }
[data-changed='last'] { outline: 3px solid var(--mp-mark-last, #db2777); }
svg [data-changed] { outline: none; filter: drop-shadow(0 0 2px var(--mp-mark-since, #d97706)) drop-shadow(0 0 2px var(--mp-mark-since, #d97706)) drop-shadow(0 0 1px var(--mp-mark-since, #d97706)); }
svg [data-changed='last'] { filter: drop-shadow(0 0 2.5px var(--mp-mark-last, #db2777)) drop-shadow(0 0 2.5px var(--mp-mark-last, #db2777)) drop-shadow(0 0 1px var(--mp-mark-last, #db2777)); }
@media (prefers-reduced-motion: no-preference) {
  [data-changed='last'] { animation: mp-mark-in 0.9s ease-out 1; }
}
@keyframes mp-mark-in { from { outline-offset: 6px; } to { outline-offset: 1px; } }
`;

let sheet: CSSStyleSheet | null = null;
function markSheet(): CSSStyleSheet | null {
  if (sheet) return sheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(SHEET_CSS);
  } catch {
    return null;
  }
  return sheet;
}

/** Gives a shadow root (or the document) the marks' style once. */
function adopt(root: Document | ShadowRoot): void {
  const s = markSheet();
  if (s && !root.adoptedStyleSheets.includes(s)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, s];
}

/**
 * Sets `data-changed` (the kind) on each marked element below `root` and clears it elsewhere.
 * Returns how many elements carry each kind of mark.
 */
export function applyMarks(root: Root, marks: ReadonlyMap<string, MarkKind>): Record<MarkKind, number> {
  const n: Record<MarkKind, number> = { since: 0, last: 0 };
  for (const el of deep(root)) {
    const key = keyOf(el);
    const kind = key === null ? undefined : marks.get(key);
    if (kind) {
      if (el.getAttribute('data-changed') !== kind) el.setAttribute('data-changed', kind);
      const r = el.getRootNode();
      if (r instanceof ShadowRoot || r instanceof Document) adopt(r);
      n[kind]++;
    } else if (el.hasAttribute('data-changed')) el.removeAttribute('data-changed');
  }
  return n;
}

type Updating = Element & { updateComplete?: Promise<unknown>; isUpdatePending?: boolean };

/** Waits until the element and every Lit element below it have finished rendering. */
export async function settled(el: Element): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const pending = [el, ...deep(el.shadowRoot ?? el)].filter((e) => (e as Updating).updateComplete) as Updating[];
    await Promise.all(pending.map((e) => e.updateComplete));
    if (!pending.some((e) => e.isUpdatePending)) return;
  }
}

/**
 * The marks of the board `tag` drawn with `props`, off screen and out of the accessibility tree
 * (at `width` CSS px, so a board that lays out by its width draws the same parts); the element is
 * removed again.
 */
export async function drawnMarks(tag: string, props: object, width: number): Promise<MarkMap> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.cssText = `position:fixed;left:0;top:0;width:${Math.max(1, width)}px;height:0;overflow:hidden;visibility:hidden;pointer-events:none;contain:strict`;
  const board = document.createElement(tag);
  Object.assign(board, props);
  host.appendChild(board);
  document.body.appendChild(host);
  try {
    await settled(board);
    return readMarks(board.shadowRoot ?? board);
  } finally {
    host.remove();
  }
}
