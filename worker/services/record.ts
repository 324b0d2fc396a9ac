import {
  canonicalJson,
  RECORD_FORMAT,
  replayMoves,
  type GameRecord,
  type LogEntry,
  type RecordEvent,
  visibleEntries,
} from '../../engine/core';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { sha256Hex } from '../lib/crypto';
import { loadEvents } from './events';
import { type RatingEnding, ratingEndingOf } from './rating-records';
import { gameOf, loadGame, seatList, seatOf, type GameRow } from '../lib/game-rows';

type EventRow = Awaited<ReturnType<typeof loadEvents>>[number];

const isOver = (row: Pick<GameRow, 'status'>) => row.status === 'finished' || row.status === 'abandoned';

/** Moves in effect after the given events (an undo takes back the last one). */
function movesOf(events: EventRow[]) {
  const moves: { seat: number; move: unknown }[] = [];
  for (const e of events) {
    if (e.kind === 'move') moves.push({ seat: e.seat!, move: (e.payload as { move: unknown }).move });
    else if (e.kind === 'undo') moves.pop();
  }
  return moves;
}

/**
 * The game record (`GET /record`). Once the game is over: everything, seed included, so anyone
 * can verify it. While it runs: only what the caller may see - no seed, and other seats' moves
 * replaced by null (a move can itself be a secret, e.g. a hidden Go/Refuel choice).
 * `satHere`: the caller sat at this table, perhaps resigned since (their data export): a
 * private game's record is theirs too. `ending`: what the game published for ratings (its seats'
 * public ids, results, whether rated and why, the end instant), once over.
 */
export async function gameRecord(
  ctx: ServiceCtx,
  args: { gameId: string; user: User | null; satHere?: boolean },
): Promise<GameRecord & { ending: RatingEnding | null }> {
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user?.id);
  if (!args.satHere) requireViewer(row, seat);
  const game = gameOf(ctx.registry, row);
  const over = isOver(row);
  const events = await loadEvents(ctx.db, row.id);
  const seatRows = await seatList(ctx.db, row.id);
  const recordEvents: RecordEvent[] = events.map((e) => {
    const payload = e.payload as { move?: unknown; timeout?: boolean; bot?: boolean };
    const out: RecordEvent = { seq: e.seq, kind: e.kind, seat: e.seat, at: e.createdAt.toISOString() };
    if (e.kind === 'move') {
      out.move = over || (seat !== null && e.seat === seat) ? payload.move : null;
      if (payload.timeout) out.timeout = true;
      if (payload.bot) out.bot = true;
    }
    return out;
  });
  return {
    format: RECORD_FORMAT,
    id: row.id,
    type: row.type,
    title: game.title,
    rulesVersion: row.rulesVersion,
    players: row.players,
    options: row.options,
    seats: seatRows.map((s) => ({ seat: s.seat, name: s.name ?? 'Bot', bot: s.isBot })),
    status: row.status,
    seedHash: row.seedHash,
    seed: over ? row.seed : null,
    events: recordEvents,
    result: (row.result as GameRecord['result']) ?? null,
    finalStateHash: over && row.snapshot ? await sha256Hex(canonicalJson(row.snapshot)) : null,
    ending: over ? await ratingEndingOf(ctx.db, row.id) : null,
  };
}

/**
 * The game as the caller saw it right after event `seq` (`GET /replay/:seq`): their seat's view
 * while the game runs; once it is over, every seat's view and the full state as well.
 */
export async function replayAt(ctx: ServiceCtx, args: { gameId: string; user: User | null; seq: number }) {
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user?.id);
  requireViewer(row, seat);
  if (args.seq > row.version) throw new ApiError(404, 'no_such_event', `The game has ${row.version} events.`);
  const game = gameOf(ctx.registry, row);
  const events = (await loadEvents(ctx.db, row.id)).filter((e) => e.seq <= args.seq);
  const started = events.some((e) => e.kind === 'start');
  const at = events[events.length - 1];
  const base = {
    seq: args.seq,
    version: row.version,
    yourSeat: seat,
    kind: at?.kind ?? null,
    log: at ? visibleEntries(at.log as LogEntry[], seat).map((l) => l.text) : [],
  };
  if (!started) return { ...base, view: null, views: null, state: null };
  const { state } = replayMoves(game, { players: row.players, options: row.options, seed: row.seed }, movesOf(events));
  const over = isOver(row);
  return {
    ...base,
    view: game.view(state, seat),
    views: over ? Array.from({ length: row.players }, (_, s) => game.view(state, s)) : null,
    state: over ? state : null,
  };
}
