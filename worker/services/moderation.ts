import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  gameEvents,
  games,
  outbox,
  reportActions,
  reports,
  seats,
  sessions,
  users,
  type ExcerptLine,
  type reportReasons,
} from '../../db/schema';
import type { Db } from '../../db/types';
import type { Config } from '../env';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { latestGamesOf, leaveAllTables } from './leave-tables';
import { endVacation } from './vacations';

/** The longest chat mute an operator may give, in days. */
export const MAX_MUTE_DAYS = 365;

/** What an operator may do about a report. */
export type OperatorAction = 'dismiss' | 'mute' | 'suspend' | 'reinstate';

/** Whether `user` is an operator: their address is in `ADMIN_EMAILS` (`Config.adminEmails`). */
export function isOperator(config: Pick<Config, 'adminEmails'>, user: Pick<User, 'email'> | null): boolean {
  return !!user && config.adminEmails.includes(user.email.toLowerCase());
}

/** The signed-in operator, or 403 `not_operator`. */
export function requireOperator(config: Pick<Config, 'adminEmails'>, user: User): User {
  if (!isOperator(config, user)) throw new ApiError(403, 'not_operator', 'Only operators can see the reports queue.');
  return user;
}

/** A player as the queue shows them beside a report: what an operator needs to judge it. */
export interface PlayerRecord {
  id: string;
  name: string;
  memberSince: string;
  suspendedAt: string | null;
  chatMutedUntil: string | null;
  games: { played: number; finished: number; resigned: number; timedOut: number; running: number };
  reportsAgainst: { open: number; dismissed: number; actioned: number };
  reportsFiled: number;
}

/** One entry of a report's log: who did what, when. */
export interface ActionEntry {
  action: OperatorAction;
  days: number | null;
  note: string;
  operator: string;
  at: string;
}

/** A report as the operators' queue shows it. */
export interface QueuedReport {
  id: number;
  status: 'open' | 'dismissed' | 'actioned';
  reason: (typeof reportReasons)[number];
  text: string;
  gameId: string | null;
  chatId: number | null;
  createdAt: string;
  closedAt: string | null;
  reporter: { id: string | null; name: string; record: PlayerRecord | null };
  player: { id: string | null; name: string; record: PlayerRecord | null };
  excerpt: ExcerptLine[];
  actions: ActionEntry[];
}

/** The records of `ids` (accounts that still exist), by id. */
export async function playerRecords(db: Db, ids: readonly string[]): Promise<Map<string, PlayerRecord>> {
  const out = new Map<string, PlayerRecord>();
  if (ids.length === 0) return out;
  const list = [...new Set(ids)];
  const people = await db.select().from(users).where(inArray(users.id, list));
  const played = await db
    .select({
      userId: seats.userId,
      played: sql`count(*)`.mapWith(Number),
      finished: sql`count(*) filter (where ${games.status} = 'finished')`.mapWith(Number),
      running: sql`count(*) filter (where ${games.status} = 'active' and not ${seats.isBot})`.mapWith(Number),
    })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(inArray(seats.userId, list))
    .groupBy(seats.userId);
  // A resignation or a clock that ran out is an event of the player's seat in a game they sat in.
  const left = await db
    .select({
      userId: seats.userId,
      resigned: sql`count(*) filter (where ${gameEvents.kind} = 'resign')`.mapWith(Number),
      timedOut:
        sql`count(distinct ${gameEvents.gameId}) filter (where ${gameEvents.kind} = 'move' and (${gameEvents.payload} ->> 'timeout')::boolean)`.mapWith(
          Number,
        ),
    })
    .from(seats)
    .innerJoin(gameEvents, and(eq(gameEvents.gameId, seats.gameId), eq(gameEvents.seat, seats.seat)))
    .where(and(inArray(seats.userId, list), inArray(gameEvents.kind, ['resign', 'move'])))
    .groupBy(seats.userId);
  const against = await db
    .select({
      userId: reports.playerId,
      open: sql`count(*) filter (where ${reports.status} = 'open')`.mapWith(Number),
      dismissed: sql`count(*) filter (where ${reports.status} = 'dismissed')`.mapWith(Number),
      actioned: sql`count(*) filter (where ${reports.status} = 'actioned')`.mapWith(Number),
    })
    .from(reports)
    .where(inArray(reports.playerId, list))
    .groupBy(reports.playerId);
  const filed = await db
    .select({ userId: reports.reporterId, n: sql`count(*)`.mapWith(Number) })
    .from(reports)
    .where(inArray(reports.reporterId, list))
    .groupBy(reports.reporterId);
  for (const u of people) {
    const p = played.find((x) => x.userId === u.id);
    const l = left.find((x) => x.userId === u.id);
    const a = against.find((x) => x.userId === u.id);
    out.set(u.id, {
      id: u.id,
      name: u.name,
      memberSince: u.createdAt.toISOString(),
      suspendedAt: u.suspendedAt?.toISOString() ?? null,
      chatMutedUntil: u.chatMutedUntil?.toISOString() ?? null,
      games: {
        played: p?.played ?? 0,
        finished: p?.finished ?? 0,
        resigned: l?.resigned ?? 0,
        timedOut: l?.timedOut ?? 0,
        running: p?.running ?? 0,
      },
      reportsAgainst: { open: a?.open ?? 0, dismissed: a?.dismissed ?? 0, actioned: a?.actioned ?? 0 },
      reportsFiled: filed.find((x) => x.userId === u.id)?.n ?? 0,
    });
  }
  return out;
}

/** The queue: reports with `status` (open by default: oldest first, so none waits for ever; closed ones newest first), at most `limit`. */
export async function reportQueue(db: Db, args: { status?: QueuedReport['status']; limit?: number } = {}): Promise<QueuedReport[]> {
  const status = args.status ?? 'open';
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.status, status))
    .orderBy(status === 'open' ? asc(reports.createdAt) : desc(reports.createdAt))
    .limit(args.limit ?? 100);
  return withDetails(db, rows);
}

