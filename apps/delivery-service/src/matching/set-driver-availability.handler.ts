import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverAvailabilityRequest, DriverRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DriverEntity } from '../drivers/driver.entity';
import { driverDeactivated } from '../drivers/driver-errors';
import { DriverRepository } from '../drivers/driver.repository';
import { DriverMatchingTask } from './driver-matching.task';

/** A driver going online or offline: who matching may offer deliveries to. */
@Injectable()
export class SetDriverAvailabilityHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly matching: DriverMatchingTask,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ tokenHash, online }: DriverAvailabilityRequest): Promise<DriverRecord> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    if (online && driver.status !== 'active') throw driverDeactivated();
    const now = this.clock.now();
    // Guarded again in the statement: an operator may deactivate the driver meanwhile.
    const updated = await this.dataSource.getRepository(DriverEntity).update({ id: driver.id, ...(online ? { status: 'active' as const } : {}) }, { online, updatedAt: now });
    if (updated.affected === 0) throw driverDeactivated();
    // A driver coming online may be the one a waiting delivery needs.
    if (online) this.matching.poke();
    return this.drivers.present(Object.assign(driver, { online, updatedAt: now }));
  }
}
