import { randomBytes } from 'node:crypto';
import { loadConfig } from '@sdd/common';
import { WebhookDispatcherConfig } from './config';

const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };
const key = () => randomBytes(32).toString('base64');

describe('webhook dispatcher config', () => {
  it('refuses to start without a secrets key, in every NODE_ENV: there is no development fallback', () => {
    for (const NODE_ENV of ['development', 'test', 'production', undefined]) {
      expect(() => loadConfig(WebhookDispatcherConfig, { ...valid, NODE_ENV })).toThrow(/WEBHOOK_SECRETS_KEY/);
    }
    expect(() => loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/WEBHOOK_SECRETS_KEY/);
  });

  it('takes older keys as a comma list and refuses a malformed one', () => {
    const current = key();
    expect(loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: current }).WEBHOOK_SECRETS_OLD_KEYS).toBeUndefined();
    const older = `${key()}, ${key()}`;
    expect(loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: current, WEBHOOK_SECRETS_OLD_KEYS: older }).WEBHOOK_SECRETS_OLD_KEYS).toBe(older);
    expect(() => loadConfig(WebhookDispatcherConfig, { ...valid, WEBHOOK_SECRETS_KEY: current, WEBHOOK_SECRETS_OLD_KEYS: `${key()},nope` })).toThrow(
      /WEBHOOK_SECRETS_OLD_KEYS/,
    );
  });
});
