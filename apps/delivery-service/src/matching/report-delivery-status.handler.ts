import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryStatus, DriverAssignmentRecord, DriverReportRequest } from '@sdd/contracts';
import { AppError, Clock, CLOCK, Metrics } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { canTransition } from '../lifecycle/delivery-status';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { failureReasonMissing, idCheckRequired, notYourDelivery, pinLocked, pinMismatch, proofPhotoRequired, reportNotAllowed, returnNotRequested } from '../drivers/driver-errors';
import { ageOn, legalAgeFor } from './legal-age';
import { DriverRepository } from '../drivers/driver.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { driverEarningFor } from './driver-earning';
import { checkPin, PIN_ATTEMPT_LIMIT, pinLocked as isPinLocked } from './pin-check';

/** A report refused after something was recorded (a wrong PIN counted): the transaction commits, then the refusal is thrown. */
interface Refusal {
  refusal: AppError;
  /** This refusal locked the delivery's PIN: the operator is alerted once. */
  lockedPin: boolean;
}

/**
 * What the assigned driver reports — at pickup, picked up, in transit,
 * delivered, failed — goes through the same state machine and outbox as
 * every other change; a move the machine refuses is 409. Delivered records
 * who took the package, whether the PIN and the recipient's ID were checked,
 * and the driver's earning for it (once). Returned (back at the pickup) is
 * for deliveries created with undeliverable_action return_to_pickup.
 */
@Injectable()
export class ReportDeliveryStatusHandler {
  private readonly logger = new Logger(ReportDeliveryStatusHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly relay: OutboxRelay,
    private readonly statuses: DeliveryStatusRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(report: DriverReportRequest): Promise<DriverAssignmentRecord> {
    if ((report.status === 'failed' || report.status === 'returned') && report.reason === null) throw failureReasonMissing(report.status);
    const outcome = await this.dataSource.transaction(async (manager): Promise<DriverAssignmentRecord | Refusal> => {
      const driver = await this.drivers.byTokenHash(report.tokenHash, { manager });
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: report.deliveryId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw notYourDelivery();
      if (!canTransition(delivery.status, report.status)) throw reportNotAllowed(delivery.status, report.status);
      if (report.status === 'returned' && delivery.undeliverableAction !== 'return_to_pickup') throw returnNotRequested();
      const now = this.clock.now();
      let pinVerified = false;
      if (report.status === 'delivered') {
        const door = await this.checkPinAtDoor(manager, delivery, report.pin);
        if ('refusal' in door) return door;
        pinVerified = door.verified;
      }
      const { status, changes } = report.status === 'delivered' ? this.handOver(delivery, report, pinVerified, now) : { status: report.status, changes: this.endOf(report) };
      await this.statuses.moveLocked(manager, delivery, [status], { now, publicBaseUrl: this.config.PUBLIC_BASE_URL, changes });
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
    if ('refusal' in outcome) {
      if (outcome.lockedPin) {
        Metrics.deliveryPinLockouts.inc();
        // Ids only: who the recipient is stays out of the logs.
        this.logger.warn(`Delivery ${report.deliveryId}: PIN locked after ${PIN_ATTEMPT_LIMIT} wrong tries; the hand-over now needs a proof photo and is recorded unverified`);
      }
      throw outcome.refusal;
    }
    this.relay.poke();
    return outcome;
  }

  /**
   * The PIN at the door, under the delivery's row lock: a wrong one is
   * counted on the delivery (committed with the refusal), the fifth locks
   * the PIN for good. Once locked, a PIN is refused (pin_locked) and the
   * fallback is a hand-over without one, allowed once a proof photo is
   * attached and recorded as not PIN-verified.
   */
  private async checkPinAtDoor(manager: EntityManager, delivery: DeliveryEntity, pin: string | null): Promise<{ verified: boolean } | Refusal> {
    const check = checkPin(pin, delivery.deliveryPin, delivery.pinAttempts);
    switch (check) {
      case 'verified':
        return { verified: true };
      case 'unverified':
        if (isPinLocked(delivery.pinAttempts) && !(await this.hasProofPhoto(manager, delivery.id))) return { refusal: proofPhotoRequired(), lockedPin: false };
        return { verified: false };
      case 'locked':
        return { refusal: pinLocked(PIN_ATTEMPT_LIMIT), lockedPin: false };
      case 'mismatch':
      case 'locked_now':
        await manager.update(DeliveryEntity, { id: delivery.id }, { pinAttempts: delivery.pinAttempts + 1 });
        return check === 'locked_now' ? { refusal: pinLocked(PIN_ATTEMPT_LIMIT), lockedPin: true } : { refusal: pinMismatch(), lockedPin: false };
    }
  }

  private async hasProofPhoto(manager: EntityManager, deliveryId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM "${this.dataSource.driver.schema}".proof_photos WHERE delivery_id = $1 LIMIT 1`, [deliveryId]);
    return rows.length > 0;
  }

  private endOf(report: DriverReportRequest): Partial<DeliveryEntity> {
    return report.status === 'failed' || report.status === 'returned' ? { failureReason: report.reason } : {};
  }

  /**
   * The door, the PIN checked: an alcohol or cannabis delivery needs the
   * recipient's birth date from their ID, and a recipient under the dropoff
   * province's legal age fails the delivery (id_check_failed) instead of
   * receiving it.
   */
  private handOver(delivery: DeliveryEntity, report: DriverReportRequest, pinVerified: boolean, now: Date): { status: DeliveryStatus; changes: Partial<DeliveryEntity> } {
    // The recipient's province sets the age, not the store's: a route may cross a border, and a reroute may move it.
    const legalAge = legalAgeFor(delivery.category, delivery.dropoff.province);
    if (legalAge !== null) {
      if (report.recipientBirthDate === null) throw idCheckRequired(legalAge);
      if (ageOn(report.recipientBirthDate, now) < legalAge) return { status: 'failed', changes: { failureReason: 'id_check_failed', idChecked: true } };
    }
    return {
      status: 'delivered',
      changes: { recipientName: report.recipientName, pinVerified, idChecked: legalAge !== null, deliveredAt: now },
    };
  }
}
