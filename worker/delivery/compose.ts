import { type GameRegistry, visibleEntries } from '../../engine/core';
import type { Config } from '../env';
import { replyChoices } from '../mail-in/turn-choices';
import type { NoticeGame } from './delivery-context';
import type { GameNoticePayload } from '../notices/enqueue';
import { logLineText, logNamer, summaryWithNames } from '../notices/log-text';
import type { Message } from '../notices/message';
import { runsOutAt } from '../time-control/seat-clocks';

/** At most this many unseen log lines go into one message. */
const MAX_LINES = 20;
/** At most this many round or phase summaries lead one message (the newest). */
export const MAX_PHASES = 3;

/**
 * Turns a stored game notice into a message with fresh data, or null when it is no longer
 * worth sending: the seat already looked at that version with the page visible (the "seen"
 * rule), it is no longer that seat's turn, or a reminder's deadline has moved. `current` is the
 * notice's game as read at send time (`DeliveryContext.game`; null: the game is gone); no
 * database reads here. Every seat is there because the log lines name the other players too.
 */
export async function composeGameNotice(
  registry: GameRegistry,
  publicUrl: string,
  p: GameNoticePayload,
  current: NoticeGame | null,
  mail?: { replies: Config['mailReplies']; accountOn: boolean },
): Promise<Message | null> {
  const g = current?.row;
  const table = current?.seats ?? [];
  const seat = table.find((s) => s.seat === p.seat);
  if (!g || !seat) return null;
  const stillActive = g.status === 'active' && g.activeSeats.includes(p.seat);
  const seen = seat.lastSeenSeq >= p.version;
  if ((p.kind === 'your_turn' || p.kind === 'game_started' || p.kind === 'game_over' || p.kind === 'clock') && seen) return null;
  if (p.kind === 'your_turn' && !stillActive) return null;
  // Once the table is full the game-started notice says it all.
  if (p.kind === 'player_joined' && g.status !== 'open') return null;
  // A reminder is about one run of the seat's clock: stale once that run ended or its end moved.
  const runsOut = g.clocks ? runsOutAt(g.clocks, p.seat) : null;
  const seatDeadline = runsOut === null ? null : new Date(runsOut).toISOString();
  if (p.kind === 'reminder' && (!stillActive || seatDeadline !== (p.deadline ?? null))) return null;

  const title = registry.get(g.type)?.title ?? g.type;
  const namer = logNamer(table, registry.get(g.type), g.snapshot);
  // A mention quotes its chat line; every other notice lists the log lines the seat has not seen,
  // led by the summaries of the rounds that ended meanwhile ("Round 3 is over. Weather: Rain ...").
  const unseen = p.kind === 'chat_mention' ? [] : current!.logs.flatMap((log) => visibleEntries(log, p.seat));
  const phases = unseen
    .filter((l) => l.kind === 'phase')
    .map((l) => logLineText(l.text, namer))
    .slice(-MAX_PHASES);
  const lines =
    p.kind === 'chat_mention'
      ? [p.detail ?? '']
      : unseen
          .filter((l) => l.kind !== 'phase')
          .map((l) => logLineText(l.text, namer))
          .slice(-MAX_LINES);
  const who = p.viaGameWebhook && seat.name ? `${seat.name}: ` : '';
  const seatLabel = `seat ${p.seat + 1}`;
  const result = g.result as { summary?: string; scores?: number[] } | null;
  const subjects: Record<GameNoticePayload['kind'], string> = {
    your_turn: `${who}Your turn in ${title} (${seatLabel})`,
    game_started: `${who}${title} has started - you are ${seatLabel}`,
    player_joined: `${who}${p.detail ?? 'A player'} joined your ${title} game`,
    game_over: `${who}${title} is over${result?.summary ? `: ${summaryWithNames(result.summary, table, registry.get(g.type), g.snapshot)}` : ''}${result?.scores ? ` (${registry.get(g.type)?.scoreLabel ?? 'scores'}: ${result.scores.join(', ')})` : ''}`,
    reminder: `${who}Reminder: your move in ${title} (${seatLabel})`,
    timeout: `${who}Time ran out in ${title} (${seatLabel})`,
    clock: `${who}${title}: ${p.detail ?? 'the clocks changed'}`,
    chat_mention: `${who}You were mentioned in ${title}`,
  };
  // Play by email reply: a turn email lists the choices and carries a signed Reply-To.
  const game = registry.get(g.type);
  const asks = p.kind === 'your_turn' || p.kind === 'reminder' || p.kind === 'game_started';
  const reply =
    mail?.accountOn && seat.emailReplies && asks && stillActive && game && !p.viaGameWebhook
      ? await replyChoices(mail.replies, game, g, p.seat)
      : null;
  return {
    ...(reply ? { reply } : {}),
    kind: p.kind,
    subject: subjects[p.kind],
    ...(phases.length ? { phases } : {}),
    lines,
    // `seat` (numbered as in the subject) lets a signed-out reader be asked to sign in to play, not to watch.
    url: `${publicUrl}/games/${g.id}?seat=${p.seat + 1}`,
    game: { id: g.id, title, seat: p.seat },
    deadline: p.kind === 'reminder' ? (p.deadline ?? null) : seatDeadline,
  };
}
