/**
 * `npm run db:server`: a real PostgreSQL 17 for local development without installing one, from
 * the npm-installed binaries (scripts/postgres-server.ts). Its data lives in `.data/postgres` and
 * survives restarts; trust auth for the `mp` role, on 127.0.0.1 only. Prints the DATABASE_URL to
 * give `npm run db:migrate` and `npm start`, and runs until Ctrl-C, which stops the server.
 *
 *   MP_PG_PORT   the port (default 5432)
 *   MP_PG_DATA   the data folder (default .data/postgres)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cluster } from './postgres-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.MP_PG_PORT ?? 5432);
const dataDir = path.resolve(root, process.env.MP_PG_DATA ?? '.data/postgres/data');
mkdirSync(path.dirname(dataDir), { recursive: true });

const pg = cluster(dataDir);
const made = pg.init('mp');
pg.start(port, path.dirname(dataDir));
const url = `postgres://mp@127.0.0.1:${port}/postgres`;
console.log(
  `[db] PostgreSQL (${pg.bin.source}: ${path.relative(root, pg.bin.dir) || pg.bin.dir}) ${made ? 'created and ' : ''}running on 127.0.0.1:${port}`,
);
console.log(`[db] data in ${path.relative(root, dataDir)}, log in ${path.relative(root, pg.logFile)}`);
console.log('[db] in another terminal:');
console.log(`       DATABASE_URL=${url} npm run db:migrate`);
console.log(`       DATABASE_URL=${url} npm start`);
console.log('[db] Ctrl-C stops the server.');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  pg.stop('fast');
  console.log('[db] stopped');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 1 << 30); // stay up until a signal
