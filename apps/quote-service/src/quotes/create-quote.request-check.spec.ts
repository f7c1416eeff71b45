import { CreateQuoteRequest, MAX_ADDRESS_LENGTH } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { checkCreateQuoteRequest } from './create-quote.request-check';

const valid: CreateQuoteRequest = {
  scope: { merchantId: 'mer_1', mode: 'test' },
  pickup_address: '1 Queen St E, Toronto, ON M5C 2W5',
  dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9',
  package_size: 'small',
  category: 'standard',
};

function refusal(override: Record<string, unknown>) {
  try {
    checkCreateQuoteRequest({ ...valid, ...override } as CreateQuoteRequest);
  } catch (error) {
    return (error as AppError).toPayload();
  }
  return undefined;
}

describe('checkCreateQuoteRequest', () => {
  it('accepts a request as the gateway sends it', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ vehicle: 'van', scheduled_at: '2026-12-01T10:00:00.000-05:00', pickup_address: 'x'.repeat(MAX_ADDRESS_LENGTH) })).toBeUndefined();
  });

  it.each([
    ['an address over the limit', { pickup_address: 'x'.repeat(MAX_ADDRESS_LENGTH + 1) }, 'pickup_address'],
    ['a 100,000-character address', { dropoff_address: ','.repeat(100_000) }, 'dropoff_address'],
    ['an address that is not a string', { pickup_address: { street: '1 Queen St' } }, 'pickup_address'],
    ['a missing address', { dropoff_address: undefined }, 'dropoff_address'],
    ['a blank address', { pickup_address: '   ' }, 'pickup_address'],
    ['a lone surrogate in an address', { pickup_address: '1 Queen\ud800 St' }, 'pickup_address'],
    ['NUL in an address', { dropoff_address: '290\u0000 Bremner' }, 'dropoff_address'],
    ['an unknown package size', { package_size: 'huge' }, 'package_size'],
    ['an unknown category', { category: 'weapons' }, 'category'],
    ['an unknown vehicle', { vehicle: 'rocket' }, 'vehicle'],
    ['a non-string schedule', { scheduled_at: 1234 }, 'scheduled_at'],
    ['an over-long schedule', { scheduled_at: '2026-12-01T10:00:00Z'.repeat(10) }, 'scheduled_at'],
  ])('refuses %s with 400 naming the field', (_name, override, param) => {
    expect(refusal(override)).toMatchObject({ status: 400, code: 'parameter_invalid', param });
  });
});