/** One report of the queue; 404 `report_not_found`. */
export async function queuedReport(db: Db, id: number): Promise<QueuedReport> {
  const rows = await db.select().from(reports).where(eq(reports.id, id));
  if (rows.length === 0) throw new ApiError(404, 'report_not_found', 'No report with that id.');
  return (await withDetails(db, rows))[0];
}

async function withDetails(db: Db, rows: (typeof reports.$inferSelect)[]): Promise<QueuedReport[]> {
  const ids = rows.flatMap((r) => [r.reporterId, r.playerId].filter((x): x is string => x !== null));
  const records = await playerRecords(db, ids);
  const log = rows.length
    ? await db
        .select()
        .from(reportActions)
        .where(
          inArray(
            reportActions.reportId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(reportActions.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    text: r.text,
    gameId: r.gameId,
    chatId: r.chatId,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    reporter: { id: r.reporterId, name: r.reporterName, record: (r.reporterId && records.get(r.reporterId)) || null },
    player: { id: r.playerId, name: r.playerName, record: (r.playerId && records.get(r.playerId)) || null },
    excerpt: r.excerpt,
    actions: log
      .filter((a) => a.reportId === r.id)
      .map((a) => ({ action: a.action, days: a.days, note: a.note, operator: a.operatorEmail, at: a.createdAt.toISOString() })),
  }));
}

/**
 * An operator acts on report `reportId` about its player, and the action is logged on the
 * report with the operator's address:
 * - `dismiss`: nothing against the player; the report closes (`dismissed`);
 * - `mute`: the player cannot chat in any game for `days` days (403 `chat_muted`); `actioned`;
 * - `suspend`: the account cannot sign in, its sessions end at once, its vacation ends, and its
 *   games not yet over go on without it (`leaveAllTables`: the bot plays its running seats); `actioned`;
 * - `reinstate`: lifts a suspension and a mute (seats handed to the bot stay with the bot).
 * Throws 400 `bad_days` (a mute needs 1-`MAX_MUTE_DAYS` days), `cannot_suspend_self`;
 * 404 `report_not_found`; 409 `player_gone` (the account was deleted), `is_operator` (operators
 * are not suspended or muted here: take them out of ADMIN_EMAILS first).
 */
export async function actOnReport(
  ctx: ServiceCtx,
  args: { operator: User; reportId: number; action: OperatorAction; days?: number; note?: string },
): Promise<QueuedReport> {
  const { db, now } = ctx;
  const [report] = await db.select().from(reports).where(eq(reports.id, args.reportId));
  if (!report) throw new ApiError(404, 'report_not_found', 'No report with that id.');
  const against = args.action !== 'dismiss';
  const [player] = report.playerId ? await db.select().from(users).where(eq(users.id, report.playerId)) : [];
  if (against && !player) throw new ApiError(409, 'player_gone', 'That player deleted their account.');
  if (against && player.id === args.operator.id) throw new ApiError(400, 'cannot_suspend_self', 'You cannot act against your own account.');
  if (against && args.action !== 'reinstate' && isOperator(ctx.config, player))
    throw new ApiError(409, 'is_operator', 'That player is an operator: take their address out of ADMIN_EMAILS first.');
  if (args.action === 'mute' && !(Number.isInteger(args.days) && args.days! >= 1 && args.days! <= MAX_MUTE_DAYS))
    throw new ApiError(400, 'bad_days', `A chat mute lasts 1 to ${MAX_MUTE_DAYS} days.`);

  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (args.action === 'mute') {
      await tx
        .update(users)
        .set({ chatMutedUntil: new Date(now.getTime() + args.days! * 24 * 3600 * 1000) })
        .where(eq(users.id, player.id));
    } else if (args.action === 'suspend') {
      await tx
        .update(users)
        .set({ suspendedAt: now })
        .where(and(eq(users.id, player.id), isNull(users.suspendedAt)));
      await tx.delete(sessions).where(eq(sessions.userId, player.id));
      // Nothing more goes to an account that cannot come back to act on it.
      await tx
        .update(outbox)
        .set({ status: 'skipped', lastError: 'skipped: the account is suspended' })
        .where(and(eq(outbox.userId, player.id), eq(outbox.status, 'pending')));
    } else if (args.action === 'reinstate') {
      await tx.update(users).set({ suspendedAt: null, chatMutedUntil: null }).where(eq(users.id, player.id));
    }
    const status = args.action === 'dismiss' ? 'dismissed' : args.action === 'reinstate' ? report.status : 'actioned';
    if (status !== report.status) await tx.update(reports).set({ status, closedAt: now }).where(eq(reports.id, report.id));
    await tx.insert(reportActions).values({
      reportId: report.id,
      operatorId: args.operator.id,
      operatorEmail: args.operator.email,
      action: args.action,
      days: args.action === 'mute' ? args.days! : null,
      note: args.note ?? '',
      createdAt: now,
    });
  });
  if (args.action === 'suspend') {
    await ctx.clocks.forget(await latestGamesOf(db, player.id));
    await suspendedLeaves(ctx, { id: player.id, email: player.email, name: player.name });
  }
  return queuedReport(db, report.id);
}

/** A suspended account's vacations end (the days left stay theirs) and its games go on without it. */
async function suspendedLeaves(ctx: ServiceCtx, player: User): Promise<void> {
  // One open vacation at a time: a planned one may follow the one under way.
  for (let i = 0; i < 3 && (await endVacation(ctx, player, { quiet: true })); i++);
  await leaveAllTables(ctx, player.id, 'suspended');
}
