import { overlongParameter } from './overlong-parameter';

const TEMPLATES = [
  '/v1/deliveries/:id',
  '/v1/deliveries/:id/cancel',
  '/track/:token',
  '/track/:token/status',
  '/checkout/:checkoutId',
  '/v1/driver/offers/:offerId/accept',
  '/proof-photos/:deliveryId/:file',
];
const LONG = 'x'.repeat(101);

describe('overlongParameter', () => {
  it.each([
    [`/v1/deliveries/${LONG}`, 'id'],
    [`/v1/deliveries/${LONG}/cancel`, 'id'],
    [`/track/${LONG}`, 'token'],
    [`/track/${LONG}/status?x=1`, 'token'],
    [`/checkout/${LONG}`, 'checkoutId'],
    [`/v1/driver/offers/${LONG}/accept`, 'offerId'],
    [`/proof-photos/del_1/${LONG}`, 'file'],
    [`/proof-photos/${LONG}/${LONG}`, 'deliveryId'],
  ])('%s names %s', (path, name) => {
    expect(overlongParameter(path, TEMPLATES, 100)).toBe(name);
  });

  it('names nothing when no template matches or no parameter is too long', () => {
    expect(overlongParameter(`/v1/nope/${LONG}`, TEMPLATES, 100)).toBeNull();
    expect(overlongParameter(`/v1/deliveries/${'x'.repeat(100)}`, TEMPLATES, 100)).toBeNull();
    expect(overlongParameter(`/v1/deliveries/${LONG}/uncancel`, TEMPLATES, 100)).toBeNull();
  });
});
