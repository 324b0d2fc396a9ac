import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { chatMessages, gameEvents, outbox, playerNotes, reportActions, reports, users, type ExcerptLine } from '../../db/schema';
import type { Db } from '../../db/types';
import { DELETED_PLAYER } from '../lib/game-rows';

/** What an account left in rows that are not its own: its id, address and every name it had. */
export interface Traces {
  userId: string;
  email: string;
  names: string[];
  /** Other accounts' names that hold one of `names` as a word ("Vandal Host" for a "Vandal"): left as they are. */
  keep?: string[];
}

/** Stands in for a deleted account's address where another row quoted it (an operator's action on a report). */
const DELETED_ADDRESS = 'deleted account';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * Rewrites text so it no longer names the account: each of its names (the longest first, in any
 * case, where no letter or digit joins it to a longer word) reads "Deleted player", and its id and
 * address read "deleted"; another account's name that holds one of them (`keep`) stays whole. A
 * string that is only the id becomes null in `scrubValue`.
 */
export function scrubText(text: string, t: Traces): string {
  const word = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'giu');
  const kept: string[] = [];
  let out = text;
  for (const name of [...new Set(t.keep ?? [])].sort((a, b) => b.length - a.length))
    out = out.replace(word(name), (m) => `\ufdd0${String.fromCharCode(0xe000 + kept.push(m) - 1)}\ufdd0`);
  const names = [...new Set(t.names.filter((n) => n.trim().length > 0))].sort((a, b) => b.length - a.length);
  for (const name of names) out = out.replace(word(name), DELETED_PLAYER);
  out = out.replace(/\ufdd0([\ue000-\uf8ff])\ufdd0/g, (_, c: string) => kept[c.charCodeAt(0) - 0xe000]);
  return out
    .split(t.userId)
    .join('deleted')
    .replace(new RegExp(escapeRe(t.email), 'gi'), 'deleted');
}

/** `scrubText` over every string of a JSON value (keys kept); a string that is the account's id alone becomes null. */
export function scrubValue(value: unknown, t: Traces): unknown {
  if (typeof value === 'string') return value === t.userId ? null : scrubText(value, t);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, t));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, t)]));
  return value;
}

/** A name as HTML text holds it (hono's `html` escaping, and the shorter forms a mail may use). */
const htmlForms = (name: string) => [
  name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
  name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;'),
];

