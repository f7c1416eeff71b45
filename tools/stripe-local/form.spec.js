'use strict';

const { decodeForm } = require('./form');
const { cardByNumber, cardByPaymentMethod } = require('./cards');
const { emailSearched } = require('./resources/customers');
const { keyOf } = require('./server');

describe('stripe-local request decoding', () => {
  it("decodes the SDK's bracket notation into objects and arrays", () => {
    expect(decodeForm('amount=1200&metadata[checkout]=chk_1&metadata[mode]=test&expand[]=customer&expand[]=latest_charge&items[0][price]=p1&items[1][price]=p2')).toEqual({
      amount: '1200',
      metadata: { checkout: 'chk_1', mode: 'test' },
      expand: ['customer', 'latest_charge'],
      items: [{ price: 'p1' }, { price: 'p2' }],
    });
    expect(decodeForm('payment_method_data[type]=card&payment_method_data[card][number]=4242%204242%204242%204242')).toEqual({
      payment_method_data: { type: 'card', card: { number: '4242 4242 4242 4242' } },
    });
  });

  it('knows the test cards by number and by test PaymentMethod', () => {
    expect(cardByNumber('4242 4242 4242 4242')?.outcome).toBe('succeeded');
    expect(cardByNumber('4000-0000-0000-0002')?.outcome).toBe('declined');
    expect(cardByNumber('4000002760003184')?.outcome).toBe('authentication_required');
    expect(cardByNumber('1234567812345678')).toBeUndefined();
    expect(cardByPaymentMethod('pm_card_visa')?.last4).toBe('4242');
    expect(cardByPaymentMethod('pm_card_chargeDeclined')?.outcome).toBe('declined');
    expect(cardByPaymentMethod('pm_card_nope')).toBeUndefined();
  });

  it('reads the email search payment-service sends, quotes escaped', () => {
    expect(emailSearched("email:'ada@example.ca'")).toBe('ada@example.ca');
    expect(emailSearched("email:'o\\'neil@example.ca'")).toBe("o'neil@example.ca");
    expect(emailSearched('name:"Ada"')).toBeUndefined();
  });

  it('pairs secret and publishable keys of one account and mode, and refuses anything else', () => {
    expect(keyOf('Bearer sk_test_local_abc')).toEqual({ publishable: false, livemode: false, scope: 'test_local_abc' });
    expect(keyOf('Bearer pk_test_local_abc')).toEqual({ publishable: true, livemode: false, scope: 'test_local_abc' });
    expect(keyOf('Bearer sk_live_local_abc')?.scope).toBe('live_local_abc');
    expect(keyOf('Bearer svc_test_abc')).toBeUndefined();
    expect(keyOf(undefined)).toBeUndefined();
  });
});
