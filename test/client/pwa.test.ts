/**
 * The installable app and Web Push, the parts that need no browser: the waiting-games
 * count in the title, device names from User-Agents, the push device list and key decoding, the
 * service worker's caching rules and push payloads, and the offline rule.
 */
import { describe, expect, test } from 'vitest';
import { isOfflineState } from '../../client/connectivity';
import { testResultText } from '../../client/notification-settings';
import { base64UrlToBytes, failingLine } from '../../client/push';
import { readPushPayload, shellFiles, swStrategy } from '../../client/sw-routes';
import { titleWithCount, waitingCount } from '../../client/waiting';

const ORIGIN = 'https://mountain.example';

describe('the tab title and the app badge count the games waiting for you', () => {
  test('counts only the games where it is your turn', () => {
    expect(waitingCount(undefined)).toBe(0);
    expect(waitingCount([])).toBe(0);
    expect(waitingCount([{ yourTurn: true }, { yourTurn: false }, { yourTurn: true }])).toBe(2);
  });

  test('the title carries the count in front, and nothing when none waits', () => {
    expect(titleWithCount(2, 'Mountain Post')).toBe('(2) Mountain Post');
    expect(titleWithCount(1, '(Your turn) Snowdonia · Mountain Post')).toBe('(1) (Your turn) Snowdonia · Mountain Post');
    expect(titleWithCount(0, 'Mountain Post')).toBe('Mountain Post');
  });
});

describe('push is turned on with the server key', () => {
  test('a base64url VAPID key decodes to its 65 bytes (uncompressed P-256 point)', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) & 0xff);
    bytes[0] = 4;
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect([...base64UrlToBytes(key)]).toEqual([...bytes]);
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });

  test('a test message that went out by push says so', () => {
    expect(testResultText(['email', 'push'])).toBe(
      'Test message sent by email and as a push notification. It may take a few seconds to arrive.',
    );
  });
});

describe('the service worker caches the app shell and never the API', () => {
  const get = (path: string, mode = 'no-cors') => swStrategy({ url: `${ORIGIN}${path}`, method: 'GET', mode }, ORIGIN);

  test('the API, sign-in, mailbox and unsubscribe go to the network untouched', () => {
    for (const path of ['/api/games', '/api/me', '/api/games/g1/state', '/auth/callback?token=x', '/dev/mailbox', '/unsubscribe']) {
      expect(get(path), path).toBe('network');
      expect(get(path, 'navigate'), path).toBe('network');
    }
    expect(swStrategy({ url: `${ORIGIN}/app.js`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(swStrategy({ url: 'https://elsewhere.example/app.js', method: 'GET', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(get('/sw.js')).toBe('network');
    expect(get('/app.js.map')).toBe('network');
  });

  test('pages, app.js and styles are network first; hashed chunks and icons cache first', () => {
    expect(get('/', 'navigate')).toBe('page');
    expect(get('/games/g_12?invite=x', 'navigate')).toBe('page');
    expect(get('/apiary', 'navigate')).toBe('page'); // not under /api/
    expect(get('/app.js')).toBe('fresh');
    expect(get('/styles.css')).toBe('fresh');
    expect(get('/manifest.webmanifest')).toBe('fresh');
    expect(get('/chunks/mp-verify-page-2FSJMHQX.js')).toBe('immutable');
    expect(get('/icons/icon-192.png')).toBe('immutable');
  });

  test('the shell holds the page, script, style, manifest, icons and chunks', () => {
    const files = shellFiles(['/chunks/a-1.js']);
    for (const f of [
      '/',
      '/app.js',
      '/styles.css',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/icons/icon-maskable-512.png',
      '/chunks/a-1.js',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.some((f) => f.startsWith('/api/'))).toBe(false);
  });
});

describe('push messages become notifications', () => {
  test('a full payload is kept', () => {
    expect(
      readPushPayload({ title: 'Your turn', body: 'Snowdonia: place a Labourer', url: '/games/g1', tag: 'g1:your_turn' }, ORIGIN),
    ).toEqual({
      title: 'Your turn',
      body: 'Snowdonia: place a Labourer',
      url: '/games/g1',
      tag: 'g1:your_turn',
    });
  });

  test('an absolute URL on this origin becomes a path; another origin or junk opens "/"', () => {
    expect(readPushPayload({ url: `${ORIGIN}/games/g2?x=1` }, ORIGIN).url).toBe('/games/g2?x=1');
    expect(readPushPayload({ url: 'https://evil.example/phish' }, ORIGIN).url).toBe('/');
    expect(readPushPayload({ url: 'javascript:alert(1)' }, ORIGIN).url).toBe('/');
    expect(readPushPayload(null, ORIGIN)).toEqual({ title: 'Mountain Post', body: '', url: '/', tag: 'mountain-post' });
    expect(readPushPayload({ title: 42, tag: '' }, ORIGIN)).toMatchObject({ title: 'Mountain Post', tag: 'mountain-post' });
  });
});

describe('offline: the page says so and refuses moves', () => {
  test('offline when the browser says so or the server could not be reached', () => {
    expect(isOfflineState(true, true)).toBe(false);
    expect(isOfflineState(false, true)).toBe(true);
    expect(isOfflineState(true, false)).toBe(true);
  });
});

describe('a device or webhook that keeps failing', () => {
  test('says so in one line: how many deliveries failed, the last error, and until when it is paused', () => {
    const when = (iso: string) => iso.slice(11, 16);
    expect(failingLine(null, when)).toBeNull();
    expect(failingLine({ failures: 1, lastError: 'Network connection lost.', pausedUntil: null }, when)).toBe(
      'Failing: the last delivery did not get through (Network connection lost).',
    );
    expect(failingLine({ failures: 4, lastError: 'HTTP 503', pausedUntil: '2026-12-02T06:15:00.000Z' }, when)).toBe(
      'Failing: the last 4 deliveries did not get through (HTTP 503); paused until 06:15.',
    );
  });
});
