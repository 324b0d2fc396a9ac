/**
 * The chat in words (pure: no DOM, no fetch; tested in test/client/table.test.ts): mentions of
 * players by name, merging polled lines, and what the send box says about a draft.
 */
import { findMentions, mentionCompletions, normaliseName } from '../engine/core/mentions';
import type { ChatLine } from './api-types';

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
