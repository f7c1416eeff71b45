import { CreateQuoteRequest, MAX_ADDRESS_LENGTH } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { checkCreateQuoteRequest } from './create-quote.request-check';

const valid: CreateQuoteRequest = {
  scope: { merchantId: 'mer_1', mode: 'test' },
  pickupAddress: '1 Queen St E, Toronto, ON M5C 2W5',
  dropoffAddress: '290 Bremner Blvd, Toronto, ON M5V 3L9',
  packageSize: 'small',
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
    expect(refusal({ vehicle: 'van', scheduledAt: '2026-12-01T10:00:00.000-05:00', pickupAddress: 'x'.repeat(MAX_ADDRESS_LENGTH) })).toBeUndefined();
  });

  it.each([
    ['an address over the limit', { pickupAddress: 'x'.repeat(MAX_ADDRESS_LENGTH + 1) }, 'pickup_address'],
    ['a 100,000-character address', { dropoffAddress: ','.repeat(100_000) }, 'dropoff_address'],
    ['an address that is not a string', { pickupAddress: { street: '1 Queen St' } }, 'pickup_address'],
    ['a missing address', { dropoffAddress: undefined }, 'dropoff_address'],
    ['a blank address', { pickupAddress: '   ' }, 'pickup_address'],
    ['a lone surrogate in an address', { pickupAddress: '1 Queen\ud800 St' }, 'pickup_address'],
    ['NUL in an address', { dropoffAddress: '290\u0000 Bremner' }, 'dropoff_address'],
    ['an unknown package size', { packageSize: 'huge' }, 'package_size'],
    ['an unknown category', { category: 'weapons' }, 'category'],
    ['an unknown vehicle', { vehicle: 'rocket' }, 'vehicle'],
    ['a non-string schedule', { scheduledAt: 1234 }, 'scheduled_at'],
    ['an over-long schedule', { scheduledAt: '2026-12-01T10:00:00Z'.repeat(10) }, 'scheduled_at'],
  ])('refuses %s with 400 naming the field', (_name, override, param) => {
    expect(refusal(override)).toMatchObject({ status: 400, code: 'parameter_invalid', param });
  });
});
