import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { html } from 'hono/html';
import { chatMessages, reports, seats, users, type ExcerptLine, type reportReasons } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { isUniqueViolation } from './db-errors';
import { loadGame, seatOf } from '../lib/game-rows';
import { lockForLimit } from '../lib/limit-lock';
import { enqueueEmail } from '../notices/outbox';
import { drainSoon } from './request-drain';
import { shownName } from '../lib/shown-name';

/** Reports one account may file per `REPORT_WINDOW_MS` (beyond: 429 `rate_limited`). */
export const REPORTS_PER_DAY = 10;
export const REPORT_WINDOW_MS = 24 * 3600 * 1000;
/** Chat lines a report keeps: up to this many before (and with) the reported line, and a few after it. */
export const EXCERPT_BEFORE = 40;
export const EXCERPT_AFTER = 10;

/** A reason a player gives (`reportReasons`). */
export type ReportReason = (typeof reportReasons)[number];

/** What the reporter gets back: the report is in the operators' queue. */
export interface FiledReport {
  id: number;
  status: 'open';
  createdAt: string;
}

/**
 * Files a report of `playerId` by `reporter`, for the operators' queue. With `gameId` (or
 * `chatId`, a chat line of the reported player, which names its game) the report keeps that
 * game's chat as it stands now (`excerptOf`); the reporter must be able to read that game and
 * the reported player must have sat or chatted in it. The reported player is not told.
 * Throws 400 `cannot_report_self`, `not_in_game`, `bad_chat_line`; 403 `private_game`;
 * 404 `player_not_found`, `game_not_found`; 409 `report_open` (one open report per reporter and
 * player: add to it by waiting for the operators); 429 `rate_limited` past `REPORTS_PER_DAY`.
 * Each operator (`ADMIN_EMAILS`) is emailed a link to the new report.
 */
