import type { LabelledMove } from '../lib/state';

/** Lists longer than this are grouped (by move kind: a card's actions, an action area) with short codes. */
export const GROUP_AFTER = 12;

/** One numbered legal move as a turn email lists it. */
export interface Choice {
  /** 1-based number in the list. */
  number: number;
  /**
   * Short code when the list is grouped (`2c`: group 2, third move), else null. Digit first, so
   * it never reads like a rulebook's own space names (Snowdonia's "A1", "B2").
   */
  code: string | null;
  label: string;
  move: unknown;
  /** What the page would ask before sending it (`effect: 'none'` or a `warning`), for the email's line. */
  note?: string;
}

/** The note of a legal move that would do nothing now, or has a warning; undefined otherwise. */
function noteOf(m: LabelledMove): string | undefined {
  const warning = m.warning?.trim().replace(/[.]+$/, '');
  if (m.effect === 'none') return warning ? `would do nothing now: ${warning}` : 'would do nothing now';
  return warning || undefined;
}

/** A heading and its choices; one untitled group when the list is short. */
export interface ChoiceGroup {
  /** 1-based group number, null when the list is not grouped. */
  index: number | null;
  heading: string | null;
  choices: Choice[];
}

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The words the labels of a group start with (before any ":"), at least the first word of the first label. */
function heading(labels: string[]): string {
  const split = labels.map((l) => l.split(':')[0].split(' '));
  const first = split[0];
  let n = first.length;
  for (const w of split.slice(1)) {
    let k = 0;
    while (k < n && k < w.length && w[k].toLowerCase() === first[k].toLowerCase()) k++;
    n = k;
  }
  return first.slice(0, Math.max(1, n)).join(' ');
}

/** `moves` grouped by `key`, groups in order of first appearance. */
function groupBy(moves: LabelledMove[], key: (m: LabelledMove) => string): LabelledMove[][] {
  const groups = new Map<string, LabelledMove[]>();
  for (const m of moves) groups.set(key(m), [...(groups.get(key(m)) ?? []), m]);
  return [...groups.values()];
}

/** Letters for the choices of a group: a, b, ... z, then aa, ab, ... */
function letters(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : letters(Math.floor(i / 26) - 1) + letters(i % 26);
}

/**
 * Numbers the legal moves for an email. Long lists are grouped: by move kind (`move.type`: a
 * card's actions, the cards to play), or when every move is of one kind, by its label without a
 * trailing "(...)" (Snowdonia's action areas: "Place a Labourer on Stock Yard"). Groups are
 * numbered in order of first appearance, each choice also getting a code (`2c`).
 */
export function numberChoices(moves: LabelledMove[]): ChoiceGroup[] {
  const flat = (): ChoiceGroup[] => [
    {
      index: null,
      heading: null,
      choices: moves.map((m, i) => ({ number: i + 1, code: null, label: m.label, move: m.move, note: noteOf(m) })),
    },
  ];
  if (moves.length <= GROUP_AFTER) return flat();
  let groups = groupBy(moves, (m) => (typeof (m.move as { type?: unknown })?.type === 'string' ? (m.move as { type: string }).type : ''));
  if (groups.length === 1) groups = groupBy(moves, (m) => m.label.replace(/\s*\([^()]*\)\s*$/, ''));
  if (groups.length === 1) return flat();
  let number = 0;
  return groups.map((group, g) => ({
    index: g + 1,
    heading: heading(group.map((m) => m.label)),
    choices: group.map((m, i) => ({ number: ++number, code: `${g + 1}${letters(i)}`, label: m.label, move: m.move, note: noteOf(m) })),
  }));
}

/** Every choice of the groups, in number order. */
export function allChoices(groups: ChoiceGroup[]): Choice[] {
  return groups.flatMap((g) => g.choices);
}

/** The lines of a choice list as an email shows them ("3. Refuel"; grouped: "[2] Move", "  5 (2b) Move 2 spaces ..."). */
export function choiceLines(groups: ChoiceGroup[]): string[] {
  return groups.flatMap((g) => [
    ...(g.heading ? [`[${g.index}] ${g.heading}`] : []),
    ...g.choices.map((c) => {
      const line = c.code ? `  ${c.number} (${c.code}) ${c.label}` : `${c.number}. ${c.label}`;
      return c.note ? `${line} (${c.note})` : line;
    }),
  ]);
}

/** What a reply line picked: a choice, or a sentence saying why none. */
export type Resolved = { choice: Choice } | { error: string };

/**
 * The choice a reply line names, case-insensitively: its number (`2`), its code (`b3`), or the
 * label's words (`go`, `refuel a`, `end turn`): every word of the line must begin a word of the
 * label, in order. When several labels fit, the one with the most whole-word matches and then
 * the fewest extra words wins; a tie is refused as ambiguous, naming the candidates.
 */
export function resolveChoice(line: string, groups: ChoiceGroup[]): Resolved {
  const choices = allChoices(groups);
  const text = line.trim().replace(/[.)]+$/, '');
  if (/^\d+$/.test(text)) {
    const c = choices.find((x) => x.number === Number(text));
    return c ? { choice: c } : { error: `There is no choice ${text}; the choices go from 1 to ${choices.length}.` };
  }
  const byCode = choices.find((x) => x.code !== null && x.code.toLowerCase() === text.toLowerCase());
  if (byCode) return { choice: byCode };
  const q = words(text);
  if (q.length === 0) return { error: `"${line}" names no choice.` };
  const scored = choices
    .map((c) => ({ c, score: matchScore(q, words(c.label)) }))
    .filter((s): s is { c: Choice; score: [number, number] } => s.score !== null)
    .sort((a, b) => b.score[0] - a.score[0] || a.score[1] - b.score[1]);
  if (scored.length === 0) return { error: `"${line}" matches none of the choices.` };
  const [best, next] = scored;
  if (next && next.score[0] === best.score[0] && next.score[1] === best.score[1]) {
    const names = scored.filter((s) => s.score[0] === best.score[0] && s.score[1] === best.score[1]).slice(0, 4);
    return {
      error: `"${line}" fits several choices (${names.map((s) => `${s.c.number}. ${s.c.label}`).join('; ')}); reply with the number.`,
    };
  }
  return { choice: best.c };
}

/** [whole-word matches, label length] when every query word begins a label word in order, else null. */
function matchScore(query: string[], label: string[]): [number, number] | null {
  let j = 0;
  let exact = 0;
  for (const w of query) {
    while (j < label.length && !label[j].startsWith(w)) j++;
    if (j === label.length) return null;
    if (label[j] === w) exact++;
    j++;
  }
  return [exact, label.length];
}