/** Web addresses and email addresses in a text: what `scrubQuote` never rewrites a name in. */
const ADDRESSES = /([a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+|[^\s@"'<>()]+@[^\s@"'<>()]+)/giu;

/**
 * `scrubText` for the words of a notice (subject, body, HTML): the account's names go from the
 * prose, but no web or email address is touched by a name (a "Vandal" leaves
 * "bystander@vandal.test" as it was); the account's own id and address go everywhere.
 */
export function scrubQuote(text: string, t: Traces, html = false): string {
  const named = html ? { ...t, names: [...t.names, ...t.names.flatMap(htmlForms)] } : t;
  return text
    .split(ADDRESSES)
    .map((part, i) =>
      i % 2 === 0
        ? scrubText(part, named)
        : part
            .split(t.userId)
            .join('deleted')
            .replace(new RegExp(escapeRe(t.email), 'gi'), 'deleted'),
    )
    .join('');
}

/** The keys of an outbox payload that hold words a reader reads (the rest are addresses, ids, URLs, settings). */
const PROSE_KEYS = new Set(['subject', 'text', 'html', 'raw', 'lines', 'detail']);

/**
 * An outbox payload with the account taken out of its words only (`PROSE_KEYS`, at any depth:
 * an email's subject, text and HTML, a ready-made message's subject and lines, a notice's
 * detail), never out of its addresses or links; the account's id goes from every string.
 */
export function scrubNotice(value: unknown, t: Traces, key = ''): unknown {
  if (typeof value === 'string') {
    if (PROSE_KEYS.has(key)) return scrubQuote(value, t, key === 'html' || key === 'raw');
    return value === t.userId ? null : value.split(t.userId).join('deleted');
  }
  if (Array.isArray(value)) return value.map((v) => scrubNotice(v, t, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubNotice(v, t, k)]));
  return value;
}

/** A condition that the text of `column` may hold one of the traces (a superset: `scrubText` decides). */
function mayHold(column: SQL | unknown, t: Traces): SQL {
  const needles = [t.userId, t.email, ...t.names.flatMap((n) => [n, JSON.stringify(n).slice(1, -1), ...htmlForms(n)])].filter(
    (n) => n.trim().length > 0,
  );
  const patterns = [...new Set(needles)].map((n) => `%${escapeLike(n)}%`);
  return sql`${column}::text ilike any (${sql`array[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`})`;
}

/** The names of other accounts that hold one of the account's names, but are not one of them. */
async function namesHolding(tx: Db, t: Traces): Promise<string[]> {
  const names = t.names.filter((n) => n.trim().length > 0);
  if (names.length === 0) return [];
  const rows = await tx
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        ne(users.id, t.userId),
        sql`${users.name} ilike any (array[${sql.join(
          names.map((n) => sql`${`%${escapeLike(n)}%`}`),
          sql`, `,
        )}]::text[])`,
      ),
    )
    .limit(6000);
  const mine = new Set(names.map((n) => n.toLowerCase()));
  return rows.map((r) => r.name).filter((n) => !mine.has(n.toLowerCase()));
}

/**
 * Inside the deletion's transaction: takes the account's traces out of what other people keep
 * about it, before its own rows go, and out of nothing else (a name it once had is a word in
 * other people's rows too: "Vandal", "link"). In the games `gameIds` (every game it sat in,
 * joined, watched and wrote in, or noted: `gamesTouched`): log lines, event payloads and stored
 * answers name "Deleted player" and hold no id (records still verify: they need the moves and
 * seed, not names), and the others' chat lines and private notes there that named it are
 * rewritten; the reports about it, by it or from those games have their names, excerpt and words
 * rewritten, and so do the operators' notes on them; the outbox rows about those games and the
 * operators' notices of those reports have their words rewritten (`scrubNotice`: subjects and
 * bodies, never addresses or links). The rows to it are deleted by the caller.
 */
export async function eraseTraces(tx: Db, traces: Traces, gameIds: string[]): Promise<void> {
  const t: Traces = { ...traces, keep: await namesHolding(tx, traces) };
  if (gameIds.length) {
    const events = await tx
      .select({
        gameId: gameEvents.gameId,
        seq: gameEvents.seq,
        log: gameEvents.log,
        payload: gameEvents.payload,
        response: gameEvents.response,
      })
      .from(gameEvents)
      .where(
        and(
          inArray(gameEvents.gameId, gameIds),
          or(mayHold(gameEvents.log, t), mayHold(gameEvents.payload, t), mayHold(sql`coalesce(${gameEvents.response}, '')`, t)),
        ),
      );
    for (const e of events)
      await tx
        .update(gameEvents)
        .set({
          log: scrubValue(e.log, t),
          payload: scrubValue(e.payload, t) ?? {},
          response: e.response === null ? null : JSON.stringify(scrubValue(JSON.parse(e.response), t)),
        })
        .where(and(eq(gameEvents.gameId, e.gameId), eq(gameEvents.seq, e.seq)));
    const lines = await tx
      .select({ id: chatMessages.id, text: chatMessages.text })
      .from(chatMessages)
      .where(and(inArray(chatMessages.gameId, gameIds), mayHold(chatMessages.text, t)));
    for (const l of lines)
      await tx
        .update(chatMessages)
        .set({ text: scrubText(l.text, t).slice(0, 1000) })
        .where(eq(chatMessages.id, l.id));
    const notes = await tx
      .select({ id: playerNotes.id, text: playerNotes.text })
      .from(playerNotes)
      .where(and(inArray(playerNotes.gameId, gameIds), mayHold(playerNotes.text, t)));
    for (const n of notes)
      await tx
        .update(playerNotes)
        .set({ text: scrubText(n.text, t).slice(0, 2000) })
        .where(eq(playerNotes.id, n.id));
  }
  const reported = await tx
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      reporterName: reports.reporterName,
      playerId: reports.playerId,
      playerName: reports.playerName,
      text: reports.text,
      excerpt: reports.excerpt,
    })
    .from(reports)
    .where(
      or(eq(reports.playerId, t.userId), eq(reports.reporterId, t.userId), gameIds.length ? inArray(reports.gameId, gameIds) : undefined),
    );
  for (const r of reported) {
    await tx
      .update(reports)
      .set({
        reporterName: r.reporterId === t.userId ? DELETED_PLAYER : scrubText(r.reporterName, t),
        playerName: r.playerId === t.userId ? DELETED_PLAYER : scrubText(r.playerName, t),
        text: scrubText(r.text, t).slice(0, 2000),
        excerpt: r.excerpt.map((l): ExcerptLine => ({ ...l, name: scrubText(l.name, t), text: scrubText(l.text, t) })),
      })
      .where(eq(reports.id, r.id));
    const actions = await tx
      .select({ id: reportActions.id, note: reportActions.note, operatorEmail: reportActions.operatorEmail })
      .from(reportActions)
      .where(eq(reportActions.reportId, r.id));
    for (const a of actions)
      await tx
        .update(reportActions)
        .set({ note: scrubText(a.note, t), operatorEmail: a.operatorEmail.toLowerCase() === t.email ? DELETED_ADDRESS : a.operatorEmail })
        .where(eq(reportActions.id, a.id));
  }
  // An operator who deletes their account: the actions they took on any report.
  await tx.update(reportActions).set({ operatorEmail: DELETED_ADDRESS }).where(eq(reportActions.operatorEmail, t.email));
  // The notices about those games (turns, mentions, invitations) and the operators' notices of those reports.
  const noticeOf = [
    ...(gameIds.length ? [inArray(outbox.gameId, gameIds)] : []),
    ...reported.map((r) => sql`${outbox.dedupeKey} like ${`report:${r.id}:%`}`),
  ];
  if (noticeOf.length === 0) return;
  const quoted = await tx
    .select({ id: outbox.id, payload: outbox.payload, lastError: outbox.lastError })
    .from(outbox)
    .where(and(or(...noticeOf), or(mayHold(outbox.payload, t), mayHold(sql`coalesce(${outbox.lastError}, '')`, t))));
  for (const q of quoted)
    await tx
      .update(outbox)
      .set({ payload: scrubNotice(q.payload, t) ?? {}, lastError: q.lastError === null ? null : scrubQuote(q.lastError, t) })
      .where(eq(outbox.id, q.id));
}
