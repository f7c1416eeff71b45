import { AppError } from '@sdd/common';
import { CreateDeliveryDto } from './create-delivery.dto';
import { toCreateDeliveryRequest, toE164 } from './create-delivery.mapper';

const scope = { merchantId: 'mer_1', mode: 'test' as const };
const dto = (fields: Partial<CreateDeliveryDto>) => Object.assign(new CreateDeliveryDto(), { quote_id: 'qt_1', ...fields });

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return (error as AppError).toPayload();
  }
  throw new Error('expected an error');
}

describe('toE164', () => {
  it.each([
    ['(416) 555-0100', '+14165550100'],
    ['416.555.0100', '+14165550100'],
    ['+1 514 555 0142', '+15145550142'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalises %s to %s', (input, expected) => {
    expect(toE164(input, 'customer.phone')).toBe(expected);
  });

  it('refuses what is not a phone number, naming the field', () => {
    expect(errorOf(() => toE164('12345', 'dropoff_phone'))).toMatchObject({ code: 'parameter_invalid', param: 'dropoff_phone' });
  });
});

describe('toCreateDeliveryRequest', () => {
  it('takes the recipient from the reference form', () => {
    const request = toCreateDeliveryRequest(dto({ customer: { name: 'Amélie', phone: '514 555 0142', email: 'a@b.co' } }), scope);
    expect(request.recipient).toEqual({ name: 'Amélie', phone: '+15145550142', email: 'a@b.co' });
    expect(request.metadata).toEqual({});
  });

  it('takes the recipient from the machine-readable form', () => {
    const request = toCreateDeliveryRequest(
      dto({ dropoff_name: 'Sam', dropoff_phone: '604-555-0199', pickup_name: 'Store', pickup_phone: '604 555 0101', metadata: { order: '42' } }),
      scope,
    );
    expect(request.recipient).toEqual({ name: 'Sam', phone: '+16045550199', email: null });
    expect(request.pickupContact).toEqual({ name: 'Store', phone: '+16045550101' });
    expect(request.metadata).toEqual({ order: '42' });
  });

  it('accepts the two forms mixed, the customer first', () => {
    const request = toCreateDeliveryRequest(dto({ customer: { name: 'Amélie', phone: '514 555 0142' }, dropoff_name: 'Sam' }), scope);
    expect(request.recipient.name).toBe('Amélie');
  });

  it('needs a recipient name and phone from one form or the other', () => {
    expect(errorOf(() => toCreateDeliveryRequest(dto({}), scope))).toMatchObject({ code: 'parameter_missing', param: 'customer.name' });
    expect(errorOf(() => toCreateDeliveryRequest(dto({ dropoff_name: 'Sam' }), scope))).toMatchObject({
      code: 'parameter_missing',
      param: 'dropoff_phone',
    });
  });
});
