import { isTriggerName, TRIGGERS } from './trigger-scenarios';

describe('trigger scenarios', () => {
  it('knows the normal timeline and every test_scenario of the contract, and nothing else', () => {
    expect(Object.keys(TRIGGERS).sort()).toEqual(
      ['delivered', 'driver_no_show', 'id_check_failed', 'recipient_unavailable', 'reroute_declined', 'return_to_pickup', 'slow_pickup'].sort(),
    );
    expect(isTriggerName('slow_pickup')).toBe(true);
    expect(isTriggerName('toString')).toBe(false);
  });
});
