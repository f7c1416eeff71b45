import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorType, OpsDeliveryRecord, OpsDeliveryRef } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { handOffFor } from '../matching/driver-standing';
import { DriverMatchingTask } from '../matching/driver-matching.task';
import { DriverWithdrawal } from '../matching/driver-withdrawal';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OpsDeliveryReader } from './ops-delivery.reader';

const notReofferable = (status: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'delivery_not_reofferable', `This delivery is ${status}: only a delivery not yet picked up can be offered again.`);

/**
 * An operator offers a live delivery again: the driver holding it (not yet
 * picked up) or offered it is withdrawn, as when a driver is taken off the
 * road (DriverWithdrawal), and matching starts over for it with a fresh clock,
 * never asking a withdrawn driver again. Repeating it leaves the delivery in
 * matching. No event: pending has none; the next driver's acceptance emits
 * delivery.driver_assigned again.
 */
@Injectable()
export class ReofferDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly withdrawal: DriverWithdrawal,
    private readonly matching: DriverMatchingTask,
    private readonly relay: OutboxRelay,
    private readonly reader: OpsDeliveryReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ deliveryId }: OpsDeliveryRef): Promise<OpsDeliveryRecord> {
    const { record, rerouted } = await this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: deliveryId, mode: 'live' }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw deliveryNotFound();
      if (delivery.status !== 'pending' && handOffFor(delivery.status, false) !== 'rematch') throw notReofferable(delivery.status);
      const rerouted = await this.withdrawal.rematch(manager, delivery, this.clock.now());
      const [record] = await this.reader.present(manager, [delivery]);
      return { record, rerouted };
    });
    this.matching.poke();
    if (rerouted) this.relay.poke();
    return record;
  }
}
