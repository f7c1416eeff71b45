import { createCipheriv, randomBytes } from 'node:crypto';
import { keyId, SecretBox } from './secret-box';

/** A value as the code before key ids sealed it: `v1.<iv>.<tag>.<ciphertext>`, no AAD. */
function sealV1(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), encrypted.toString('base64url')].join('.');
}

describe('secret box', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.seal('whsec_abc', 'wh_1');
    const b = box.seal('whsec_abc', 'wh_1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('whsec_abc');
    expect(box.open(a, 'wh_1')).toBe('whsec_abc');
  });

  it('names the key that sealed a value by a short hash, never the key itself', () => {
    const sealed = box.seal('whsec_abc', 'wh_1');
    const [version, kid] = sealed.split('.');
    expect(version).toBe('v2');
    expect(kid).toBe(keyId(key));
    expect(kid).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(sealed).not.toContain(key.toString('base64'));
    expect(sealed).not.toContain(key.toString('base64url'));
    expect(keyId(randomBytes(32))).not.toBe(kid);
  });

  it('binds a sealed value to its endpoint: copied to another endpoint it does not open', () => {
    const sealed = box.seal('whsec_abc', 'wh_1');
    expect(() => box.open(sealed, 'wh_2')).toThrow();
  });

  it('refuses a tampered value, an unknown key or something not sealed', () => {
    const sealed = box.seal('whsec_abc', 'wh_1');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('whsec_xyz').toString('base64url');
    expect(() => box.open(parts.join('.'), 'wh_1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'wh_1')).toThrow(/unknown key/);
    expect(() => box.open('plain', 'wh_1')).toThrow(/not a sealed secret/);
    expect(() => box.open('v2.abc.def', 'wh_1')).toThrow(/not a sealed secret/);
  });

  it('opens values sealed with an older key after the key rotated, and seals new ones with the current key', () => {
    const oldKey = randomBytes(32);
    const before = new SecretBox(oldKey).seal('whsec_old', 'wh_1');
    const rotated = new SecretBox(randomBytes(32), [oldKey]);
    expect(rotated.open(before, 'wh_1')).toBe('whsec_old');
    const after = rotated.seal('whsec_new', 'wh_1');
    expect(after.split('.')[1]).not.toBe(keyId(oldKey));
    expect(() => new SecretBox(oldKey).open(after, 'wh_1')).toThrow(/unknown key/);
  });

  it('still opens v1 values written before key ids, with the current key or an older one', () => {
    const oldKey = randomBytes(32);
    expect(box.open(sealV1(key, 'whsec_v1'), 'wh_any')).toBe('whsec_v1');
    expect(new SecretBox(randomBytes(32), [oldKey]).open(sealV1(oldKey, 'whsec_v1'), 'wh_any')).toBe('whsec_v1');
    expect(() => box.open(sealV1(oldKey, 'whsec_v1'), 'wh_any')).toThrow();
  });

  it('reads its keys from config: the current one required, older ones a comma list', () => {
    const oldKey = randomBytes(32);
    const fromConfig = SecretBox.fromConfig({ WEBHOOK_SECRETS_KEY: key.toString('base64'), WEBHOOK_SECRETS_OLD_KEYS: ` ${oldKey.toString('base64')} ,` });
    expect(fromConfig.open(new SecretBox(oldKey).seal('whsec_x', 'wh_1'), 'wh_1')).toBe('whsec_x');
    expect(fromConfig.open(box.seal('whsec_y', 'wh_1'), 'wh_1')).toBe('whsec_y');
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
