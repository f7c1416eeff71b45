/**
 * The processor's test PaymentMethods for the test card numbers the contract
 * names: the test helper pays with these, as Stripe's test mode accepts them
 * where raw card numbers would need PCI clearance.
 */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_authenticationRequired',
};

export const TEST_CARD_NUMBERS = Object.keys(TEST_PAYMENT_METHODS);

/** The test PaymentMethod of a card number (spaces and dashes allowed); undefined for any other number. */
export function testPaymentMethodFor(card: string): string | undefined {
  return TEST_PAYMENT_METHODS[card.replace(/[\s-]/g, '')];
}
