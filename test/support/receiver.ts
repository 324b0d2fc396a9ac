import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
  const rec = recorder<Received>(
    behave,
    (req, body) => ({ path: req.url ?? '/', headers: req.headers, body: body.toString('utf8') }),
    (res, status) => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'),
  );
  const server = createServer(rec.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    all: rec.all,
    delivered: rec.delivered,
    close: () => rec.close(server),
  };
}

/**
 * The part every stand-in server of ours shares (webhook receiver, push service): records each
 * request (`read` turns it and its whole body into a record), lets `behave(n, record)` choose the
 * answer to the n-th one - a status, or 'hang' to never answer - and keeps the 2xx-answered ones
 * as `delivered`. `close(server)` also ends hanging requests, so the server stops at once.
 */
export function recorder<R>(
  behave: (n: number, req: R) => number | 'hang',
  read: (req: IncomingMessage, body: Buffer) => R,
  answer: (res: ServerResponse, status: number) => void,
) {
  const all: R[] = [];
  const delivered: R[] = [];
  const hanging: ServerResponse[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const r = read(req, Buffer.concat(chunks));
      all.push(r);
      const outcome = behave(all.length, r);
      if (outcome === 'hang') {
        hanging.push(res);
        return;
      }
      if (outcome >= 200 && outcome < 300) delivered.push(r);
      answer(res, outcome);
    });
  };
  const close = async (server: Pick<Server, 'closeAllConnections' | 'close'>) => {
    for (const h of hanging) h.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { all, delivered, handle, close };
}
