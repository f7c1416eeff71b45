import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryRecord, DeliveryRef } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from './delivery-errors';
import { DriverEntity } from '../drivers/driver.entity';
import { DeliveryEntity } from './delivery.entity';
import { toDeliveryRecord } from './delivery.record';

@Injectable()
export class GetDeliveryHandler {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {}

  async execute({ scope, deliveryId }: DeliveryRef): Promise<DeliveryRecord> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId, merchantId: scope.merchantId, mode: scope.mode });
    if (!delivery) throw deliveryNotFound();
    const driver = delivery.driverId ? await this.deliveries.manager.findOneBy(DriverEntity, { id: delivery.driverId }) : null;
    return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL, driver);
  }
}
