/**
 * Pure helpers for what happens around the table: chat (mentions, merging polled lines), bots
 * and resigning on the new-game form and game page, replay steps, and the record checks on the
 * verify page. No DOM, no fetch: tested in test/client/table.test.ts.
 */
import { findMentions, mentionCompletions, normaliseName } from '../engine/core/mentions';
import type { ChatLine, GameStatus, SeatInfo } from './api-types';

// ---------------------------------------------------------------------------------------------
// Chat

/** At most this many chat lines are kept on screen (the oldest go first). */
export const CHAT_KEEP = 500;
export const CHAT_MAX_LENGTH = 1000;

/** A piece of a chat line: plain text, or an `@name` mention (`you` when it names the viewer). */
export type ChatSegment = { text: string; mention: false } | { text: string; mention: true; name: string; you: boolean };

/**
 * Splits a chat line into text and `@name` mentions of the seated `names`, read as the server
 * reads them (`findMentions`: the longest seated name after `@`, case-insensitive, NFC), so the
 * page can highlight mentions without ever treating the text as HTML. `myName` marks mentions of
 * the viewer. The text is shown in NFC.
 */
export function chatSegments(text: string, names: readonly (string | null)[], myName: string | null | undefined): ChatSegment[] {
  const t = text.normalize('NFC');
  const seated = names.filter((n): n is string => !!n);
  const me = myName ? normaliseName(myName).toLowerCase() : null;
  const out: ChatSegment[] = [];
  let at = 0;
  for (const m of findMentions(t, myName ? [...seated, myName] : seated)) {
    if (m.start > at) out.push({ text: t.slice(at, m.start), mention: false });
    out.push({
      text: t.slice(m.start, m.end),
      mention: true,
      name: m.name,
      you: me !== null && normaliseName(m.name).toLowerCase() === me,
    });
    at = m.end;
  }
  if (at < t.length) out.push({ text: t.slice(at), mention: false });
  return out;
}

/** Whether a chat line mentions the viewer (among the seated `names`, as `chatSegments` reads it). */
export function mentionsMe(text: string, names: readonly (string | null)[], myName: string | null | undefined): boolean {
  return chatSegments(text, names, myName).some((s) => s.mention && s.you);
}

/**
 * Completing a mention in the chat box: the seated names that start with what follows the `@`
 * before the caret, and the draft with one of them put in (`@Name ` and the caret after it).
 */
export function completeMention(
  draft: string,
  caret: number,
  names: readonly (string | null)[],
): { names: string[]; apply: (name: string) => { draft: string; caret: number } } | null {
  const found = mentionCompletions(
    draft.slice(0, caret),
    names.filter((n): n is string => !!n),
  );
  if (!found) return null;
  return {
    names: found.names,
    apply: (name) => {
      const before = `${draft.slice(0, found.from)}@${name} `;
      return { draft: before + draft.slice(caret).replace(/^ /, ''), caret: before.length };
    },
  };
}

/**
 * Adds freshly polled (or just posted) lines to those on screen: each id once, oldest first,
 * the newest `keep` only. A line posted by this page can arrive twice (the POST's answer and
 * the next poll); it is shown once.
 */
export function mergeChat(current: readonly ChatLine[], fresh: readonly ChatLine[], keep = CHAT_KEEP): ChatLine[] {
  if (fresh.length === 0) return current as ChatLine[];
  const byId = new Map<number, ChatLine>();
  for (const l of current) byId.set(l.id, l);
  for (const l of fresh) byId.set(l.id, l);
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  return all.length > keep ? all.slice(all.length - keep) : all;
}

/** The `after` to poll with: the newest id we have, or 0. */
export function lastChatId(lines: readonly ChatLine[]): number {
  let max = 0;
  for (const l of lines) if (l.id > max) max = l.id;
  return max;
}

