'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { webhookSecretsKey } = require('./secrets-key');

describe('webhookSecretsKey', () => {
  /** @type {string} */
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdd-key-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a 32-byte key once, readable by its owner only, and keeps it', () => {
    const key = webhookSecretsKey(dir);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    const file = path.join(dir, 'webhook-secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(webhookSecretsKey(dir)).toBe(key);
    const other = path.join(dir, 'other');
    expect(webhookSecretsKey(other)).not.toBe(key);
  });

  it('refuses a file that does not hold a key rather than using it', () => {
    fs.writeFileSync(path.join(dir, 'webhook-secrets.key'), 'not a key\n');
    expect(() => webhookSecretsKey(dir)).toThrow(/32-byte base64/);
  });
});
