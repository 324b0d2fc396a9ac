/**
 * The test configuration's own guards, each shown to bite on a planted offence:
 * - a test process that tries to reach a host beyond 127.0.0.1 is refused before any lookup, the
 *   host named, and the record that fails the test after it holds it (test/support/no-outbound.ts);
 * - an upper bound on elapsed wall-clock time in a test is a lint finding, an order of instants or
 *   a lower bound is not (scripts/check-elapsed-bounds.ts);
 * - a layer whose shared server stopped is said once, with its last lines (test/support/server-down.ts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElapsedBounds } from '../../scripts/check-elapsed-bounds';
import { isLoopbackHost } from '../support/loopback';
import { connectTarget } from '../support/no-outbound';
import { takeRefused } from '../support/refusals';
import { lastLines, noteServerDown, serverDown, takeServerDowns } from '../support/server-down';

describe('nothing leaves 127.0.0.1', () => {
  it('a planted fetch to another host fails at once, naming the host, and is on the record that fails the test', async () => {
    const err = await fetch('https://push.example.net/planted').then(
      () => null,
      (e: Error & { cause?: Error }) => e,
    );
    expect(String(err?.cause?.message)).toBe(
      'the test process tried to reach push.example.net:443: tests talk to 127.0.0.1 only (a local receiver, test/support/receiver.ts or push-service.ts)',
    );
    // Taken here, so this test's own check after it finds nothing; without this line it fails.
    expect(await takeRefused()).toEqual([{ host: 'push.example.net:443', from: 'the test process' }]);
  });

  it('loopback is 127.0.0.0/8, ::1 and localhost, nothing that only looks like it', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST.', 'a.localhost', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['127.0.0.1.nip.io', '10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1', 'fcm.googleapis.com'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it("reads the host of each form of Socket#connect's arguments; a Unix socket has none", () => {
    expect(connectTarget([{ host: 'db.example.com', port: 5432 }])).toBe('db.example.com:5432');
    expect(connectTarget([[{ host: '10.0.0.1', port: 80 }, () => {}]])).toBe('10.0.0.1:80');
    expect(connectTarget([443, 'example.org'])).toBe('example.org:443');
    expect(connectTarget([8080])).toBe('localhost:8080');
    expect(connectTarget(['/tmp/.s.PGSQL.5432'])).toBeNull();
    expect(connectTarget([{ path: '/tmp/x.sock' }])).toBeNull();
  });
});

describe('no test bounds elapsed wall-clock time', () => {
  it('finds a planted upper bound on a difference of clock readings, carried through names, arrays and properties', () => {
    const planted = `
      const t0 = performance.now();
      await work();
      expect(performance.now() - t0).toBeLessThan(1500);
      const waited = Date.now() - started;
      expect(waited).toBeLessThanOrEqual(10_000);
      const health = [];
      health.push(performance.now() - t0);
      expect(Math.max(...health)).toBeLessThan(1000);
      const r = { ms: new Date(a).getTime() - b };
      expect(r.ms, 'why').not.toBeLessThan(5);
    `;
    expect(findElapsedBounds(planted).map((f) => f.line)).toEqual([4, 6, 9, 11]);
  });

  it('leaves alone the order of two instants, lower bounds, counts and logical time', () => {
    const fine = `
      const sentAt = performance.now();
      expect(state.sentAt).toBeLessThan(chat.sentAt);
      expect(Date.parse(a.updatedAt)).toBeLessThan(Date.parse(b.updatedAt));
      expect(Date.now() - moved).toBeGreaterThanOrEqual(27_000);
      expect(requests.length).toBeLessThan(5);
      let pageMs = 0; pageMs += 20;
      expect(pageMs).toBeLessThan(2400);
      expect(deadline).toBeLessThanOrEqual(startBy + 24 * 3600_000);
    `;
    expect(findElapsedBounds(fine)).toEqual([]);
  });
});

describe('a shared server that stops is said once', () => {
  it('the first note of a layer stands, with its last 50 lines; the reporter takes every note once', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-down-'));
    expect(serverDown(dir, 'browser')).toBeNull();
    const output = Array.from({ length: 80 }, (_, i) => `\u001b[31mline ${i}\u001b[39m`).join('\n');
    noteServerDown(dir, { layer: 'browser', reason: 'npm start exited with code 1', lines: lastLines(output) });
    noteServerDown(dir, { layer: 'browser', reason: 'a later echo', lines: [] });
    const down = serverDown(dir, 'browser')!;
    expect(down.reason).toBe('npm start exited with code 1');
    expect(down.lines).toHaveLength(50);
    expect([down.lines[0], down.lines[49]]).toEqual(['line 30', 'line 79']);
    expect(takeServerDowns(dir).map((d) => d.reason)).toEqual(['npm start exited with code 1']);
    expect(takeServerDowns(dir)).toEqual([]);
  });
});
