import { scopeOf } from './scope';

describe('scopeOf', () => {
  it('keeps the merchant and the mode and drops everything else', () => {
    const auth = { merchantId: 'mer_1', mode: 'live' as const, apiKeyId: 'key_1' };
    expect(scopeOf(auth)).toEqual({ merchantId: 'mer_1', mode: 'live' });
  });

  it('returns a new object, so the caller can spread it without sharing', () => {
    const scope = { merchantId: 'mer_2', mode: 'test' as const };
    expect(scopeOf(scope)).not.toBe(scope);
  });
});
