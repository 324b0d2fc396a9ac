import { PgDialect } from 'drizzle-orm/pg-core';
import { gameRequestQuery } from '../../worker/services/game-request';
import { pollBlock, type BenchGame, type BlockResult } from '../lib/driver';
import { neonPool } from '../lib/env';
import { summarize } from '../lib/stats';
import { POLL_C16_PER_LANE, POLL_SEQ, ROUNDS, type BlockRecord } from './config';
import type { ServerBench } from './context';
import type { Fixtures } from './setup';

/** The polled games and the 304 path's statement, for the sections after the polls. */
export interface PollSetup {
  pollBlocks: BlockRecord[];
  /** The 16 games of the c=16 move level, polled by everyone after the moves. */
  pollGames: BenchGame[];
  /** sha256 of the first poll game's first player's session token, as the sessions table stores it. */
  pollHash: string;
  /** The 304 path's statement for the first poll game (its params carry the time it was built). */
  pollSql: string;
  /** The 304 path's statement for a game, built now. */
  pollQuery: (gameId: string) => { sql: string; params: unknown[] };
  /** Length of the real game's full GET /state answer, characters. */
  realStateBytes: number;
}

/**
 * Section 2: GET /state answered 304 (If-None-Match) against the full answer, for a fixture game
 * and for a real mid-game state, against the 304's one statement without HTTP (warm and new
 * connection) and GET /api/health (the floor of any request); sequential and 16 at once. Blocks
 * alternate, the order rotated each round. Samples are ms per request.
 */
export async function measurePolls(b: ServerBench, f: Fixtures): Promise<PollSetup> {
  const { admin, req, db, warmClients } = b;
  const { realGame } = f;
  const pollGames = f.gamesByLevel[16];
  for (const g of pollGames) {
    const r = await req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1' } });
    g.etag = r.headers.get('etag') ?? undefined;
  }
  let realStateBytes = 0;
  // The floor of a 304: the Worker's one statement (version joined with the session and the
  // seat, worker/services/game-request.ts) on an open connection, and with a new connection each
  // time, through the same driver, no HTTP.
  const hashOf = async (token: string) =>
    (await admin.query("select encode(sha256(convert_to($1, 'UTF8')), 'hex') as h", [token])).rows[0].h as string;
  const pollHash = await hashOf(pollGames[0].tokens[0]);
  const pollQuery = (gameId: string) => new PgDialect().sqlToQuery(gameRequestQuery(gameId, pollHash, new Date(), { row: false }));
  const { sql: pollSql, params: pollParams } = pollQuery(pollGames[0].id);
  const bare304 = async (cold: boolean, n: number, deadline: number): Promise<BlockResult> => {
    const samples: { ms: number; kind: string }[] = [];
    const ends: Promise<unknown>[] = [];
    const s0 = performance.now();
    for (let i = 0; i < n && performance.now() < deadline; i++) {
      const s = performance.now();
      const pool = cold ? neonPool(db.url, 1) : null;
      const client = pool ? await pool.connect() : warmClients[0];
      const u = await client.query(pollSql, pollParams);
      if (u.rows.length !== 1) throw new Error('bare 304: game not found');
      samples.push({ ms: performance.now() - s, kind: cold ? 'bare_304_cold' : 'bare_304_warm' });
      if (pool) {
        client.release();
        ends.push(pool.end().catch(() => {}));
      }
    }
    const wallMs = performance.now() - s0;
    await Promise.all(ends);
    return { samples, wallMs, errors: 0, errorStatuses: {} };
  };
  // The floor of any request through this Worker and harness: GET /api/health (no database).
  const healthBlock = async (n: number, deadline: number): Promise<BlockResult> => {
    const samples: { ms: number; kind: string }[] = [];
    let errors = 0;
    const s0 = performance.now();
    for (let i = 0; i < n && performance.now() < deadline; i++) {
      const s = performance.now();
      const r = await req('GET', '/api/health');
      if (r.status === 200) samples.push({ ms: performance.now() - s, kind: 'health' });
      else errors++;
    }
    return { samples, wallMs: performance.now() - s0, errors, errorStatuses: {} };
  };
  {
    const r = await req('GET', `/api/games/${realGame.id}/state`, { token: realGame.tokens[0], headers: { 'x-page-visible': '1' } });
    if (r.status !== 200) throw new Error(`real game state -> ${r.status} ${r.text.slice(0, 200)}`);
    realGame.etag = r.headers.get('etag') ?? undefined;
    realStateBytes = r.text.length;
  }
  const pollBlocks: BlockRecord[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const kinds = ['304', 'full', '304_real', 'full_real', 'bare_304_warm', 'bare_304_cold', 'health'];
    const order = kinds.map((_, i) => kinds[(i + r) % kinds.length]);
    for (const kind of order) {
      const g = pollGames[r % pollGames.length];
      const dl = performance.now() + Math.max(4_000, (b.hardDeadline - performance.now()) * 0.05);
      pollBlocks.push(
        await b.measured(kind, 1, r, () =>
          kind === '304' || kind === 'full'
            ? pollBlock(req, [g], POLL_SEQ, kind === '304', dl)
            : kind === '304_real' || kind === 'full_real'
              ? pollBlock(req, [realGame], POLL_SEQ, kind === '304_real', dl)
              : kind === 'health'
                ? healthBlock(POLL_SEQ, dl)
                : bare304(kind === 'bare_304_cold', POLL_SEQ, dl),
        ),
      );
    }
    for (const kind of r % 2 === 0 ? ['304', 'full'] : ['full', '304']) {
      const dl = performance.now() + Math.max(4_000, (b.hardDeadline - performance.now()) * 0.05);
      pollBlocks.push(await b.measured(kind, 16, r, () => pollBlock(req, pollGames, POLL_C16_PER_LANE, kind === '304', dl)));
    }
  }
  {
    const a = summarize(pollBlocks.filter((x) => x.c === 1 && x.mode === '304').flatMap((x) => x.ms));
    const full = summarize(pollBlocks.filter((x) => x.c === 1 && x.mode === 'full').flatMap((x) => x.ms));
    b.log(`polls: 304 p50 ${a.p50.toFixed(1)} ms, full p50 ${full.p50.toFixed(1)} ms (x${(a.p50 / full.p50).toFixed(2)})`);
  }
  return { pollBlocks, pollGames, pollHash, pollSql, pollQuery, realStateBytes };
}
