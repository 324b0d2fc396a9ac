/**
 * A WebSocket-to-TCP bridge for the Neon serverless driver in development and tests, and on the
 * same port a stand-in for Neon's HTTP query endpoint (`POST /sql`, scripts/sql-over-http.ts).
 *
 * The driver speaks the Postgres wire protocol inside binary WebSocket frames to
 * `ws://<wsProxy>` (we configure `neonConfig.wsProxy = () => "127.0.0.1:PORT/v1"`). This bridge
 * accepts those WebSockets on 127.0.0.1 at path `/v1` and pipes the bytes to a fixed Postgres TCP
 * address (the `?address=` the driver may add is ignored on purpose: the bridge never connects
 * anywhere but `pgHost:pgPort`).
 *
 * Two things a plain pipe does not do (docs/runtime-notes.md):
 * 1. When the client sends the Terminate message ('X'), the TCP socket is ended and the
 *    WebSocket closed. `pool.end()` waits for the server to hang up; PGlite's socket server never
 *    does, so without this every request would leak a connection and `end()` would hang.
 * 2. With `serialize: true` (PGlite behind @electric-sql/pglite-socket, which interleaves the
 *    messages of concurrent connections and then breaks), only one TCP connection is open at a
 *    time; further WebSockets wait in a FIFO queue (their early frames are buffered). A connection
 *    that sits idle while others wait is closed after `idleTimeoutMs` (5 s) with a warning, so one
 *    leaked client cannot stall everyone.
 *
 * Run standalone: `tsx scripts/pg-bridge.ts PGHOST PGPORT [--serialize] [--port N]`.
 */
import http from 'node:http';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { KEEP_ALIVE_MS, sqlOverHttp } from './sql-over-http';

export interface BridgeOptions {
  pgHost: string;
  pgPort: number;
  /** One TCP connection at a time, others queued (needed for PGlite's socket server). */
  serialize: boolean;
  /** Port to listen on (127.0.0.1); 0 or omitted picks a free one. */
  port?: number;
  /**
   * Serialized mode only: close the active connection when it has carried no bytes for this long
   * while other connections are waiting, with a warning (it is almost always a Pool that was not
   * ended: pg's idle timeout would otherwise hold the only slot for 10 s). Default 5 s. 0 disables.
   */
  idleTimeoutMs?: number;
  /** Logs each connection's open/close and queue length to stderr. */
  debug?: boolean;
  /**
   * The HTTP query stand-in keeps connections alive (up to `KEEP_OPEN_UP_TO` open), as Neon's
   * endpoint does: the bench's bridge. Off (each answer closes its connection) for `npm start`
   * and the tests: with it on, one clean-clone CI run's shared dev server saw workerd writes fail
   * with EPIPE on kept connections and wrangler exit.
   */
  keepAlive?: boolean;
}

export interface BridgeStats {
  /** WebSocket connections accepted in total. */
  accepted: number;
  /** TCP connections currently open to Postgres. */
  active: number;
  /** Most TCP connections ever open at once (1 when serialized). */
  maxActive: number;
  /** WebSockets waiting for their turn (serialized mode). */
  queued: number;
  /** Most connections ever waiting at once. */
  maxQueued: number;
  /** Connections closed by us after a Terminate ('X'). */
  terminated: number;
  /** Connections closed by the idle timeout. */
  idleClosed: number;
  /** HTTP connections to `/sql` accepted in total, and open now. */
  httpAccepted: number;
  httpOpen: number;
}

export interface Bridge {
  port: number;
  /** `127.0.0.1:PORT/v1`, the value for `DB_WS_PROXY` / `neonConfig.wsProxy`. */
  wsProxy: string;
  /** `http://127.0.0.1:PORT/sql`, where `neon()` queries go (derived from `DB_WS_PROXY` by db/neon.ts). */
  sqlEndpoint: string;
  stats(): BridgeStats;
  /** Statements answered on `/sql`. */
  httpStatements(): number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/**
 * Follows the frontend (client -> server) message stream far enough to spot Terminate: untyped
 * startup-phase packets (SSLRequest, GSSENCRequest, CancelRequest, StartupMessage) first, then
 * typed messages `type(1) length(4) body`.
 */
class FrontendScanner {
  private buf: Buffer = Buffer.alloc(0);
  private startup = true;

