import { loadConfig } from '@sdd/common';
import { WebhookDispatcherConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  REDIS_URL: 'redis://127.0.0.1:6379',
  WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
};

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
});