/** What the send box says about a draft: null when it may be sent. */
export function chatDraftProblem(draft: string): string | null {
  const t = draft.trim();
  if (t.length === 0) return 'Write something first.';
  if (t.length > CHAT_MAX_LENGTH) return `A chat message has at most ${CHAT_MAX_LENGTH} characters (this one has ${t.length}).`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Seats, bots, resigning, rematch

/** The numbers of bots one can ask for at `players` seats: 0 .. players - 1 (you keep seat 1). */
export function botChoices(players: number): number[] {
  return Array.from({ length: Math.max(0, players) }, (_, i) => i);
}

/** Keeps a bot count valid when the number of players changes. */
export function clampBots(bots: number, players: number): number {
  if (!Number.isFinite(bots) || bots < 0) return 0;
  return Math.min(Math.floor(bots), Math.max(0, players - 1));
}

/** With a bot in every other seat the server starts the game at once. */
export function startsAtOnce(players: number, bots: number): boolean {
  return bots > 0 && bots === players - 1;
}

/**
 * A seat the server lists is taken, by a player or by the built-in bot: empty seats are never
 * listed. (Do not look for a user id: a private game's invite preview hides them.)
 */
export function seatTaken(s: SeatInfo | undefined): boolean {
  return !!s;
}

/** The empty seats of a table (0-based), in order. */
export function emptySeats(players: number, seats: readonly SeatInfo[]): number[] {
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  return Array.from({ length: players }, (_, i) => i).filter((i) => !seatTaken(bySeat.get(i)));
}

/**
 * The viewer's seat as the page should treat it: the state's answer once there is one (the
 * server's authority on who may move), else the meta's - except a seat the bot now plays (the
 * viewer resigned it), which makes them a watcher.
 */
export function viewerSeat(metaSeat: number | null, seats: readonly SeatInfo[], stateSeat?: number | null): number | null {
  if (stateSeat !== undefined) return stateSeat;
  if (metaSeat === null) return null;
  return seats.find((s) => s.seat === metaSeat)?.isBot ? null : metaSeat;
}

export function isOver(status: GameStatus | string): boolean {
  return status === 'finished' || status === 'abandoned';
}

/** What resigning does, in the words of the confirm step. */
export function resignConsequence(onResign: 'bot' | 'end' | undefined): string {
  return onResign === 'end'
    ? 'The game ends for everyone, and nobody wins it.'
    : 'The built-in bot plays your seat from now on, and you watch.';
}

export const ON_RESIGN: readonly { value: 'bot' | 'end'; label: string }[] = [
  { value: 'bot', label: 'A bot takes over the seat' },
  { value: 'end', label: 'The game ends' },
];

/**
 * Whether the signed-in user once sat at this table and gave the seat to the bot (the server
 * then treats them as a watcher).
 */
export function resignedSeat(seats: readonly SeatInfo[], userId: string | null | undefined): number | null {
  if (!userId) return null;
  return seats.find((s) => s.userId === userId && s.isBot)?.seat ?? null;
}

// ---------------------------------------------------------------------------------------------
// Replay

/** A step number kept within 1..version (1 when the game has no events yet). */
export function clampStep(seq: number, version: number): number {
  const max = Math.max(1, Math.floor(version));
  if (!Number.isFinite(seq)) return max;
  return Math.min(max, Math.max(1, Math.floor(seq)));
}

const KIND_TEXT: Record<string, string> = {
  create: 'The game was created',
  join: 'A seat was taken',
  start: 'The game started',
  move: 'A move',
  undo: 'A move was taken back',
  resign: 'A player resigned',
  timeout: 'Time ran out',
  abandon: 'The game was abandoned',
};

/** A short caption for a replay step's event kind. */
export function stepCaption(kind: string | null): string {
  if (!kind) return '';
  return KIND_TEXT[kind] ?? kind.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Which view the replay shows: the viewer's own (or the spectators'), a seat's, or the full state. */
export type ReplayLens = { kind: 'own' } | { kind: 'seat'; seat: number } | { kind: 'state' };

/** The value for a lens in the seat picker, and back. */
export function lensValue(l: ReplayLens): string {
  return l.kind === 'seat' ? `seat-${l.seat}` : l.kind;
}

export function parseLens(value: string): ReplayLens {
  const m = /^seat-(\d+)$/.exec(value);
  if (m) return { kind: 'seat', seat: Number(m[1]) };
  return value === 'state' ? { kind: 'state' } : { kind: 'own' };
}

/**
 * The view to draw for a lens, and the seat the board should draw it for. A seat's view or the
 * full state exists only once the game is over (`views`/`state` non-null); otherwise the
 * viewer's own view is used.
 */
export function lensView(
  step: { view: unknown; views: unknown[] | null; state: unknown; yourSeat: number | null },
  lens: ReplayLens,
): { view: unknown; seat: number | null; raw: boolean } {
  if (lens.kind === 'seat' && step.views && lens.seat >= 0 && lens.seat < step.views.length) {
    return { view: step.views[lens.seat], seat: lens.seat, raw: false };
  }
  if (lens.kind === 'state' && step.state !== null && step.state !== undefined) return { view: step.state, seat: null, raw: true };
  return { view: step.view, seat: step.yourSeat, raw: false };
}

// ---------------------------------------------------------------------------------------------
// Records

/** The file name a downloaded record gets. */
export function recordFileName(gameId: string): string {
  return `mountain-post-${gameId.replace(/[^A-Za-z0-9_-]+/g, '-')}.json`;
}

/** Plain words for the checks `verifyRecord` makes (engine/core/record.ts). */
export const CHECK_TEXT: Record<string, string> = {
  format: 'Record format',
  'seed published': 'Seed published',
  'seed hash': 'Seed matches its published hash',
  'game type': 'Game known to this client',
  'rules version': 'Same rules version',
  complete: 'Every move present',
  replay: 'Moves replay legally',
  result: 'Same result',
  'final state': 'Same final state',
};

export function checkLabel(name: string): string {
  return CHECK_TEXT[name] ?? name.replace(/^./, (c) => c.toUpperCase());
}

/** Parses pasted or uploaded text as a record: the object, or a message saying what is wrong. */
export function parseRecordText(text: string): { ok: true; record: Record<string, unknown> } | { ok: false; error: string } {
  const t = text.trim();
  if (!t) return { ok: false, error: 'Paste a game record, or choose a record file.' };
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch (err) {
    return { ok: false, error: `This is not valid JSON: ${(err as Error).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'A game record is a JSON object.' };
  return { ok: true, record: value as Record<string, unknown> };
}
