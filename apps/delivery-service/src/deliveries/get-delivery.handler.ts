import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRecord, DeliveryRef } from '@sdd/contracts';
import { findByStatement, PreparedStatement, selectEntityStatement } from '@sdd/persistence';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from './delivery-errors';
import { DriverEntity } from '../drivers/driver.entity';
import { DeliveryEntity } from './delivery.entity';
import { toDeliveryRecord } from './delivery.record';

/** The most frequent read of the API: prepared statements rather than TypeORM's find (issue 16 profile). */
@Injectable()
export class GetDeliveryHandler {
  private readonly findDelivery: PreparedStatement;
  private readonly findDriver: PreparedStatement;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {
    this.findDelivery = selectEntityStatement(dataSource, DeliveryEntity, 'get-delivery', 'id = $1 AND merchant_id = $2 AND mode = $3');
    this.findDriver = selectEntityStatement(dataSource, DriverEntity, 'get-delivery-driver', 'id = $1');
  }

  async execute({ scope, deliveryId }: DeliveryRef): Promise<DeliveryRecord> {
    const [delivery] = await findByStatement(this.dataSource, DeliveryEntity, this.findDelivery, [deliveryId, scope.merchantId, scope.mode]);
    if (!delivery) throw deliveryNotFound();
    const [driver] = delivery.driverId ? await findByStatement(this.dataSource, DriverEntity, this.findDriver, [delivery.driverId]) : [];
    return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL, driver ?? null);
  }
}
