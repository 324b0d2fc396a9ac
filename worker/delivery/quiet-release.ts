/**
 * The end of a player's quiet hours: every notice held back for them on one channel and target
 * comes out as ONE message listing them all, not one message each (a morning of six emails is
 * what quiet hours are meant to spare). Pure: the drain (deliver.ts) decides what to send and
 * records the outcome.
 */
import type { OutboxRow } from './delivery-context';
import type { Message } from '../notices/message';
import { QUIET_HELD } from './send-time';

/** A claimed row whose message is composed and ready to send. */
export interface ComposedNotice {
  row: OutboxRow;
  message: Message;
}

/** A message sent for several held rows: `lead` carries it, `covered` are sent along with it. */
export interface QuietRelease {
  lead: OutboxRow;
  message: Message;
  covered: OutboxRow[];
}

/** Whether `row` was held back by quiet hours (and so waits to be released with its player's others). */
export function wasQuietHeld(row: OutboxRow): boolean {
  return row.userId !== null && row.lastError === QUIET_HELD;
}

/**
 * Groups the released rows of a batch by player, channel and target; each group of two or more
 * becomes one message (a group of one goes as it is). `homeUrl` is the link of a message about
 * several games.
 */
export function quietReleases(notices: readonly ComposedNotice[], homeUrl: string): QuietRelease[] {
  const groups = new Map<string, ComposedNotice[]>();
  for (const n of notices) {
    if (!wasQuietHeld(n.row)) continue;
    const key = `${n.row.userId}\u0000${n.row.channel}\u0000${n.row.target}`;
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const sorted = [...g].sort((a, b) => a.row.id - b.row.id);
      return {
        lead: sorted[0].row,
        message: combinedMessage(
          sorted.map((n) => n.message),
          homeUrl,
        ),
        covered: sorted.slice(1).map((n) => n.row),
      };
    });
}

/** One message for several: a subject that counts them, and one line per notice with its link. */
export function combinedMessage(messages: readonly Message[], homeUrl: string): Message {
  const games = new Set(messages.map((m) => m.game?.id ?? m.url));
  const one = games.size === 1 ? messages[0] : null;
  return {
    kind: 'held',
    subject: `${messages.length} notices from your quiet hours`,
    lines: messages.map((m) => `${m.subject}: ${m.url}`),
    url: one?.url ?? homeUrl,
    ...(one?.game ? { game: one.game } : {}),
  };
}
