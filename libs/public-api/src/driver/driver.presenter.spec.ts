import { presentRevokedDriver } from './driver.presenter';

describe('presentRevokedDriver', () => {
  it('answers like a deleted key or webhook, with what became of the driver’s deliveries', () => {
    expect(presentRevokedDriver({ id: 'drv_1', rematchedDeliveryIds: ['del_a'], strandedDeliveryIds: ['del_b'] })).toEqual({
      id: 'drv_1',
      deleted: true,
      rematched_delivery_ids: ['del_a'],
      stranded_delivery_ids: ['del_b'],
    });
  });
});
