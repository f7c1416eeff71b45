import { deliveryIdFor } from './delivery-id';

describe('deliveryIdFor', () => {
  const test = { merchantId: 'mer_1', mode: 'test' as const };

  it('names every attempt of one idempotent request the same delivery', () => {
    expect(deliveryIdFor(test, 'idk_a')).toBe(deliveryIdFor(test, 'idk_a'));
    expect(deliveryIdFor(test, 'idk_a')).toMatch(/^del_test_[0-9A-Za-z]{24}$/);
  });

  it('differs by key, merchant and mode', () => {
    const id = deliveryIdFor(test, 'idk_a');
    expect(deliveryIdFor(test, 'idk_b')).not.toBe(id);
    expect(deliveryIdFor({ ...test, merchantId: 'mer_2' }, 'idk_a')).not.toBe(id);
    expect(deliveryIdFor({ ...test, mode: 'live' }, 'idk_a')).toMatch(/^del_[0-9A-Za-z]{24}$/);
  });

  it('is random without a key', () => {
    expect(deliveryIdFor(test)).not.toBe(deliveryIdFor(test));
    expect(deliveryIdFor(test)).toMatch(/^del_test_[0-9A-Za-z]{24}$/);
  });
});
