import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryStatus, DriverAssignmentRecord, DriverReportRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { canTransition } from '../deliveries/delivery-status';
import { recordSteps } from '../deliveries/transition-delivery.handler';
import { failureReasonMissing, idCheckRequired, notYourDelivery, pinMismatch, reportNotAllowed, returnNotRequested } from '../drivers/driver-errors';
import { ageOn, legalAgeFor } from './legal-age';
import { DriversStore } from '../drivers/drivers.store';
import { OutboxRelay } from '../outbox/outbox-relay';
import { driverEarningFor } from './driver-earning';

/**
 * What the assigned driver reports — at pickup, picked up, in transit,
 * delivered, failed — goes through the same state machine and outbox as
 * every other change; a move the machine refuses is 409. Delivered records
 * who took the package, whether the PIN and the recipient's ID were checked,
 * and the driver's earning for it (once). Returned (back at the pickup) is
 * for deliveries created with undeliverable_action return_to_pickup.
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
    if ((report.status === 'failed' || report.status === 'returned') && report.reason === null) throw failureReasonMissing(report.status);
    const moved = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(report.tokenHash, manager);
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: report.deliveryId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw notYourDelivery();
      if (!canTransition(delivery.status, report.status)) throw reportNotAllowed(delivery.status, report.status);
      if (report.status === 'returned' && delivery.undeliverableAction !== 'return_to_pickup') throw returnNotRequested();
      const now = this.clock.now();
      const { status, changes } = report.status === 'delivered' ? this.handOver(delivery, report, now) : { status: report.status, changes: this.endOf(report) };
      await recordSteps(manager, delivery, [status], now, this.config.PUBLIC_BASE_URL, changes);
      if (status === 'delivered') {
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

  private endOf(report: DriverReportRequest): Partial<DeliveryEntity> {
    return report.status === 'failed' || report.status === 'returned' ? { failureReason: report.reason } : {};
  }

  /**
   * The door: a PIN, when given, must be the delivery's; an alcohol or
   * cannabis delivery needs the recipient's birth date from their ID, and a
   * recipient under the dropoff province's legal age fails the delivery
   * (id_check_failed) instead of receiving it.
   */
  private handOver(delivery: DeliveryEntity, report: DriverReportRequest, now: Date): { status: DeliveryStatus; changes: Partial<DeliveryEntity> } {
    if (report.pin !== null && report.pin !== delivery.deliveryPin) throw pinMismatch();
    // The recipient's province sets the age, not the store's: a route may cross a border, and a reroute may move it.
    const legalAge = legalAgeFor(delivery.category, delivery.dropoff.province);
    if (legalAge !== null) {
      if (report.recipientBirthDate === null) throw idCheckRequired(legalAge);
      if (ageOn(report.recipientBirthDate, now) < legalAge) return { status: 'failed', changes: { failureReason: 'id_check_failed', idChecked: true } };
    }
    return {
      status: 'delivered',
      changes: { recipientName: report.recipientName, pinVerified: report.pin !== null, idChecked: legalAge !== null, deliveredAt: now },
    };
  }
}
