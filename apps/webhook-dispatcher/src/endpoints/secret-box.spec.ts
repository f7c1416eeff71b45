import { randomBytes } from 'node:crypto';
import { open, seal, secretsKey } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);

  it('round-trips and never repeats a ciphertext', () => {
    const a = seal(key, 'whsec_abc');
    const b = seal(key, 'whsec_abc');
    expect(a).not.toBe(b);
    expect(a).not.toContain('whsec_abc');
    expect(open(key, a)).toBe('whsec_abc');
  });

  it('refuses a tampered value or another key', () => {
    const sealed = seal(key, 'whsec_abc');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('whsec_xyz').toString('base64url');
    expect(() => open(key, parts.join('.'))).toThrow();
    expect(() => open(randomBytes(32), sealed)).toThrow();
    expect(() => open(key, 'plain')).toThrow(/not a sealed secret/);
  });

  it('needs a real key in production', () => {
    expect(() => secretsKey(undefined, 'production')).toThrow(/required in production/);
    expect(secretsKey(undefined, 'development')).toHaveLength(32);
    expect(secretsKey(key.toString('base64'), 'production').equals(key)).toBe(true);
  });
});
