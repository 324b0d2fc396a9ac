import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { appEnvOf, ConfigError, readConfig } from '../../worker/env';
import { testRegistry } from '../fixtures/registry';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** What `readConfig` throws for `env`. */
function configError(env: Record<string, string>): ConfigError {
  try {
    readConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('readConfig accepted the environment');
}

describe('a bad setting names its variable', () => {
  it('readConfig throws ConfigError naming each bad variable with the reason', () => {
    const one = configError({ OUTBOX_RETENTION_DAYS: '0' });
    expect(one.variables).toEqual(['OUTBOX_RETENTION_DAYS']);
    expect(one.message).toMatch(/^Invalid configuration: OUTBOX_RETENTION_DAYS: \S/);
    const two = configError({ IDEMPOTENCY_RETENTION_HOURS: 'a day', SIGNIN_LIMIT_PER_IP: '-3' });
    expect(two.variables.sort()).toEqual(['IDEMPOTENCY_RETENTION_HOURS', 'SIGNIN_LIMIT_PER_IP']);
    expect(configError({ DB_TRANSPORT: 'ws' }).variables).toEqual(['DB_TRANSPORT']);
  });

  it('never repeats the value, which may be a secret', () => {
    const err = configError({
      VAPID_PUBLIC_KEY: 'Bnot-a-key',
      VAPID_PRIVATE_KEY: 'my-private-value',
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(err.variables.sort()).toEqual(['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY']);
    expect(err.message).not.toContain('my-private-value');
    expect(err.message).not.toContain('Bnot-a-key');
  });

  it('every request, health included, answers 503 misconfigured naming it, not a bare 500', async () => {
    for (const path of ['/api/health', '/api/me', '/api/lobby']) {
      const res = await api.app.request(`http://localhost${path}`, {}, { OUTBOX_RETENTION_DAYS: 'abc' });
      expect(res.status, path).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('misconfigured');
      expect(body.error.message).toContain('OUTBOX_RETENTION_DAYS');
    }
    // A setting whose message names `websocket` is still the operator's mistake, not a database away.
    const transport = await api.app.request('http://localhost/api/health', {}, { DB_TRANSPORT: 'bogus' });
    expect([transport.status, ((await transport.json()) as { error: { code: string } }).error.code]).toEqual([503, 'misconfigured']);
    // With the setting fixed, the same app answers again.
    expect((await api.app.request('http://localhost/api/health', {}, { OUTBOX_RETENTION_DAYS: '7' })).status).toBe(200);
  });
});

describe('configuration that cannot open the back door', () => {
  it('development is named; anything else, or nothing, is production; test counts in the harness alone', () => {
    expect(appEnvOf('development', false)).toBe('development');
    for (const value of [undefined, '', 'production', 'staging', 'Development', 'dev']) expect(appEnvOf(value, false)).toBe('production');
    // A deployed Worker (no harness) given APP_ENV=test answers as production.
    expect(appEnvOf('test', false)).toBe('production');
    expect(appEnvOf('test', true)).toBe('test');
    expect(readConfig({ APP_ENV: 'staging' }).appEnv).toBe('production');
  });

  it('loopback webhooks: never with APP_ENV unset or unknown, whatever ALLOW_LOOPBACK_WEBHOOKS says', () => {
    expect(readConfig({ ALLOW_LOOPBACK_WEBHOOKS: '1' }).allowLoopbackWebhooks).toBe(false);
    expect(readConfig({ APP_ENV: 'staging', ALLOW_LOOPBACK_WEBHOOKS: '1' }).allowLoopbackWebhooks).toBe(false);
    expect(readConfig({ APP_ENV: 'production', ALLOW_LOOPBACK_WEBHOOKS: '1' }).allowLoopbackWebhooks).toBe(false);
    expect(readConfig({ APP_ENV: 'development' }).allowLoopbackWebhooks).toBe(true);
    expect(readConfig({ APP_ENV: 'test', ALLOW_LOOPBACK_WEBHOOKS: '1' }).allowLoopbackWebhooks).toBe(true);
  });

  it('the /dev routes (the mailbox hands out sign-in links) answer 404 unless APP_ENV is development or the harness’s test', async () => {
    // The app as the Worker builds it, its settings from the environment alone.
    const app = createApp({ registry: testRegistry, db: () => ({ db: api.db }) });
    for (const env of [{}, { APP_ENV: 'staging' }, { APP_ENV: 'production' }]) {
      for (const path of ['/dev/mailbox.json', '/dev/outbox.json', '/dev/clock', '/dev/mailbox']) {
        const res = await app.request(`http://localhost${path}`, {}, env);
        expect(res.status, `${path} with ${JSON.stringify(env)}`).toBe(404);
      }
    }
    expect((await app.request('http://localhost/dev/mailbox.json', {}, { APP_ENV: 'development' })).status).toBe(200);
  });
});
