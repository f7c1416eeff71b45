import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChangeDriverStandingRequest, DriverRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DriverEntity } from '../drivers/driver.entity';
import { DriverRepository } from '../drivers/driver.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { DriverMatchingTask } from './driver-matching.task';
import { standingAfter } from './driver-standing';
import { DriverWithdrawal } from './driver-withdrawal';

/**
 * Operators taking a driver off the road and back (`/v1/ops/drivers/{id}`):
 * deactivate, reactivate, force offline. Under the driver's row lock, which
 * the driver's accept holds too (shared), so an accept either lands before
 * and is handed on (DriverWithdrawal), or comes after and is refused.
 */
@Injectable()
export class ChangeDriverStandingHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly withdrawal: DriverWithdrawal,
    private readonly matching: DriverMatchingTask,
    private readonly relay: OutboxRelay,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ driverId, change }: ChangeDriverStandingRequest): Promise<DriverRecord> {
    const changed = await this.dataSource.transaction(async (manager) => {
      const found = await this.drivers.byId(driverId, { manager, lock: true });
      const now = this.clock.now();
      const after = standingAfter(change, found.status);
      const changes: Partial<DriverEntity> = { status: after.status, updatedAt: now, ...(after.takenOffline ? { online: false } : {}) };
      await manager.update(DriverEntity, { id: found.id }, changes);
      const handed = after.takenOffline ? await this.withdrawal.handOn(manager, found.id, { revoked: false, now }) : null;
      return { driver: Object.assign(found, changes), rerouted: handed?.rerouted ?? false };
    });
    this.matching.poke();
    if (changed.rerouted) this.relay.poke();
    return this.drivers.present(changed.driver);
  }
}
