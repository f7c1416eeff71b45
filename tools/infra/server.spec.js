'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { redactUrls, serverPassword } = require('./server');

describe('redactUrls', () => {
  it('hides the password of every connection URL in a line, and nothing else', () => {
    expect(redactUrls('Postgres at postgres://postgres:9f3a@127.0.0.1:54329/sameday, Redis at redis://:77aa@127.0.0.1:63790')).toBe(
      'Postgres at postgres://postgres:***@127.0.0.1:54329/sameday, Redis at redis://:***@127.0.0.1:63790',
    );
    for (const text of ['redis://127.0.0.1:63790', 'started on port 54329 (pid 12, data /x/.data/pg)', 'http://localhost:3000/v1/health']) {
      expect(redactUrls(text)).toBe(text);
    }
  });
});

describe('serverPassword', () => {
  it('generates a password once, readable by its owner only, and gives the same one every time after', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-password-'));
    try {
      const dataDir = path.join(dir, 'pg');
      const first = serverPassword(dataDir);
      expect(first.created).toBe(true);
      expect(first.password).toMatch(/^[0-9a-f]{48}$/);
      expect(fs.statSync(`${dataDir}.password`).mode & 0o777).toBe(0o600);
      expect(serverPassword(dataDir)).toEqual({ password: first.password, created: false });
      expect(serverPassword(path.join(dir, 'redis')).password).not.toBe(first.password);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
