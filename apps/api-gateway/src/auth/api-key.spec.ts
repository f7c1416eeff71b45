import { bearerToken, generateApiKey, hashApiKey, modeOfApiKey, sameHash } from './api-key';

describe('API keys', () => {
  it('makes keys whose prefix names the mode, with 43 random base62 characters', () => {
    expect(generateApiKey('test')).toMatch(/^svc_test_[0-9A-Za-z]{43}$/);
    expect(generateApiKey('live')).toMatch(/^svc_live_[0-9A-Za-z]{43}$/);
    expect(generateApiKey('test')).not.toBe(generateApiKey('test'));
  });

  it('reads the mode from a well-formed key only', () => {
    expect(modeOfApiKey(generateApiKey('test'))).toBe('test');
    expect(modeOfApiKey(generateApiKey('live'))).toBe('live');
    expect(modeOfApiKey('svc_test_short')).toBeUndefined();
    expect(modeOfApiKey('sk_test_' + 'a'.repeat(43))).toBeUndefined();
    expect(modeOfApiKey(`svc_prod_${'a'.repeat(43)}`)).toBeUndefined();
  });

  it('hashes deterministically to 64 hex characters and compares hashes safely', () => {
    const key = generateApiKey('test');
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(sameHash(hashApiKey(key), hashApiKey(key))).toBe(true);
    expect(sameHash(hashApiKey(key), hashApiKey(`${key}x`))).toBe(false);
    expect(sameHash(hashApiKey(key), 'abcd')).toBe(false);
  });

  it('extracts a bearer token and nothing else', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
