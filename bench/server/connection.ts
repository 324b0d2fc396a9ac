import { neonPool } from '../lib/env';
import { quick } from './config';
import type { ServerBench } from './context';

/**
 * What a new connection costs through the Worker's driver and the bridge, against one round trip
 * (`select 1`) on a new and on a warm connection: ms per connect and per round trip. Every request
 * of the Worker pays a connect, so this is part of the floor under a move.
 */
export async function measureConnection(b: ServerBench): Promise<{ connectMs: number[]; rttMs: number[] }> {
  const connectMs: number[] = [];
  const rttMs: number[] = [];
  for (let i = 0; i < (quick ? 10 : 30) && performance.now() < b.hardDeadline; i++) {
    const s = performance.now();
    const pool = neonPool(b.db.url, 1);
    const client = await pool.connect();
    connectMs.push(performance.now() - s);
    const s2 = performance.now();
    await client.query('select 1', []);
    rttMs.push(performance.now() - s2);
    client.release();
    await pool.end();
    const s3 = performance.now();
    await b.warmClients[0].query('select 1', []);
    rttMs.push(performance.now() - s3);
  }
  return { connectMs, rttMs };
}
