import { testPaymentMethodFor } from './test-cards';

describe('testPaymentMethodFor', () => {
  it('maps the contract test cards, spaced or not, to the processor test methods', () => {
    expect(testPaymentMethodFor('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(testPaymentMethodFor('4000-0000-0000-0002')).toBe('pm_card_chargeDeclined');
    expect(testPaymentMethodFor('4000002760003184')).toBe('pm_card_authenticationRequired');
  });

  it('knows no other number', () => {
    expect(testPaymentMethodFor('5555 5555 5555 4444')).toBeUndefined();
    expect(testPaymentMethodFor('')).toBeUndefined();
  });
});
