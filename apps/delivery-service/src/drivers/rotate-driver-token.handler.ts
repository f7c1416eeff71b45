import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreatedDriverRecord, RotateDriverTokenRequest } from '@sdd/contracts';
import { Clock, CLOCK, randomToken } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DriverEntity } from './driver.entity';
import { driverTokenHash, DriverRepository } from './driver.repository';

/**
 * A new token, shown once; the old one fails from the next request on. Also
 * how an expired session is renewed. Under the driver's row lock, as the
 * operators' other changes of a driver.
 */
@Injectable()
export class RotateDriverTokenHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ driverId, expiresInSeconds }: RotateDriverTokenRequest): Promise<CreatedDriverRecord> {
    const token = `drv_tok_${randomToken(32)}`;
    const driver = await this.dataSource.transaction(async (manager) => {
      const found = await this.drivers.byId(driverId, { manager, lock: true });
      const now = this.clock.now();
      const changes: Partial<DriverEntity> = {
        tokenHash: driverTokenHash(token),
        tokenExpiresAt: new Date(now.getTime() + (expiresInSeconds ?? this.config.DRIVER_TOKEN_TTL_SECONDS) * 1000),
        updatedAt: now,
      };
      await manager.update(DriverEntity, { id: found.id }, changes);
      return Object.assign(found, changes);
    });
    return { driver: await this.drivers.present(driver), token };
  }
}
