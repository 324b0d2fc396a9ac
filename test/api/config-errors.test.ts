import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../worker/env';
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
    expect(configError({ APP_ENV: 'staging' }).variables).toEqual(['APP_ENV']);
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
