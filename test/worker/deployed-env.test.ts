/**
 * Configuration that cannot open the back door, in the Worker as deployed (worker/index.ts in
 * workerd, not the test harness's fixture): given APP_ENV=test and ALLOW_LOOPBACK_WEBHOOKS=1, it
 * answers as production. No /dev route (the mailbox would hand out sign-in links), no
 * `/__scheduled`, no loopback webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http-client';
import { type PrivateWorker, startPrivateWorker } from '../support/private-worker';
import { startTestDb, type TestDb } from '../support/test-db';

let db: TestDb;
let worker: PrivateWorker;
let api: ApiClient;
beforeAll(async () => {
  db = await startTestDb();
  worker = await startPrivateWorker(db, { APP_ENV: 'test', ALLOW_LOOPBACK_WEBHOOKS: '1' }, { deployed: true });
  api = new ApiClient(worker.url);
}, 180_000);
afterAll(async () => {
  await worker?.dispose().catch(() => {});
  await db?.stop();
});

describe('a deployed Worker given APP_ENV=test', () => {
  it('answers as production: the /dev routes and /__scheduled are not there', async () => {
    expect((await api.get('/api/health')).status).toBe(200);
    for (const path of ['/dev/mailbox.json', '/dev/outbox.json', '/dev/clock', '/dev/mailbox', '/__scheduled?cron=*/5+*+*+*+*']) {
      const r = await api.get(path);
      expect([path, r.status]).toEqual([path, 404]);
    }
    const moved = await api.post('/dev/clock', { advanceMs: 86_400_000 });
    expect(moved.status).toBe(404);
  });
});