export async function fileReport(
  ctx: ServiceCtx,
  args: { reporter: User; playerId: string; reason: ReportReason; text: string; gameId?: string; chatId?: number },
): Promise<FiledReport> {
  const { db } = ctx;
  if (args.playerId === args.reporter.id) throw new ApiError(400, 'cannot_report_self', 'You cannot report yourself.');
  const [player] = await db.select({ id: users.id, name: shownName }).from(users).where(eq(users.id, args.playerId));
  if (!player) throw new ApiError(404, 'player_not_found', 'No player with that id.');
  let gameId = args.gameId;
  if (args.chatId !== undefined) {
    const [line] = await db
      .select({ gameId: chatMessages.gameId, userId: chatMessages.userId })
      .from(chatMessages)
      .where(eq(chatMessages.id, args.chatId));
    if (!line || line.userId !== player.id || (gameId !== undefined && line.gameId !== gameId))
      throw new ApiError(400, 'bad_chat_line', 'That chat line is not one of this player\u2019s lines in that game.');
    gameId = line.gameId;
  }
  let excerpt: ExcerptLine[] = [];
  if (gameId !== undefined) {
    const row = await loadGame(db, gameId);
    requireViewer(row, await seatOf(db, row.id, args.reporter.id));
    const [there] = await db
      .select({ one: sql`1` })
      .from(seats)
      .where(and(eq(seats.gameId, row.id), eq(seats.userId, player.id)))
      .union(
        db
          .select({ one: sql`1` })
          .from(chatMessages)
          .where(and(eq(chatMessages.gameId, row.id), eq(chatMessages.userId, player.id))),
      )
      .limit(1);
    if (!there) throw new ApiError(400, 'not_in_game', 'That player neither sat nor chatted in that game.');
    excerpt = await excerptOf(db, row.id, player.id, args.chatId);
  }
  try {
    const filed = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockForLimit(tx, 'report', args.reporter.id);
      const since = new Date(ctx.now.getTime() - REPORT_WINDOW_MS);
      const [n] = await tx
        .select({
          recent: sql`count(*) filter (where ${reports.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(Number),
          oldest: sql<string | null>`min(${reports.createdAt}) filter (where ${reports.createdAt} > ${since.toISOString()}::timestamptz)`,
          open: sql`count(*) filter (where ${reports.playerId} = ${player.id} and ${reports.status} = 'open')`.mapWith(Number),
        })
        .from(reports)
        .where(eq(reports.reporterId, args.reporter.id));
      if (n.open > 0) throw openAlready();
      if (n.recent >= REPORTS_PER_DAY) {
        const wait = Math.max(1, Math.ceil((new Date(n.oldest!).getTime() + REPORT_WINDOW_MS - ctx.now.getTime()) / 1000));
        throw new ApiError(
          429,
          'rate_limited',
          `You filed ${n.recent} reports in the last 24 hours, the most allowed. Try again later.`,
          undefined,
          wait,
        );
      }
      const [r] = await tx
        .insert(reports)
        .values({
          reporterId: args.reporter.id,
          reporterName: args.reporter.name,
          playerId: player.id,
          playerName: player.name,
          gameId: gameId ?? null,
          reason: args.reason,
          text: args.text,
          chatId: args.chatId ?? null,
          excerpt,
          createdAt: ctx.now,
        })
        .returning({ id: reports.id });
      const link = `${ctx.config.publicUrl}/admin/reports?report=${r.id}`;
      for (const operator of ctx.config.adminEmails) {
        const line = `${args.reporter.name} reported ${player.name} (${args.reason.replaceAll('_', ' ')}).`;
        await enqueueEmail(
          tx,
          {
            to: operator,
            subject: `New report: ${player.name}`,
            text: `${line}\n\nOpen the reports queue: ${link}`,
            html: String(html`<p>${line}</p><p><a href="${link}">Open the reports queue</a></p>`),
          },
          ctx.now,
          `report:${r.id}:${operator}`,
        );
      }
      return { id: r.id, status: 'open' as const, createdAt: ctx.now.toISOString() };
    });
    if (ctx.config.adminEmails.length) drainSoon(ctx);
    return filed;
  } catch (err) {
    if (isUniqueViolation(err)) throw openAlready();
    throw err;
  }
}

const openAlready = () =>
  new ApiError(409, 'report_open', 'You already reported this player, and the operators have not closed that report yet.');

/**
 * A copy of game `gameId`'s chat for a report: around line `chatId` (up to `EXCERPT_BEFORE`
 * lines up to it and `EXCERPT_AFTER` after), else its last `EXCERPT_BEFORE + EXCERPT_AFTER`
 * lines, oldest first, each marked when the reported player wrote it.
 */
export async function excerptOf(db: Db, gameId: string, playerId: string, chatId?: number): Promise<ExcerptLine[]> {
  const line = {
    id: chatMessages.id,
    seat: chatMessages.seat,
    userId: chatMessages.userId,
    name: shownName,
    text: chatMessages.text,
    at: chatMessages.createdAt,
  };
  const base = () => db.select(line).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.userId));
  const before = await base()
    .where(and(eq(chatMessages.gameId, gameId), chatId === undefined ? undefined : lte(chatMessages.id, chatId)))
    .orderBy(desc(chatMessages.id))
    .limit(chatId === undefined ? EXCERPT_BEFORE + EXCERPT_AFTER : EXCERPT_BEFORE);
  const after =
    chatId === undefined
      ? []
      : await base()
          .where(and(eq(chatMessages.gameId, gameId), gt(chatMessages.id, chatId)))
          .orderBy(asc(chatMessages.id))
          .limit(EXCERPT_AFTER);
  return [...before.reverse(), ...after].map((l) => ({
    id: l.id,
    seat: l.seat,
    name: l.name,
    text: l.text,
    at: l.at.toISOString(),
    byReported: l.userId === playerId,
  }));
}

/** The reports a player filed (their own data: for the export), newest first, without the excerpt of others' lines. */
export async function reportsFiledBy(db: Db, userId: string) {
  const rows = await db
    .select({
      id: reports.id,
      playerName: reports.playerName,
      gameId: reports.gameId,
      reason: reports.reason,
      text: reports.text,
      status: reports.status,
      createdAt: reports.createdAt,
      closedAt: reports.closedAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(desc(reports.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), closedAt: r.closedAt?.toISOString() ?? null }));
}
