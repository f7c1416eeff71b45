import { AppError } from '@sdd/common';
import { readQuoteRequest } from './quote-request';

const ADDRESSES = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };

function refusal(body: unknown): AppError {
  try {
    readQuoteRequest(body);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('accepted');
}

describe('readQuoteRequest', () => {
  it('takes the gateway defaults for what is left out', () => {
    expect(readQuoteRequest(ADDRESSES)).toEqual({
      pickupAddress: ADDRESSES.pickup_address,
      dropoffAddress: ADDRESSES.dropoff_address,
      packageSize: 'small',
      category: 'standard',
      vehicle: undefined,
      scheduledAt: undefined,
    });
  });

  it('refuses a body that is not an object', () => {
    expect(refusal([ADDRESSES])).toMatchObject({ status: 400, code: 'parameter_invalid' });
  });

  it('names an unknown field', () => {
    expect(refusal({ ...ADDRESSES, tip: 5 })).toMatchObject({ status: 400, code: 'parameter_unknown', param: 'tip' });
  });

  it.each([
    [{ dropoff_address: ADDRESSES.dropoff_address }, 'pickup_address'],
    [{ ...ADDRESSES, dropoff_address: ' ' }, 'dropoff_address'],
    [{ ...ADDRESSES, package_size: 'huge' }, 'package_size'],
    [{ ...ADDRESSES, vehicle: 'boat' }, 'vehicle'],
  ])('refuses %j naming %s, as quote-service does', (body, param) => {
    expect(refusal(body)).toMatchObject({ status: 400, code: 'parameter_invalid', param });
  });
});
