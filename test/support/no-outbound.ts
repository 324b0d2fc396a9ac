/**
 * Nothing a test does leaves 127.0.0.1: a guard of the test configuration, not a convention
 * (the setup file every vitest project runs first).
 *
 * - In every process that runs tests, a TCP connection to any other host is refused before it is
 *   made (so no DNS lookup either): `net.Socket#connect` is wrapped, which every client in Node
 *   goes through (fetch, http, https, tls, ws, pg).
 * - The test Worker (test/fixtures/outbound-guard.ts) refuses fetches and WebSockets to other
 *   hosts the same way and keeps a list; the servers a file watches (the layer's shared Worker or
 *   `npm start`, a file's own Worker or dev server: test/support/refusals.ts `watchServer`) are
 *   asked for it after each test.
 * - The browser layer's contexts note each request to another host (test/e2e/support.ts), and
 *   Chromium resolves no other name (scripts/chromium.ts `--host-resolver-rules`).
 *
 * Whatever was refused during a test fails that test, naming each host and who asked.
 */
import net from 'node:net';
import { afterEach, inject } from 'vitest';
import { isLoopbackHost, refusalMessage } from './loopback';
import { noteRefused, takeRefused, watchServer } from './refusals';

const GUARDED = Symbol.for('mountain-post.no-outbound');

/** The host (`name:port`) a `Socket#connect(...)` call names, or null for a local (Unix) socket. */
export function connectTarget(args: unknown[]): string | null {
  let [a, b] = args;
  if (Array.isArray(a)) [a, b] = a; // Node's own normalized arguments
  if (a && typeof a === 'object') {
    const o = a as { path?: string; host?: string; port?: number | string };
    return o.path ? null : `${o.host ?? 'localhost'}:${o.port ?? ''}`;
  }
  if (typeof a === 'number' || (typeof a === 'string' && /^\d+$/.test(a))) return `${typeof b === 'string' ? b : 'localhost'}:${a}`;
  return null;
}

/** Wraps `net.Socket#connect` in this process (once): a connection to a host that is not loopback fails at once, noted. */
export function refuseOutboundConnections(): void {
  const proto = net.Socket.prototype as net.Socket & { [GUARDED]?: true };
  if (proto[GUARDED]) return;
  const connect = proto.connect as (...a: unknown[]) => net.Socket;
  proto.connect = function (this: net.Socket, ...args: unknown[]) {
    const target = connectTarget(args);
    if (target !== null && !isLoopbackHost(target.replace(/:\d*$/, ''))) {
      noteRefused(target, 'the test process');
      const err = Object.assign(new Error(refusalMessage(target, 'the test process')), { code: 'ECONNREFUSED' });
      process.nextTick(() => this.destroy(err));
      return this;
    }
    return connect.apply(this, args);
  } as typeof proto.connect;
  proto[GUARDED] = true;
}

refuseOutboundConnections();
// The layer's shared server, where the project has one (its globalSetup provides the URL).
for (const key of ['workerUrl', 'devServerUrl']) {
  const url = (inject as (k: string) => unknown)(key);
  if (typeof url === 'string' && url) watchServer(url);
}

afterEach(async () => {
  const found = await takeRefused();
  if (found.length) throw new Error(found.map((r) => refusalMessage(r.host, r.from)).join('\n'));
});
