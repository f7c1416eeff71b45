import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverRef, RevokedDriverRecord } from '@sdd/contracts';
import { Clock, CLOCK, Metrics, randomToken } from '@sdd/common';
import { DriverEntity } from '../drivers/driver.entity';
import { driverTokenHash, DriverRepository } from '../drivers/driver.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { DriverMatchingTask } from './driver-matching.task';
import { DriverWithdrawal } from './driver-withdrawal';

/**
 * A driver revoked for good: the token fails from the next request on, the
 * driver leaves the list, and its work is handed on (DriverWithdrawal) under
 * the driver's row lock; deliveries it had picked up are stranded, for an
 * operator to take over.
 */
@Injectable()
export class RevokeDriverHandler {
  private readonly logger = new Logger(RevokeDriverHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly withdrawal: DriverWithdrawal,
    private readonly matching: DriverMatchingTask,
    private readonly relay: OutboxRelay,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ driverId }: DriverRef): Promise<RevokedDriverRecord> {
    const handed = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byId(driverId, { manager, lock: true });
      const now = this.clock.now();
      // A hash no token has: even a lookup that skipped the status would find nobody.
      await manager.update(DriverEntity, { id: driver.id }, { status: 'revoked', revokedAt: now, online: false, tokenHash: driverTokenHash(randomToken(32)), updatedAt: now });
      return this.withdrawal.handOn(manager, driver.id, { revoked: true, now });
    });
    this.matching.poke();
    if (handed.rerouted) this.relay.poke();
    if (handed.stranded.length > 0) {
      Metrics.strandedDeliveries.inc(handed.stranded.length);
      this.logger.warn(`Driver ${driverId} revoked holding picked-up deliveries ${handed.stranded.join(', ')}: an operator must take them over`);
    }
    return { id: driverId, rematchedDeliveryIds: handed.rematched, strandedDeliveryIds: handed.stranded };
  }
}
