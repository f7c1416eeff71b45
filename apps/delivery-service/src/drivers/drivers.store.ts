import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DriverRecord } from '@sdd/contracts';
import { DriverCertificationEntity } from './driver-certification.entity';
import { driverNotFound, driverTokenInvalid } from './driver-errors';
import { DriverEntity } from './driver.entity';
import { toDriverRecord } from './driver.record';

/** How a driver token is kept and looked up: its SHA-256, hex. The gateway sends only this. */
export function driverTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Reading drivers and presenting them: what the driver and operator use cases share. */
@Injectable()
export class DriversStore {
  constructor(private readonly dataSource: DataSource) {}

  async byTokenHash(tokenHash: string, manager: EntityManager = this.dataSource.manager): Promise<DriverEntity> {
    const driver = await manager.findOneBy(DriverEntity, { tokenHash });
    if (!driver) throw driverTokenInvalid();
    return driver;
  }

  async byId(driverId: string): Promise<DriverEntity> {
    const driver = await this.dataSource.getRepository(DriverEntity).findOneBy({ id: driverId });
    if (!driver) throw driverNotFound();
    return driver;
  }

  async present(driver: DriverEntity): Promise<DriverRecord> {
    const certifications = await this.dataSource.getRepository(DriverCertificationEntity).find({ where: { driverId: driver.id }, order: { kind: 'ASC', province: 'ASC' } });
    return toDriverRecord(driver, certifications);
  }
}
