/**
 * Direct SQL from a Node test process to the database the Worker uses, through the same bridge
 * and Neon driver (for assertions such as "the log has exactly one new event").
 */
import WebSocket from 'ws';
import { createNeonDb } from '../../db/neon';

/** Runs one parameterized query and returns its rows. */
export async function sqlRows<T = Record<string, unknown>>(
  url: string,
  wsProxy: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const { pool } = createNeonDb({ url, wsProxy, webSocket: WebSocket });
  try {
    const res = await pool.query(text, params);
    return res.rows as T[];
  } finally {
    await pool.end();
  }
}
