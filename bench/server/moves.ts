import { bareMove, type BareLane, type BareStep } from '../lib/bare';
import { Lane, moveBlock, type BlockResult } from '../lib/driver';
import { neonPool } from '../lib/env';
import { summarize } from '../lib/stats';
import { LEVELS, PER_LANE, ROUNDS, type BlockRecord } from './config';
import type { ServerBench } from './context';
import type { Fixtures } from './setup';

type Mode = 'move' | 'bare_warm' | 'bare_cold';

/**
 * The bare database work of a move (lib/bare.ts), `perLane` transactions on each lane at once, ms
 * per transaction. `cold` opens a new Pool and connection per transaction, as the Worker does per
 * request; otherwise lane i uses warm connection i. Stops starting transactions at `deadline`.
 */
export async function bareBlock(
  b: ServerBench,
  steps: BareStep[],
  lanes: BareLane[],
  perLane: number,
  cold: boolean,
  deadline: number,
): Promise<BlockResult> {
  const samples: { ms: number; kind: string }[] = [];
  const ends: Promise<unknown>[] = [];
  let errors = 0;
  const errorStatuses: Record<string, number> = {};
  const s0 = performance.now();
  await Promise.all(
    lanes.map(async (lane, i) => {
      for (let j = 0; j < perLane && performance.now() < deadline; j++) {
        const s = performance.now();
        try {
          let kind: string;
          if (cold) {
            // end() after the answer, as the Worker does.
            const pool = neonPool(b.db.url, 1);
            const client = await pool.connect();
            try {
              kind = await bareMove(client, lane, steps);
            } finally {
              client.release();
              ends.push(pool.end().catch(() => {}));
            }
          } else kind = await bareMove(b.warmClients[i], lane, steps);
          samples.push({ ms: performance.now() - s, kind });
        } catch (e) {
          errors++;
          const key = String((e as Error).message).slice(0, 60);
          errorStatuses[key] = (errorStatuses[key] ?? 0) + 1;
        }
      }
    }),
  );
  const wallMs = performance.now() - s0;
  await Promise.all(ends);
  return { samples, wallMs, errors, errorStatuses };
}

/**
 * Section 1: a move through the Worker against the bare transaction on a warm and on a new
 * connection, at 1, 4 and 16 concurrent games. Blocks alternate, the order rotated each round, so
 * drift in the machine's load hits every variant alike. Returns every block (ms per move, CPU, WAL).
 */
export async function measureMoves(b: ServerBench, f: Fixtures): Promise<BlockRecord[]> {
  const blocks: BlockRecord[] = [];
  const modes: Mode[] = ['move', 'bare_warm', 'bare_cold'];
  for (const c of LEVELS) {
    const lanes = f.gamesByLevel[c].map((g) => new Lane(c === 1 ? [g, f.spareForSingle] : [g]));
    const bl = f.bareLanes.slice(0, c);
    for (let r = 0; r < ROUNDS; r++) {
      const order = modes.map((_, i) => modes[(i + r) % modes.length]);
      for (const mode of order) {
        // Each block gets a fair share of what is left of the budget (polls and the rest need ~35%).
        const blockDeadline = performance.now() + Math.max(5_000, (b.hardDeadline - performance.now()) * 0.08);
        const rec = await b.measured(mode, c, r, () =>
          mode === 'move'
            ? moveBlock(b.req, lanes, PER_LANE[c], blockDeadline)
            : bareBlock(b, f.steps, bl, PER_LANE[c], mode === 'bare_cold', blockDeadline),
        );
        blocks.push(rec);
        if (rec.errors) b.log(`${mode} c=${c}: ${rec.errors} errors ${JSON.stringify(rec.errorStatuses)}`);
      }
    }
    const m = summarize(blocks.filter((x) => x.c === c && x.mode === 'move').flatMap((x) => x.ms));
    const w = summarize(blocks.filter((x) => x.c === c && x.mode === 'bare_warm').flatMap((x) => x.ms));
    b.log(`moves c=${c}: move p50 ${m.p50.toFixed(1)} ms, bare warm p50 ${w.p50.toFixed(1)} ms (x${(m.p50 / w.p50).toFixed(2)})`);
  }
  return blocks;
}
