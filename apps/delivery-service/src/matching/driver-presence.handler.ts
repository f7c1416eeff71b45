import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverAvailabilityRequest, DriverLocationRequest, DriverRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DriverMatcher } from './driver-matcher';
import { DriverEntity } from '../drivers/driver.entity';
import { driverDeactivated } from '../drivers/driver-errors';
import { DriverRepository } from '../drivers/driver.repository';

/** A driver going online or offline and posting where it is: what matching and live tracking read. */
@Injectable()
export class DriverPresenceHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly dispatcher: DriverMatcher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async setAvailability({ tokenHash, online }: DriverAvailabilityRequest): Promise<DriverRecord> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    if (online && driver.status !== 'active') throw driverDeactivated();
    const now = this.clock.now();
    // Guarded again in the statement: an operator may deactivate the driver meanwhile.
    const updated = await this.dataSource.getRepository(DriverEntity).update({ id: driver.id, ...(online ? { status: 'active' as const } : {}) }, { online, updatedAt: now });
    if (updated.affected === 0) throw driverDeactivated();
    // A driver coming online may be the one a waiting delivery needs.
    if (online) this.dispatcher.poke();
    return this.drivers.present(Object.assign(driver, { online, updatedAt: now }));
  }

  async postLocation({ tokenHash, lat, lng }: DriverLocationRequest): Promise<DriverRecord> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    const now = this.clock.now();
    await this.dataSource.getRepository(DriverEntity).update({ id: driver.id }, { lat, lng, locatedAt: now, updatedAt: now });
    return this.drivers.present(Object.assign(driver, { lat, lng, locatedAt: now, updatedAt: now }));
  }
}
