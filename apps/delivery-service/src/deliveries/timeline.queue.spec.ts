import { parseStepMember, stepMember } from './timeline.queue';

describe('timeline step members', () => {
  it('round-trips a delivery and its step', () => {
    expect(parseStepMember(stepMember('del_test_abc', 'picked_up'))).toEqual({ deliveryId: 'del_test_abc', status: 'picked_up' });
    expect(stepMember('del_test_abc', 'delivered')).toBe('del_test_abc|delivered');
  });

  it('refuses a delivery id that would make the member ambiguous', () => {
    expect(() => stepMember('del|x', 'pending')).toThrow(RangeError);
  });

  it('reads nothing from a member that is not a step', () => {
    for (const member of ['', '|pending', 'del_test_abc|', 'del_test_abc']) expect(parseStepMember(member)).toBeUndefined();
  });
});
