import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { chatMessages, gameEvents, outbox, playerNotes, reportActions, reports, type ExcerptLine } from '../../db/schema';
import type { Db } from '../../db/types';
import { DELETED_PLAYER } from '../lib/game-rows';

/** What an account left in rows that are not its own: its id, address and every name it had. */
export interface Traces {
  userId: string;
  email: string;
  names: string[];
}

/** Stands in for a deleted account's address where another row quoted it (an operator's action on a report). */
const DELETED_ADDRESS = 'deleted account';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * Rewrites text so it no longer names the account: each of its names (the longest first, in any
 * case, where no letter or digit joins it to a longer word) reads "Deleted player", and its id and
 * address read "deleted". A string that is only the id becomes null in `scrubValue`.
 */
export function scrubText(text: string, t: Traces): string {
  let out = text;
  const names = [...new Set(t.names.filter((n) => n.trim().length > 0))].sort((a, b) => b.length - a.length);
  for (const name of names) out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'giu'), DELETED_PLAYER);
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

/** A condition that the text of `column` may hold one of the traces (a superset: `scrubText` decides). */
function mayHold(column: SQL | unknown, t: Traces): SQL {
  const needles = [t.userId, t.email, ...t.names.flatMap((n) => [n, JSON.stringify(n).slice(1, -1)])].filter((n) => n.trim().length > 0);
  const patterns = [...new Set(needles)].map((n) => `%${escapeLike(n)}%`);
  return sql`${column}::text ilike any (${sql`array[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`})`;
}

/**
 * Inside the deletion's transaction: takes the account's traces out of what other people keep,
 * before its own rows go. In the games `gameIds` (every game it sat in or joined): log lines,
 * event payloads and stored answers name "Deleted player" and hold no id (records still verify:
 * they need the moves and seed, not names), and the others' chat lines there that named it are
 * rewritten; the reports about it, by it or from those games have their names, excerpt and words
 * rewritten, and so do the operators' notes on them; every notice in the outbox that quotes it is
 * rewritten (the rows to it are deleted by the caller); the others' private notes on those games too.
 */
export async function eraseTraces(tx: Db, t: Traces, gameIds: string[]): Promise<void> {
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
      or(
        eq(reports.playerId, t.userId),
        eq(reports.reporterId, t.userId),
        gameIds.length ? inArray(reports.gameId, gameIds) : undefined,
        mayHold(reports.excerpt, t),
        mayHold(reports.text, t),
      ),
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
  const quoted = await tx
    .select({ id: outbox.id, payload: outbox.payload, lastError: outbox.lastError })
    .from(outbox)
    .where(or(mayHold(outbox.payload, t), mayHold(sql`coalesce(${outbox.lastError}, '')`, t)));
  for (const q of quoted)
    await tx
      .update(outbox)
      .set({ payload: scrubValue(q.payload, t) ?? {}, lastError: q.lastError === null ? null : scrubText(q.lastError, t) })
      .where(eq(outbox.id, q.id));
}
