import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 (webhook target or email-provider stand-in) that records
 * what arrives. `behave(n)` decides the answer to the n-th request (1-based): a status, or
 * 'hang' to never answer (a timeout for the sender). Requests answered 2xx are `delivered`.
 */
export async function startReceiver(behave: (n: number, req: Received) => number | 'hang' = () => 200) {
  const all: Received[] = [];
  const delivered: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '/', headers: req.headers, body };
      all.push(r);
      const outcome = behave(all.length, r);
      if (outcome === 'hang') {
        hanging.push(res);
        return;
      }
      if (outcome >= 200 && outcome < 300) delivered.push(r);
      res.writeHead(outcome, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    all,
    delivered,
    async close() {
      for (const h of hanging) h.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
