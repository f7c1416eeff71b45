import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import { CreatedDriverRecord, CreateDriverRequest, DriverRecord, DriverRecordList, ListDriversRequest, SetCertificationRequest } from '@sdd/contracts';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DriverCertificationEntity } from './driver-certification.entity';
import { DriverEntity } from './driver.entity';
import { toDriverRecord } from './driver.record';
import { driverTokenHash, DriverRepository } from './driver.repository';

/** Operators' side of the fleet (`/v1/ops/drivers`): create drivers, list them, set their certifications. */
@Injectable()
export class ManageDriversHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(request: CreateDriverRequest): Promise<CreatedDriverRecord> {
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

  async list({ limit }: ListDriversRequest): Promise<DriverRecordList> {
    const drivers = await this.dataSource.getRepository(DriverEntity).find({ where: { status: Not('revoked') }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return { data: await Promise.all(drivers.map((driver) => this.drivers.present(driver))) };
  }

  /** One certification per kind and province: setting it again replaces status and expiry (revocation included). */
  async setCertification(request: SetCertificationRequest): Promise<DriverRecord> {
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
