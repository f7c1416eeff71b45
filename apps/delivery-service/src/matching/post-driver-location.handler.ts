import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverLocationRequest, DriverRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DriverEntity } from '../drivers/driver.entity';
import { DriverRepository } from '../drivers/driver.repository';

/** A driver posting where it is: what matching and live tracking read. */
@Injectable()
export class PostDriverLocationHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ tokenHash, lat, lng }: DriverLocationRequest): Promise<DriverRecord> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    const now = this.clock.now();
    await this.dataSource.getRepository(DriverEntity).update({ id: driver.id }, { lat, lng, locatedAt: now, updatedAt: now });
    return this.drivers.present(Object.assign(driver, { lat, lng, locatedAt: now, updatedAt: now }));
  }
}
