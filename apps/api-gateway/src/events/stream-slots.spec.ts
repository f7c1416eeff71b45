import { StreamSlots } from './stream-slots';

describe('StreamSlots', () => {
  it('refuses a merchant past the cap and frees a slot once, however often released', () => {
    const slots = new StreamSlots(2);
    const first = slots.take('mer_a');
    const second = slots.take('mer_a');
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(slots.take('mer_a')).toBeUndefined();
    expect(slots.take('mer_b')).toBeDefined();
    first?.();
    first?.();
    expect(slots.openFor('mer_a')).toBe(1);
    expect(slots.take('mer_a')).toBeDefined();
    expect(slots.take('mer_a')).toBeUndefined();
  });
});
