/**
 * Games seeded from the recorded games (bench/lib/seed.ts) played on through the API: each lane
 * is one running game whose next moves are its record's, so a move costs what a real one does
 * (real states, logs, notices), not the few bytes of the fixture game.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from '@neondatabase/serverless';
import type { Requester } from './driver';
import { buildTemplates, loadTemplates, markManyGames, mixTable, seedGames, tokenOf, type Template } from './seed';

/** A seeded running game and the moves its record has left. */
export interface SeededLane {
  id: string;
  version: number;
  tokens: Map<number, string>;
  next: { seat: number; move: unknown }[];
}

/** Seeds games 1..n into an empty database (templates, users, games, events) and analyzes it. */
export async function seedBenchGames(admin: Pool, n: number): Promise<{ templates: Template[]; mix: number[] }> {
  const templates = buildTemplates();
  await loadTemplates(admin, templates);
  await markManyGames(admin);
  await seedGames(admin, 1, n);
  await admin.query('vacuum analyze');
  return { templates, mix: mixTable(templates) };
}

/** `count` running games among 1..n with at least `minMoves` record moves left, as lanes. */
export async function runningLanes(
  admin: Pool,
  seeded: { templates: Template[]; mix: number[] },
  n: number,
  count: number,
  minMoves: number,
): Promise<SeededLane[]> {
  const lanes: SeededLane[] = [];
  for (let g = 1; g <= n && lanes.length < count; g++) {
    const t = seeded.templates[seeded.mix[g % 100]];
    if (t.status !== 'active' || t.next.length < minMoves) continue;
    const id = `sg${g}`;
    const seats = (await admin.query('select seat, user_id from seats where game_id = $1', [id])).rows as {
      seat: number;
      user_id: string;
    }[];
    lanes.push({ id, version: t.version, tokens: new Map(seats.map((s) => [s.seat, tokenOf(s.user_id)])), next: [...t.next] });
  }
  if (lanes.length < count) throw new Error(`only ${lanes.length} running games with ${minMoves} moves left among ${n}`);
  return lanes;
}

/** Plays the lane's next recorded move (with an Idempotency-Key, as the web client sends); throws unless 200. */
export async function playNext(req: Requester, lane: SeededLane): Promise<void> {
  const m = lane.next[0];
  if (!m) throw new Error(`no moves left in ${lane.id}`);
  const r = await req('POST', `/api/games/${lane.id}/moves`, {
    token: lane.tokens.get(m.seat)!,
    body: { version: lane.version, move: m.move },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (r.status !== 200) throw new Error(`move in ${lane.id} -> ${r.status}: ${r.text.slice(0, 300)}`);
  lane.version = r.body.version;
  lane.next.shift();
}

/**
 * After a move whose answer was lost (the connection dropped): reads the game's version, and
 * when the move was applied, moves the lane past it.
 */
export async function resyncLane(req: Requester, lane: SeededLane): Promise<void> {
  const r = await req('GET', `/api/games/${lane.id}/state`, { token: lane.tokens.get(lane.next[0]?.seat ?? 0)! });
  if (r.status !== 200) return;
  if (r.body.version === lane.version + 1) lane.next.shift();
  lane.version = r.body.version;
}
