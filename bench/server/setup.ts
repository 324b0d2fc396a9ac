import { bareSteps, createBareGames, type BareLane, type BareStep } from '../lib/bare';
import { Lane, mapLimit, moveBlock, pollBlock, signIn, startGame, startSecretDice, type BenchGame, type SignInLinks } from '../lib/driver';
import { neonPool } from '../lib/env';
import type { GameRecord } from '../../engine/core';
import { longestRecords, midGameState, storedGame } from '../lib/records';
import { FILLER_GAMES, LEVELS, PLAYERS } from './config';
import type { ServerBench } from './context';
import { bareBlock } from './moves';

/** The games and lanes every section plays or reads. */
export interface Fixtures {
  /** Played by the warm-up, the idle hour, the phases and the traces; never by a measured block. */
  warmGame: BenchGame;
  /** Snowdonia at the middle of its longest recorded game, to poll a state of a real size. */
  realGame: BenchGame;
  realRecord: GameRecord;
  realRecordFile: string;
  mid: ReturnType<typeof midGameState>;
  /** The single lane's second game: it plays the most moves. */
  spareForSingle: BenchGame;
  gamesByLevel: Record<number, BenchGame[]>;
  steps: BareStep[];
  /** 17 games of the bare variant: one per concurrent lane and one for warming up. */
  bareLanes: BareLane[];
  bareWarmLane: BareLane;
}

/**
 * Fills the tables to a realistic size (FILLER_GAMES finished games, users and sessions), signs in
 * the players and starts their games through the API, and opens the 16 warm connections (into
 * `b.warmClients`). Only setup: nothing here is recorded.
 */
export async function setupGames(b: ServerBench, links: SignInLinks): Promise<Fixtures> {
  const { admin, req, log } = b;
  const tf = performance.now();
  await admin.query("insert into users (id, email, name) values ('filler-user', 'filler@example.test', 'Filler')");
  await admin.query(
    `insert into users (id, email, name) select 'filler-u' || g, 'filler-' || g || '@example.test', 'Filler ' || g from generate_series(1, ${FILLER_GAMES}) g`,
  );
  const fillerSnapshot = JSON.stringify(JSON.parse(storedGame([...longestRecords().values()][0].record).snapshotJson));
  await admin.query(
    `insert into games (id, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, snapshot, active_seats)
     select 'filler-' || g, 'big-thunder', '1', '{}', 3, 'finished', md5(g::text), md5(g::text), md5(g::text), 'filler-u' || g, 400, $1::jsonb, '[]'
     from generate_series(1, ${FILLER_GAMES}) g`,
    [fillerSnapshot],
  );
  await admin.query(
    `insert into sessions (token_hash, user_id, expires_at) select md5('s' || g), 'filler-u' || g, now() + interval '30 days' from generate_series(1, ${FILLER_GAMES}) g`,
  );
  await admin.query('analyze');
  log(`filler: ${FILLER_GAMES} users, finished games and sessions in ${((performance.now() - tf) / 1000).toFixed(1)} s`);

  // Each game its own 4 players: a warm-up game, one game per concurrent lane, and a second game
  // for the single lane.
  const lanesNeeded = 2 + LEVELS.reduce((a, c) => a + c, 0);
  const ts = performance.now();
  const emails = Array.from({ length: lanesNeeded * PLAYERS }, (_, i) => `bench-${process.pid}-${i}@example.test`);
  const tokens = await mapLimit(emails, 6, (e) => signIn(req, e, links));
  log(`${tokens.length} players signed in in ${((performance.now() - ts) / 1000).toFixed(1)} s`);
  const tg = performance.now();
  const games = await mapLimit(
    Array.from({ length: lanesNeeded }, (_, i) => i),
    4,
    (i) => startSecretDice(req, tokens.slice(i * PLAYERS, (i + 1) * PLAYERS)),
  );
  log(`${games.length} games of ${PLAYERS} players started in ${((performance.now() - tg) / 1000).toFixed(1)} s`);
  // A fixture game's state is a few bytes; players poll real ones.
  const longest = longestRecords().get('snowdonia')!;
  const realRecord = longest.record;
  const realGame = await startGame(req, tokens.slice(0, realRecord.players), 'snowdonia');
  const mid = midGameState(realRecord);
  await admin.query('update games set snapshot = $1::jsonb, active_seats = $2::jsonb where id = $3', [
    mid.snapshotJson,
    JSON.stringify(mid.activeSeats),
    realGame.id,
  ]);
  const gamesByLevel: Record<number, BenchGame[]> = {};
  let k = 2;
  for (const c of LEVELS) {
    gamesByLevel[c] = games.slice(k, k + c);
    k += c;
  }
  const steps = bareSteps();
  const bareLanes = await createBareGames(async (t, p) => (await admin.query(t, p)).rowCount ?? 0, 16 + 1, String(process.pid));

  // Kept open for the whole run; main() releases them.
  const warmPool = neonPool(b.db.url, 16);
  for (let i = 0; i < 16; i++) b.warmClients.push(await warmPool.connect());
  return {
    warmGame: games[0],
    realGame,
    realRecord,
    realRecordFile: longest.file,
    mid,
    spareForSingle: games[1],
    gamesByLevel,
    steps,
    bareLanes,
    bareWarmLane: bareLanes[16],
  };
}

/**
 * Warm-up (JIT in workerd and Node, first connections), not recorded. Through the pooler, 16
 * games at once open the server connections every level uses, and warm each one: the first calls
 * of the SQL functions on a backend compile them and plan their statements, a cost a
 * long-lived pooled connection pays once, not per request.
 */
export async function warmUp(b: ServerBench, f: Fixtures): Promise<void> {
  const { req } = b;
  const until = performance.now() + 30_000;
  await moveBlock(req, [new Lane([f.warmGame])], 6, until);
  for (let i = 0; i < 3; i++)
    await moveBlock(
      req,
      f.gamesByLevel[16].map((g) => new Lane([g])),
      2,
      until,
    );
  await bareBlock(b, f.steps, f.bareLanes.slice(0, 16), 2, false, until);
  await bareBlock(b, f.steps, [f.bareWarmLane], 6, false, until);
  await bareBlock(b, f.steps, [f.bareWarmLane], 6, true, until);
  await pollBlock(req, [f.warmGame], 3, false, until);
  await pollBlock(req, [f.warmGame], 3, true, until);
  b.log('warm-up done');
}
