import { Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import { DriverRecordList, ListDriversRequest } from '@sdd/contracts';
import { DriverEntity } from './driver.entity';
import { DriverRepository } from './driver.repository';

/** The fleet as operators see it (`GET /v1/ops/drivers`): newest first, revoked drivers left out. */
@Injectable()
export class ListDriversHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
  ) {}

  async execute({ limit }: ListDriversRequest): Promise<DriverRecordList> {
    const drivers = await this.dataSource.getRepository(DriverEntity).find({ where: { status: Not('revoked') }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return { data: await Promise.all(drivers.map((driver) => this.drivers.present(driver))) };
  }
}
