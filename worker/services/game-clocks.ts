import type { Recipient } from '../notices/enqueue';
import type { QuietHours } from '../time-control/calendar';
import { type TimeControl, timeControlText } from '../time-control/rules';
import {
  type ClockView,
  clockViews,
  clocksDueAt,
  type GameClocks,
  runsOutAt,
  type SeatVote,
  turnClocks,
} from '../time-control/seat-clocks';
import { type GameRow, humanSeats } from '../lib/game-rows';

/** The clock columns a commit writes (`games.clocks`, `deadline_at`, `due_at`). */
export interface ClockUpdate {
  clocks: GameClocks | null;
  deadlineAt: Date | null;
  dueAt: Date | null;
}

/** A seat player's quiet hours as recipients carry them, or null. */
export function quietOf(r: Recipient | undefined): { zone: string | null; hours: QuietHours } | null {
  const s = r?.settings;
  if (!s || s.quietStart === null || s.quietStart === undefined || s.quietEnd === null || s.quietEnd === undefined) return null;
  return { zone: s.timeZone ?? null, hours: { startMinute: s.quietStart, endMinute: s.quietEnd } };
}

/**
 * The clocks after a change to `row` at `now`: clocks run for the seats that must act (not bots),
 * stop with the increment for those that no longer must, and all stop once the game is over. At
 * the start each seat's zone is fixed from its player's settings (a later change of zone does not
 * move this game's weekends). `base` replaces the row's clocks (an undo puts the seats' clocks
 * back). With `recipients` (their quiet hours) the due instant is exact; without, it is never
 * later than the one the row had, which only costs an early pass.
 */
export function clocksAfterChange(
  row: Pick<GameRow, 'clocks' | 'status' | 'dueAt'>,
  after: { status: GameRow['status']; activeSeats: readonly number[]; botSeats: readonly number[] },
  now: Date,
  opts: { base?: GameClocks | null; recipients?: readonly Recipient[] } = {},
): ClockUpdate {
  let clocks = opts.base ?? row.clocks;
  if (!clocks) return { clocks: null, deadlineAt: null, dueAt: null };
  const t = now.getTime();
  const bySeat = new Map((opts.recipients ?? []).map((r) => [r.seat, r]));
  if (row.status === 'open' && after.status === 'active' && opts.recipients) {
    clocks = { ...clocks, zones: clocks.zones.map((z, seat) => bySeat.get(seat)?.settings?.timeZone ?? z) };
  }
  clocks = turnClocks(clocks, after.status === 'active' ? after.activeSeats : [], t, after.botSeats);
  if (after.status !== 'active') return { clocks, deadlineAt: null, dueAt: null };
  let deadline: number | null = null;
  for (let seat = 0; seat < clocks.seats.length; seat++) {
    const end = runsOutAt(clocks, seat);
    if (end !== null && (deadline === null || end < deadline)) deadline = end;
  }
  let due = clocksDueAt(clocks, t, (seat) => quietOf(bySeat.get(seat)));
  if (!opts.recipients && row.dueAt && row.dueAt.getTime() > t && (due === null || row.dueAt.getTime() < due)) due = row.dueAt.getTime();
  return { clocks, deadlineAt: deadline === null ? null : new Date(deadline), dueAt: due === null ? null : new Date(due) };
}

/** What every game answer says of its clocks (`GET /api/games/:id`, My games, the lobby). */
export interface ClockSummary {
  timeControl: TimeControl;
  /** "Fast: 72 h, +12 h a turn, at most 120 h". */
  timeControlText: string;
  weekendPause: boolean;
  allowVacation: boolean;
  clocks: ClockView[];
  /** The table pause under way (by consent), or null. */
  pause: { until: string; by: number } | null;
  /** A pause proposed and waiting for the others: who proposed it, how long, who agreed. */
  pauseProposal: { by: number; days: number; agreed: number[] } | null;
  /** The others' votes on late seats (tables of three or more humans). */
  votes: SeatVote[];
  /** Seats whose player is on vacation now, and until when (ISO). */
  away: { seat: number; until: string }[];
}

/** The clock summary of a game at `now`. */
export function clockSummary(row: Pick<GameRow, 'clocks' | 'status' | 'players' | 'botSeats'>, now: Date): ClockSummary {
  const c = row.clocks;
  const t = now.getTime();
  const rules = c?.rules ?? ({ kind: 'none' } as const);
  const running = row.status === 'active';
  const pause = c?.pauses.find((p) => p.from <= t && t < p.to);
  return {
    timeControl: rules,
    timeControlText: timeControlText(rules),
    weekendPause: c?.weekendPause ?? false,
    allowVacation: c?.allowVacation ?? true,
    clocks: running ? clockViews(c ?? null, t, humanSeats(row)) : [],
    pause: running && pause ? { until: new Date(pause.to).toISOString(), by: pause.by } : null,
    pauseProposal: running && c?.proposal ? { by: c.proposal.by, days: c.proposal.days, agreed: c.proposal.agreed } : null,
    votes: running ? (c?.votes ?? []) : [],
    away:
      running && c?.allowVacation
        ? c.away.filter((a) => a.from <= t && t < a.to).map((a) => ({ seat: a.seat, until: new Date(a.to).toISOString() }))
        : [],
  };
}
