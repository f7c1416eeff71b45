import { randomBytes } from 'node:crypto';
import { loadConfig } from '@sdd/common';
import { WebhookDispatcherConfig } from './config';

const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };
const key = () => randomBytes(32).toString('base64');
const base = { ...valid, WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('WebhookDispatcherConfig', () => {
  it('reads WEBHOOK_ALLOWED_HOSTS as a set of lower-case names outside production', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      const config = loadConfig(WebhookDispatcherConfig, { ...base, NODE_ENV, WEBHOOK_ALLOWED_HOSTS: ' Receiver.localhost, 127.0.0.1 ,' });
      expect([...config.allowedHosts()]).toEqual(['receiver.localhost', '127.0.0.1']);
    }
  });

  it.each(['receiver.localhost', '127.0.0.1', 'a,b'])('refuses WEBHOOK_ALLOWED_HOSTS=%j when NODE_ENV is production', (hosts) => {
    expect(() => loadConfig(WebhookDispatcherConfig, { ...base, NODE_ENV: 'production', WEBHOOK_ALLOWED_HOSTS: hosts })).toThrow(
      /WEBHOOK_ALLOWED_HOSTS: must be empty when NODE_ENV is production/,
    );
  });

  it('starts in production without exemptions', () => {
    expect(loadConfig(WebhookDispatcherConfig, { ...base, NODE_ENV: 'production' }).allowedHosts().size).toBe(0);
    expect(loadConfig(WebhookDispatcherConfig, { ...base, NODE_ENV: 'production', WEBHOOK_ALLOWED_HOSTS: ' , ' }).allowedHosts().size).toBe(0);
  });

  it('refuses to start without a secrets key, in every NODE_ENV: there is no development fallback', () => {
    for (const NODE_ENV of ['development', 'test', 'production', undefined]) {
      expect(() => loadConfig(WebhookDispatcherConfig, { ...valid, NODE_ENV })).toThrow(/WEBHOOK_SECRETS_KEY/);
    }
    expect(() => loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/WEBHOOK_SECRETS_KEY/);
  });

  it('takes older secrets keys as a comma list and refuses a malformed one', () => {
    const current = key();
    expect(loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: current }).WEBHOOK_SECRETS_OLD_KEYS).toBeUndefined();
    const older = `${key()}, ${key()}`;
    expect(loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: current, WEBHOOK_SECRETS_OLD_KEYS: older }).WEBHOOK_SECRETS_OLD_KEYS).toBe(older);
    expect(() => loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: current, WEBHOOK_SECRETS_OLD_KEYS: `${key()},nope` })).toThrow(/WEBHOOK_SECRETS_OLD_KEYS/);
  });

  it('takes the auto-disable thresholds of decisions.md by default, and shorter ones with the warning first', () => {
    expect(loadConfig(WebhookDispatcherConfig, base).autoDisableThresholds()).toEqual({ warnAfterMs: 43_200_000, disableAfterMs: 86_400_000 });
    expect(loadConfig(WebhookDispatcherConfig, { ...base, WEBHOOK_WARN_AFTER_MS: '2000', WEBHOOK_DISABLE_AFTER_MS: '5000' }).autoDisableThresholds()).toEqual({
      warnAfterMs: 2000,
      disableAfterMs: 5000,
    });
    expect(() => loadConfig(WebhookDispatcherConfig, { ...base, WEBHOOK_WARN_AFTER_MS: '5000', WEBHOOK_DISABLE_AFTER_MS: '5000' })).toThrow(
      /WEBHOOK_DISABLE_AFTER_MS: must be greater than WEBHOOK_WARN_AFTER_MS/,
    );
    expect(() => loadConfig(WebhookDispatcherConfig, { ...base, WEBHOOK_WARN_AFTER_MS: '-1' })).toThrow(/WEBHOOK_WARN_AFTER_MS/);
  });
});
