import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configPath, modeOfKey, readConfig, withKey, withSessionSecret, writeConfig } from './cli-config';

describe('CLI config', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'sameday-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lives under XDG_CONFIG_HOME, or ~/.config without it (a relative one is ignored, as the spec says)', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/ada' })).toBe('/x/cfg/sameday/config.json');
    expect(configPath({ HOME: '/home/ada' })).toBe('/home/ada/.config/sameday/config.json');
    expect(configPath({ XDG_CONFIG_HOME: 'relative', HOME: '/home/ada' })).toBe('/home/ada/.config/sameday/config.json');
  });

  it('is empty before the first login and written 0600, even over a file that was readable by others', () => {
    const path = join(dir, 'sameday', 'config.json');
    expect(readConfig(path)).toEqual({});
    writeConfig(path, withKey({}, 'test', 'svc_test_abc', 'http://127.0.0.1:3000'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    chmodSync(path, 0o644);
    writeConfig(path, withKey(readConfig(path), 'live', 'svc_live_def', undefined));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ api_base: 'http://127.0.0.1:3000', keys: { test: 'svc_test_abc', live: 'svc_live_def' } });
  });

  it('refuses a file that is not a JSON object', () => {
    const path = join(dir, 'config.json');
    writeFileSync(path, '[1]');
    expect(() => readConfig(path)).toThrow('is not a JSON object');
  });

  it('generates the session secret once and keeps it', () => {
    const first = withSessionSecret({}, (size) => Buffer.alloc(size, 7));
    expect(first.session_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(withSessionSecret(first, () => Buffer.alloc(32, 9)).session_secret).toBe(first.session_secret);
  });

  it("tells a key's mode by its prefix", () => {
    expect(modeOfKey('svc_test_x')).toBe('test');
    expect(modeOfKey('svc_live_x')).toBe('live');
    expect(modeOfKey('sk_test_x')).toBeUndefined();
  });
});
