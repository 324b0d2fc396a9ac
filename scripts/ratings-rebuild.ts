/**
 * `npm run ratings:rebuild`: folds every ended game's record again, in the order the games ended,
 * into seat outcomes and ratings (worker/services/rating-math.ts, the same functions the server
 * applies at each game's end), and replaces the stored ones. Says how many ratings differed.
 *   - DATABASE_URL set: that Postgres (as `npm run db:migrate` reaches it);
 *   - otherwise the local PGlite in MP_DATA_DIR (default .data/pglite; not while `npm start` runs).
 * `--check` compares only and writes nothing (exit code 1 when anything differs).
 *
 * `npm run ratings:rebuild -- --from <url>`: no database at all, only a running server's public
 * answers, signed out: for each game type, every rated record in the order ratings applied them
 * (`GET /api/ratings/:type/records`) folded with the same model, compared with what each record
 * publishes and with `GET /api/leaderboard/:type`. Prints each difference and their number
 * (exit code 1 when there is one).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createNeonDb } from '../db/neon';
import { createPgliteDb } from '../db/pglite';
import { ratings } from '../db/schema';
import type { Db } from '../db/types';
import { recomputeFromRecords, recordMissingEndings, writeRebuilt } from '../worker/services/ratings';
import { foldPublished, PROVISIONAL_GAMES, type PublishedEnding, skillOrdinal } from '../worker/services/rating-math';
import { openExternalDb } from './external-db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkOnly = process.argv.includes('--check');

/** Rebuilds (or with `write: false` only compares) the ratings of `db`; returns the number of ratings that differ. */
export async function rebuildRatings(db: Db, opts: { write: boolean; now: Date }): Promise<{ games: number; differing: number }> {
  if (opts.write) await recordMissingEndings(db);
  const rebuilt = await recomputeFromRecords(db);
  const stored = await db.select().from(ratings);
  const key = (r: { userId: string; type: string }) => `${r.userId}\t${r.type}`;
  const had = new Map(stored.map((r) => [key(r), r]));
  let differing = Math.max(0, stored.length - rebuilt.ratings.length);
  for (const r of rebuilt.ratings) {
    const s = had.get(key(r));
    if (!s || s.games !== r.games || Math.abs(s.mu - r.mu) > 1e-9 || Math.abs(s.sigma - r.sigma) > 1e-9) differing++;
  }
  if (opts.write) await writeRebuilt(db, rebuilt, opts.now);
  return { games: new Set(rebuilt.seatResults.map((s) => s.gameId)).size, differing };
}

/** The leaderboard's length (`GET /api/leaderboard/:type`). */
const LEADERBOARD_SIZE = 50;

/**
 * Recomputes every rating from a server's public answers alone (`--from <url>`): the rated
 * records of each game type, folded in order, against what the records publish and the
 * leaderboard. Returns the differences, each in words (none: every rating agrees).
 */
export async function rebuildFromServer(
  base: string,
  get: (url: string) => Promise<unknown> = async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    return res.json();
  },
): Promise<{ types: number; games: number; players: number; differences: string[] }> {
  const root = base.replace(/\/$/, '');
  const types = (await get(`${root}/api/game-types`)) as { id: string }[];
  const differences: string[] = [];
  let games = 0;
  let players = 0;
  for (const { id: type } of types) {
    const endings: PublishedEnding[] = [];
    for (let after: number | null = -1; after !== null; ) {
      const page = (await get(`${root}/api/ratings/${encodeURIComponent(type)}/records${after >= 0 ? `?after=${after}` : ''}`)) as {
        records: PublishedEnding[];
        next: number | null;
      };
      endings.push(...page.records);
      after = page.next;
    }
    games += endings.length;
    const fold = foldPublished(endings);
    differences.push(...fold.differences.map((d) => `${type}: ${d}`));
    players += fold.ratings.size;
    // The leaderboard as the fold gives it: shown ratings only, best ordinal first, then by id.
    const board = [...fold.ratings]
      .filter(([, s]) => s.games >= PROVISIONAL_GAMES)
      .map(([id, s]) => ({ id, ordinal: skillOrdinal(s), games: s.games }))
      .sort((a, b) => b.ordinal - a.ordinal || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, LEADERBOARD_SIZE);
    const shown = (
      (await get(`${root}/api/leaderboard/${encodeURIComponent(type)}`)) as {
        players: { rank: number; id: string; ordinal: number; games: number }[];
      }
    ).players;
    for (let i = 0; i < Math.max(board.length, shown.length); i++) {
      const mine = board[i];
      const theirs = shown[i];
      const same =
        mine && theirs && mine.id === theirs.id && mine.games === theirs.games && Math.round(mine.ordinal * 100) / 100 === theirs.ordinal;
      if (!same)
        differences.push(
          `${type}: leaderboard rank ${i + 1} is ${theirs ? `${theirs.id} (${theirs.ordinal}, ${theirs.games} games)` : 'nobody'}; the records give ${mine ? `${mine.id} (${Math.round(mine.ordinal * 100) / 100}, ${mine.games} games)` : 'nobody'}`,
        );
    }
  }
  return { types: types.length, games, players, differences };
}

async function main() {
  const from = process.argv.indexOf('--from');
  if (from >= 0) {
    const url = process.argv[from + 1];
    if (!url) throw new Error('--from needs the server address: npm run ratings:rebuild -- --from http://localhost:8787');
    const r = await rebuildFromServer(url);
    for (const d of r.differences) console.log(d);
    console.log(
      `${r.games} rated games of ${r.types} game types folded from ${url} (${r.players} ratings); ${r.differences.length} differences`,
    );
    if (r.differences.length > 0) process.exitCode = 1;
    return;
  }
  let db: Db;
  let close: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const ext = await openExternalDb(process.env.DATABASE_URL);
    const neon = createNeonDb({ url: ext.DATABASE_URL, wsProxy: ext.DB_WS_PROXY, webSocket: WebSocket });
    db = neon.db;
    close = async () => {
      await neon.pool.end();
      await ext.stop();
    };
  } else {
    const local = await createPgliteDb(path.resolve(process.env.MP_DATA_DIR || path.join(root, '.data', 'pglite')));
    db = local.db;
    close = () => local.client.close();
  }
  try {
    const r = await rebuildRatings(db, { write: !checkOnly, now: new Date() });
    console.log(
      `${r.games} ended games folded; ${r.differing} stored ratings ${checkOnly ? 'differ' : 'were replaced because they differed'}`,
    );
    if (checkOnly && r.differing > 0) process.exitCode = 1;
  } finally {
    await close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
