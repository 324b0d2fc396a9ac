/**
 * Engine benchmarks (no I/O): bot self-play and uniformly random legal playouts per second per
 * game and player count, replay time of each game's longest recorded game, and what a stored
 * game weighs (snapshot bytes, event bytes per move).
 *
 * `tsx bench/engines.ts [out.json]` prints the JSON section (and writes it when a path is given).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { playMove, replay, Rng, rngFromSeed, selfPlay, type AnyGame } from '../engine/core';
import { shippedGames } from '../engine/games';
import { historyEvents, longestRecords, storedGame } from './lib/records';
import { INSPECTOR_FRAMES, profileHere, summarizeProfile } from './lib/cpuprofile';
import { round, roundSummary, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
/** Time budget per (game, players) cell, ms. */
const CELL_MS = quick ? 300 : 1200;
const MAX_MOVES = 20_000;

/** A deterministic 128-bit hex seed. */
function seedHex(i: number, salt: string): string {
  return createHash('sha256').update(`${salt}-${i}`).digest('hex').slice(0, 32);
}

/** One uniformly random legal playout; returns moves made and whether the game ended. */
function randomPlayout(game: AnyGame, players: number, seed: string, rng: Rng): { moves: number; finished: boolean } {
  let state = game.setup({ players, options: game.optionsSchema.parse({}), seed });
  let moves = 0;
  while (moves < MAX_MOVES) {
    const seat = game.activeSeats(state)[0];
    if (seat === undefined) return { moves, finished: true };
    const legal = game.legalMoves(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} active without legal moves`);
    state = playMove(game, state, seat, legal[rng.int(0, legal.length - 1)]).state;
    moves++;
  }
  return { moves, finished: false };
}

interface Cell {
  game: string;
  players: number;
  playouts: number;
  seconds: number;
  playouts_per_s: number;
  playouts_per_cpu_s: number;
  moves_per_playout: number;
  moves_per_s: number;
  unfinished: number;
}

function measure(game: AnyGame, players: number, kind: 'bot' | 'random'): Cell {
  // warm-up (JIT), not counted
  if (kind === 'bot') selfPlay(game, { players, options: {}, seed: seedHex(0, 'warm'), botSeed: seedHex(1, 'warm'), maxMoves: MAX_MOVES });
  else randomPlayout(game, players, seedHex(0, 'warm'), new Rng(rngFromSeed(seedHex(2, 'warm'))));
  let playouts = 0;
  let moves = 0;
  let unfinished = 0;
  const rng = new Rng(rngFromSeed(seedHex(players, `${game.id}-${kind}`)));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  while (performance.now() - t0 < CELL_MS || playouts < 3) {
    if (performance.now() - t0 > CELL_MS * 10) break; // hard bound
    const seed = seedHex(playouts, `${game.id}-${players}`);
    if (kind === 'bot') {
      const r = selfPlay(game, { players, options: {}, seed, botSeed: seedHex(playouts, 'bot'), maxMoves: MAX_MOVES });
      moves += r.moves.length;
      if (!r.finished) unfinished++;
    } else {
      const r = randomPlayout(game, players, seed, rng);
      moves += r.moves;
      if (!r.finished) unfinished++;
    }
    playouts++;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cu = process.cpuUsage(c0);
  const cpuSeconds = (cu.user + cu.system) / 1e6;
  return {
    game: game.id,
    players,
    playouts,
    seconds: round(seconds),
    playouts_per_s: round(playouts / seconds),
    playouts_per_cpu_s: round(playouts / cpuSeconds),
    moves_per_playout: round(moves / playouts),
    moves_per_s: round(moves / seconds),
    unfinished,
  };
}

export async function runEngines() {
  const bot: Cell[] = [];
  const random: Cell[] = [];
  for (const game of shippedGames) {
    // Warm the JIT on this game first, or its first cell pays for compilation.
    const w0 = performance.now();
    for (let i = 0; performance.now() - w0 < (quick ? 150 : 500) || i < 2; i++) {
      selfPlay(game, {
        players: game.maxPlayers - (i % (game.maxPlayers - game.minPlayers + 1)),
        options: {},
        seed: seedHex(i, 'jit'),
        botSeed: seedHex(i, 'jitbot'),
        maxMoves: MAX_MOVES,
      });
      if (performance.now() - w0 > 5_000) break;
    }
    for (let p = game.minPlayers; p <= game.maxPlayers; p++) {
      bot.push(measure(game, p, 'bot'));
      random.push(measure(game, p, 'random'));
      console.error(`[engines] ${game.id} ${p}p: bot ${bot.at(-1)!.playouts_per_s}/s, random ${random.at(-1)!.playouts_per_s}/s`);
    }
  }

  // Replay of each game's longest recorded game, from its event log (what undo and verify do).
  const replays: Record<string, unknown> = {};
  const replayMs: Record<string, number> = {};
  const storage: Record<string, unknown> = {};
  for (const [type, { file, record }] of longestRecords()) {
    const game = shippedGames.find((g) => g.id === type)!;
    const events = historyEvents(record);
    const h = { players: record.players, options: record.options, seed: record.seed!, events };
    for (let i = 0; i < 5; i++) replay(game, h); // warm-up
    const samples: number[] = [];
    const cpu: number[] = [];
    const t0 = performance.now();
    while ((samples.length < 200 && performance.now() - t0 < (quick ? 500 : 2000)) || samples.length < 10) {
      if (performance.now() - t0 > 20_000) break;
      const c = process.cpuUsage();
      const s = performance.now();
      replay(game, h);
      samples.push(performance.now() - s);
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
    }
    const sum = roundSummary(summarize(samples));
    const cpuSum = roundSummary(summarize(cpu));
    // For comparison: the copying applyMove chain (what replay did before applyMoveInPlace), and
    // the validated replay that `npm run verify` and the /verify page run on a record from outside.
    const moves = events.filter((e): e is { kind: 'move'; seat: number; move: unknown } => e.kind === 'move');
    // The record's options as stored, like `replay`: parsing would fill in rules version 2's
    // defaults (a random first player, ...) and set up another game than the record's version 1.
    const applyOnly = () => {
      let st = game.setup({ players: record.players, options: h.options, seed: record.seed! });
      for (const m of moves) st = game.applyMove(st, m.seat, m.move).state;
      return st;
    };
    const cpuOf = (f: () => unknown, budgetMs: number, max: number) => {
      for (let i = 0; i < 3; i++) f();
      const out: number[] = [];
      const t1 = performance.now();
      while ((out.length < max && performance.now() - t1 < budgetMs) || out.length < 5) {
        const c = process.cpuUsage();
        f();
        const d = process.cpuUsage(c);
        out.push((d.user + d.system) / 1000);
      }
      return out;
    };
    const applyCpu = cpuOf(applyOnly, quick ? 300 : 1000, 100);
    const validatedSum = roundSummary(summarize(cpuOf(() => replay(game, h, { validate: true }), quick ? 300 : 1000, 50)));
    const applySum = roundSummary(summarize(applyCpu));
    // Where replay time goes (self time by function), for the report.
    const prof = summarizeProfile(
      await profileHere(() => {
        const t = performance.now();
        while (performance.now() - t < (quick ? 300 : 1000)) replay(game, h);
      }),
      8,
      INSPECTOR_FRAMES,
    );
    replayMs[type] = sum.p50;
    replays[type] = {
      file,
      players: record.players,
      events: record.events.length,
      ms: sum,
      cpu_ms: cpuSum,
      copying_apply_cpu_ms: applySum,
      validated_replay_cpu_ms: validatedSum,
      target_ms: 5,
      meets_target: sum.p50 < 5,
      meets_target_cpu: cpuSum.p50 < 5,
      profile: { top_functions: prof.top_functions, top_files: prof.top_files.slice(0, 6) },
    };

    const stored = storedGame(record);
    const bytes = (s: string) => Buffer.byteLength(s);
    const per = (f: (e: (typeof stored.events)[number]) => number) =>
      round(stored.events.reduce((a, e) => a + f(e), 0) / stored.events.length, 1);
    storage[type] = {
      file,
      players: stored.players,
      moves: stored.moves,
      snapshot_bytes: bytes(stored.snapshotJson),
      event_payload_bytes_per_move: per((e) => bytes(e.payload)),
      event_log_bytes_per_move: per((e) => bytes(e.log)),
      event_response_bytes_per_move: per((e) => bytes(e.response)),
      event_bytes_per_move: per((e) => bytes(e.payload) + bytes(e.log) + bytes(e.response)),
    };
    console.error(
      `[engines] replay ${type} (${record.events.length} events): p50 ${sum.p50} ms (cpu ${cpuSum.p50} ms, copying-apply cpu ${applySum.p50} ms), p95 ${sum.p95} ms`,
    );
  }

  const playoutsPerS: Record<string, Record<string, number>> = {};
  const randomPerS: Record<string, Record<string, number>> = {};
  for (const c of bot) (playoutsPerS[c.game] ??= {})[`${c.players}p`] = c.playouts_per_s;
  for (const c of random) (randomPerS[c.game] ??= {})[`${c.players}p`] = c.playouts_per_s;
  return {
    playouts_per_s: playoutsPerS,
    random_playouts_per_s: randomPerS,
    playouts: { bot, random, cell_ms: CELL_MS, max_moves: MAX_MOVES },
    replay_ms: replayMs,
    replay: replays,
    storage,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const out = await runEngines();
  const json = JSON.stringify(out, null, 2);
  if (process.argv[2]) writeFileSync(process.argv[2], json);
  else console.log(json);
}
