/**
 * Page load, the client parts that need no browser: which requests public/boot.js starts for a
 * page, that the app takes each early answer once and only while fresh (a real local HTTP server
 * answers), the boards' chunk names the build hands to boot.js, and the service worker's shell.
 * The browser side (what the game page loads) is test/e2e/chunks.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Metafile } from 'esbuild';
import { PREFETCH_FRESH_MS, prefetchUrls, startPrefetch, takePrefetched } from '../../client/prefetch';
import { shellFiles, swStrategy } from '../../client/sw-routes';
import { boardChunks } from '../../scripts/build-client';

describe('the first requests of a page', () => {
  test('every page asks who is signed in; a game page also its metadata and state', () => {
    expect(prefetchUrls('/', '')).toEqual(['/api/me']);
    expect(prefetchUrls('/settings', '')).toEqual(['/api/me']);
    expect(prefetchUrls('/games/g_12ab', '')).toEqual(['/api/me', '/api/games/g_12ab', '/api/games/g_12ab/state']);
    expect(prefetchUrls('/games/g_12ab/', '?seat=2')).toEqual(['/api/me', '/api/games/g_12ab', '/api/games/g_12ab/state']);
  });

  test('an invite link reads the metadata with its code, as the page does', () => {
    expect(prefetchUrls('/games/g_1', '?invite=a%20b')).toEqual(['/api/me', '/api/games/g_1?invite=a%20b', '/api/games/g_1/state']);
  });
});

describe('the app takes an early answer once, while fresh', () => {
  let server: Server;
  let origin = '';
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      const id = /^\/api\/games\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/state'))
        res.end(
          JSON.stringify({
            id,
            type: id.startsWith('open') ? 'snowdonia' : 'big-thunder',
            status: id.startsWith('open') ? 'open' : 'active',
            version: 3,
          }),
        );
      else if (req.url?.startsWith('/api/games/')) res.end(JSON.stringify({ id, type: 'big-thunder', status: 'active' }));
      else res.end(JSON.stringify({ id: 'u1' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** Starts the early requests for `path`, against the local server (relative URLs need an origin). */
  function start(path: string, now: () => number, onType: (t: string) => void = () => {}): void {
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) => realFetch(new URL(url, origin), init)) as typeof fetch;
    try {
      startPrefetch(path, '', { accept: 'application/json', 'x-page-visible': '1' }, onType, now);
    } finally {
      globalThis.fetch = realFetch;
    }
  }

  test('the answer is taken once, then the caller asks the server itself; the type starts the board', async () => {
    const types: string[] = [];
    start(
      '/games/g_a',
      () => 0,
      (t) => types.push(t),
    );
    const early = takePrefetched('/api/games/g_a/state', undefined, () => 1000);
    expect(early).not.toBeNull();
    const body = (await (await early!).json()) as { id: string; version: number };
    expect(body).toMatchObject({ id: 'g_a', version: 3 });
    expect(takePrefetched('/api/games/g_a/state', undefined, () => 1000)).toBeNull();
    await expect.poll(() => types).toEqual(['big-thunder']);
    expect(hits.filter((h) => h.startsWith('/api/games/g_a')).sort()).toEqual(['/api/games/g_a', '/api/games/g_a/state']);
  });

  test(`an answer older than ${PREFETCH_FRESH_MS} ms is not taken`, async () => {
    start('/games/g_b', () => 0);
    expect(takePrefetched('/api/games/g_b', undefined, () => PREFETCH_FRESH_MS + 1)).toBeNull();
    expect(takePrefetched('/api/games/g_b', undefined, () => 0)).toBeNull(); // gone, not kept for later
  });

  test('a game still open: its state answer is dropped (the state poll starts after the game has, when it is old)', async () => {
    start('/games/open_1', () => 0);
    await expect.poll(() => takePrefetched('/api/games/open_1/state', undefined, () => 0) === null).toBe(true);
    expect(takePrefetched('/api/games/open_1', undefined, () => 0)).not.toBeNull(); // the metadata is still wanted
  });

  test('an aborted caller gets an AbortError, as its own fetch would give', async () => {
    start('/games/g_c', () => 0);
    const ctrl = new AbortController();
    const p = takePrefetched('/api/games/g_c/state', ctrl.signal, () => 0)!;
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('boot.js knows each board chunk; the service worker keeps the shell', () => {
  test("each game's board chunk is found in the build's metafile by its manifest's tag", () => {
    const out = (entryPoint: string) => ({ bytes: 1, inputs: {}, imports: [], exports: [], entryPoint });
    const meta = {
      inputs: {},
      outputs: {
        'public/chunks/bt-mountain-board-AB12CD34.js': out('lazy:/x/client/games/big-thunder/bt-mountain-board.ts'),
        'public/chunks/sn-mountain-board-ZZ12CD34.js': out('client/games/snowdonia/sn-mountain-board.ts'),
        'public/chunks/mp-settings-page-AB12CD34.js': out('lazy:/x/client/components/mp-settings-page.ts'),
        'public/app.js': out('client/main.ts'),
      },
    } as unknown as Metafile;
    expect(boardChunks(meta)).toEqual({
      'big-thunder': '/chunks/bt-mountain-board-AB12CD34.js',
      snowdonia: '/chunks/sn-mountain-board-ZZ12CD34.js',
    });
  });

  test('boot.js is part of the shell, fetched network first like app.js', () => {
    expect(shellFiles([])).toContain('/boot.js');
    expect(swStrategy({ url: 'https://m.example/boot.js', method: 'GET', mode: 'cors' }, 'https://m.example')).toBe('fresh');
  });
});
