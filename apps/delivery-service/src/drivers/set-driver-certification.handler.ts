import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverRecord, SetCertificationRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DriverCertificationEntity } from './driver-certification.entity';
import { DriverRepository } from './driver.repository';

/** One certification per kind and province: setting it again replaces status and expiry (revocation included). */
@Injectable()
export class SetDriverCertificationHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: SetCertificationRequest): Promise<DriverRecord> {
    const driver = await this.drivers.byId(request.driverId);
    await this.dataSource.getRepository(DriverCertificationEntity).upsert(
      {
        driverId: driver.id,
        kind: request.kind,
        province: request.province,
        status: request.status,
        expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
        updatedAt: this.clock.now(),
      },
      ['driverId', 'kind', 'province'],
    );
    return this.drivers.present(driver);
  }
}
