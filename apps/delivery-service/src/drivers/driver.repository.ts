import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DriverRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DriverCertificationEntity } from './driver-certification.entity';
import { driverNotFound, driverTokenExpired, driverTokenInvalid } from './driver-errors';
import { DriverEntity } from './driver.entity';
import { toDriverRecord } from './driver.record';

/** How a driver token is kept and looked up: its SHA-256, hex. The gateway sends only this. */
export function driverTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Reading drivers and presenting them: what the driver and operator use cases share. `manager`: read in its transaction. */
@Injectable()
export class DriverRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The driver a token names, read on every driver request (nothing caches
   * it, so a revocation or rotation holds from the next request on): a
   * revoked driver's token is invalid, an expired one says so. `share`
   * holds the driver's row until the transaction ends, so that an operator
   * taking the driver off the road waits for (or is waited for by) the use
   * case that reads it.
   */
  async byTokenHash(tokenHash: string, { manager = this.dataSource.manager, share = false }: { manager?: EntityManager; share?: boolean } = {}): Promise<DriverEntity> {
    const driver = await manager.findOne(DriverEntity, { where: { tokenHash }, ...(share ? { lock: { mode: 'pessimistic_read' as const } } : {}) });
    if (!driver || driver.status === 'revoked') throw driverTokenInvalid();
    if (driver.tokenExpiresAt.getTime() <= this.clock.now().getTime()) throw driverTokenExpired();
    return driver;
  }

  /** A driver operators can still manage: a revoked one is gone (404). `lock`: for update, in `manager`'s transaction. */
  async byId(driverId: string, { manager = this.dataSource.manager, lock = false }: { manager?: EntityManager; lock?: boolean } = {}): Promise<DriverEntity> {
    const driver = await manager.findOne(DriverEntity, { where: { id: driverId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!driver || driver.status === 'revoked') throw driverNotFound();
    return driver;
  }

  async present(driver: DriverEntity): Promise<DriverRecord> {
    const certifications = await this.dataSource.getRepository(DriverCertificationEntity).find({ where: { driverId: driver.id }, order: { kind: 'ASC', province: 'ASC' } });
    return toDriverRecord(driver, certifications);
  }
}