  /** Feeds bytes; returns true once a Terminate message has been seen. */
  push(chunk: Buffer): boolean {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.startup) {
        if (this.buf.length < 8) return false;
        const len = this.buf.readInt32BE(0);
        const code = this.buf.readInt32BE(4);
        if (len < 8) return false; // garbage; let Postgres complain
        if (this.buf.length < len) return false;
        this.buf = this.buf.subarray(len);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) continue; // the real startup follows
        if (code === CANCEL_REQUEST) return false;
        this.startup = false;
        continue;
      }
      if (this.buf.length < 5) return false;
      const type = this.buf[0];
      const len = this.buf.readInt32BE(1);
      if (type === 0x58 /* 'X' */) return true;
      if (this.buf.length < 1 + len) return false;
      this.buf = this.buf.subarray(1 + len);
    }
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data as ArrayBuffer);
}

export async function startBridge(opts: BridgeOptions): Promise<Bridge> {
  const idleTimeoutMs = opts.idleTimeoutMs ?? 5_000;
  const started = performance.now();
  const log = opts.debug
    ? (...a: unknown[]) => console.error(`[pg-bridge +${((performance.now() - started) / 1000).toFixed(3)}s]`, ...a)
    : () => {};
  const stats: BridgeStats = {
    accepted: 0,
    active: 0,
    maxActive: 0,
    queued: 0,
    maxQueued: 0,
    terminated: 0,
    idleClosed: 0,
    httpAccepted: 0,
    httpOpen: 0,
  };
  const waiting: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  let busy = false;
  let idleWatch: (() => void) | null = null;

  const server = http.createServer({ keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 });
  const wss = new WebSocketServer({ server, path: '/v1', perMessageDeflate: false });
  const sql = sqlOverHttp({
    pgHost: opts.pgHost,
    pgPort: opts.pgPort,
    log: opts.debug ? (text) => log(text) : undefined,
    openConnections: opts.keepAlive ? () => stats.httpOpen : undefined,
    withSlot: opts.serialize
      ? (work) =>
          new Promise((resolve, reject) => {
            acquire(() => {
              stats.accepted++;
              work()
                .then(resolve, reject)
                .finally(() => release());
            });
          })
      : undefined,
  });
  server.on('connection', (socket: net.Socket) => {
    stats.httpAccepted++;
    stats.httpOpen++;
    socket.once('close', () => stats.httpOpen--);
  });
  server.on('request', (req, res) => {
    if (req.method === 'POST' && req.url?.split('?')[0] === '/sql') return sql.handle(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('pg-bridge: WebSockets at /v1, queries at POST /sql');
  });

  /** Serialized mode: run `start` when the slot is free; returns a release function. */
  function acquire(start: () => void): void {
    if (!opts.serialize) return start();
    if (!busy) {
      busy = true;
      return start();
    }
    waiting.push(start);
    stats.queued = waiting.length;
    stats.maxQueued = Math.max(stats.maxQueued, waiting.length);
    log(`queued (waiting=${waiting.length})`);
    idleWatch?.();
  }
  function release(): void {
    if (!opts.serialize) return;
    const next = waiting.shift();
    stats.queued = waiting.length;
    if (next) next();
    else busy = false;
  }

  wss.on('connection', (ws: WebSocket) => {
    stats.accepted++;
    const id = stats.accepted;
    const pending: Buffer[] = [];
    const scanner = new FrontendScanner();
    let tcp: net.Socket | null = null;
    let done = false; // the WebSocket side is gone (or we ended it)
    let lastActivity = Date.now();
    let idleTimer: NodeJS.Timeout | null = null;
    let released = false;

    ws.on('error', () => {}); // a reset client; 'close' follows
    ws.on('message', (data) => {
      lastActivity = Date.now();
      const chunk = toBuffer(data);
      if (!tcp) pending.push(chunk);
      else forward(chunk);
    });
    ws.on('close', () => {
      done = true;
      if (tcp) tcp.end();
      else {
        // Never got a slot: leave the queue.
        const i = waiting.indexOf(begin);
        if (i >= 0) {
          waiting.splice(i, 1);
          stats.queued = waiting.length;
        }
      }
    });

    function forward(chunk: Buffer) {
      if (!tcp || tcp.destroyed) return;
      tcp.write(chunk);
      if (scanner.push(chunk)) {
        stats.terminated++;
        log(`#${id} terminate`);
        tcp.end(); // Postgres would hang up itself; PGlite's socket server does not
        if (ws.readyState === ws.OPEN) ws.close(1000);
      }
    }

    function begin() {
      if (done) return release();
      const openedAt = performance.now();
      tcp = net.connect({ host: opts.pgHost, port: opts.pgPort });
      sockets.add(tcp);
      stats.active++;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      log(`#${id} open (active=${stats.active})`);
      tcp.setNoDelay(true);
      tcp.on('connect', () => {
        for (const chunk of pending.splice(0)) forward(chunk);
      });
      tcp.on('data', (data) => {
        lastActivity = Date.now();
        if (ws.readyState === ws.OPEN) ws.send(data, { binary: true });
      });
      tcp.on('error', (err) => log(`#${id} tcp error`, err.message));
      tcp.on('close', () => {
        sockets.delete(tcp!);
        stats.active--;
        if (idleTimer) clearInterval(idleTimer);
        log(`#${id} closed after ${(performance.now() - openedAt).toFixed(0)} ms (active=${stats.active})`);
        if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
        if (!released) {
          released = true;
          release();
        }
      });
      if (opts.serialize && idleTimeoutMs > 0) {
        const watch = () => {
          if (idleTimer) return;
          idleTimer = setInterval(
            () => {
              if (waiting.length > 0 && Date.now() - lastActivity > idleTimeoutMs) {
                stats.idleClosed++;
                console.error(
                  `[pg-bridge] closing connection #${id}: idle ${((Date.now() - lastActivity) / 1000).toFixed(1)} s while ${waiting.length} wait ` +
                    '(PGlite takes one connection at a time; was a Pool left open without end()?)',
                );
                tcp?.destroy();
                ws.terminate();
              }
            },
            Math.min(1000, idleTimeoutMs),
          ).unref();
        };
        idleWatch = watch;
        tcp.once('close', () => {
          if (idleWatch === watch) idleWatch = null;
        });
        if (waiting.length > 0) watch();
      }
    }

    acquire(begin);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1');
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    wsProxy: `127.0.0.1:${port}/v1`,
    sqlEndpoint: `http://127.0.0.1:${port}/sql`,
    stats: () => ({ ...stats }),
    httpStatements: () => sql.statements(),
    close: async () => {
      waiting.length = 0;
      for (const s of sockets) s.destroy();
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql.close();
    },
  };
}

// CLI: tsx scripts/pg-bridge.ts HOST PORT [--serialize] [--port N] [--debug] [--keep-alive]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.includes(name);
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const [pgHost = '127.0.0.1', pgPort = '5432'] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--port'));
  const bridge = await startBridge({
    pgHost,
    pgPort: Number(pgPort),
    serialize: flag('--serialize'),
    port: Number(value('--port') ?? 0),
    debug: flag('--debug'),
    keepAlive: flag('--keep-alive'),
  });
  console.log(`pg-bridge ws://${bridge.wsProxy} -> ${pgHost}:${pgPort}${flag('--serialize') ? ' (serialized)' : ''}`);
  const stop = () => bridge.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
