import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreatedDriverRecord, CreateDriverRequest } from '@sdd/contracts';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DriverEntity } from './driver.entity';
import { toDriverRecord } from './driver.record';
import { driverTokenHash } from './driver.repository';

/** An operator registers a driver (`POST /v1/ops/drivers`): its token is shown once. */
@Injectable()
export class CreateDriverHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: CreateDriverRequest): Promise<CreatedDriverRecord> {
    const token = `drv_tok_${randomToken(32)}`;
    const now = this.clock.now();
    const driver = Object.assign(new DriverEntity(), {
      id: newId('drv'),
      name: request.name,
      phone: request.phone,
      vehicle: request.vehicle,
      homeProvince: request.homeProvince,
      tokenHash: driverTokenHash(token),
      tokenExpiresAt: new Date(now.getTime() + this.config.DRIVER_TOKEN_TTL_SECONDS * 1000),
      status: 'active',
      revokedAt: null,
      online: false,
      lat: null,
      lng: null,
      locatedAt: null,
      createdAt: now,
      updatedAt: now,
    } satisfies DriverEntity);
    await this.dataSource.getRepository(DriverEntity).insert(driver);
    return { driver: toDriverRecord(driver, []), token };
  }
}
