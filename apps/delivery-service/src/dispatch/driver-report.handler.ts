import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverAssignmentRecord, DriverReportRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { canTransition } from '../deliveries/delivery-status';
import { recordSteps } from '../deliveries/transition-delivery.handler';
import { failureReasonMissing, notYourDelivery, reportNotAllowed } from '../drivers/driver-errors';
import { DriversStore } from '../drivers/drivers.store';
import { OutboxRelay } from '../outbox/outbox-relay';
import { driverEarningFor } from './driver-earning';

/**
 * What the assigned driver reports — at pickup, picked up, in transit,
 * delivered, failed — goes through the same state machine and outbox as
 * every other change; a move the machine refuses is 409. Delivered records
 * who took the package and the driver's earning for it (once).
 */
@Injectable()
export class DriverReportHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriversStore,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(report: DriverReportRequest): Promise<DriverAssignmentRecord> {
    if (report.status === 'failed' && report.reason === null) throw failureReasonMissing();
    const moved = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(report.tokenHash, manager);
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: report.deliveryId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw notYourDelivery();
      if (!canTransition(delivery.status, report.status)) throw reportNotAllowed(delivery.status, report.status);
      const now = this.clock.now();
      const changes: Partial<DeliveryEntity> =
        report.status === 'failed' ? { failureReason: report.reason } : report.status === 'delivered' ? { recipientName: report.recipientName } : {};
      await recordSteps(manager, delivery, [report.status], now, this.config.PUBLIC_BASE_URL, changes);
      if (report.status === 'delivered') {
        const earning = driverEarningFor(delivery.fee, this.config.DRIVER_PAYOUT_PERCENT);
        await manager.query(
          `INSERT INTO "${this.dataSource.driver.schema}".driver_earnings (delivery_id, driver_id, amount, currency, created_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (delivery_id) DO NOTHING`,
          [delivery.id, driver.id, earning, delivery.currency, now],
        );
      }
      return { deliveryId: delivery.id, status: delivery.status };
    });
    this.relay.poke();
    return moved;
  }
}
