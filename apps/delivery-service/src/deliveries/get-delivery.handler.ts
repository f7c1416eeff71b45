import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRecord, DeliveryRef } from '@sdd/contracts';
import { Batcher } from '@sdd/common';
import { findByStatement, PreparedStatement, selectEntityStatement, STATEMENT_BATCHING } from '@sdd/persistence';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from './delivery-errors';
import { DriverEntity } from '../drivers/driver.entity';
import { DeliveryEntity } from './delivery.entity';
import { toDeliveryRecord } from './delivery.record';

/**
 * The most frequent read of the API (issue 16 profile): prepared statements
 * rather than TypeORM's find, and the reads asked for in the same moment (a
 * bus batch's) in one statement each for deliveries and drivers: one round
 * trip to Postgres for many. Each delivery is still matched on its id,
 * merchant and mode together.
 */
@Injectable()
export class GetDeliveryHandler {
  private readonly findDeliveries: PreparedStatement;
  private readonly findDrivers: PreparedStatement;
  private readonly deliveries = new Batcher<DeliveryRef, DeliveryEntity | undefined>((refs) => this.readDeliveries(refs), STATEMENT_BATCHING);
  private readonly drivers = new Batcher<string, DriverEntity | undefined>((ids) => this.readDrivers(ids), STATEMENT_BATCHING);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {
    this.findDeliveries = selectEntityStatement(
      dataSource,
      DeliveryEntity,
      'get-deliveries',
      '(id, merchant_id, mode) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))',
    );
    this.findDrivers = selectEntityStatement(dataSource, DriverEntity, 'get-delivery-drivers', 'id = ANY($1::text[])');
  }

  async execute(ref: DeliveryRef): Promise<DeliveryRecord> {
    const delivery = await this.deliveries.add(ref);
    if (!delivery) throw deliveryNotFound();
    const driver = delivery.driverId ? await this.drivers.add(delivery.driverId) : undefined;
    return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL, driver ?? null);
  }

  private async readDeliveries(refs: DeliveryRef[]): Promise<Array<DeliveryEntity | undefined>> {
    const found = await findByStatement(this.dataSource, DeliveryEntity, this.findDeliveries, [
      refs.map((ref) => ref.deliveryId),
      refs.map((ref) => ref.scope.merchantId),
      refs.map((ref) => ref.scope.mode),
    ]);
    const byId = new Map(found.map((delivery) => [delivery.id, delivery]));
    // The statement matched each id with some asker's scope: each asker gets it only with its own.
    return refs.map(({ deliveryId, scope }) => {
      const delivery = byId.get(deliveryId);
      return delivery?.merchantId === scope.merchantId && delivery.mode === scope.mode ? delivery : undefined;
    });
  }

  private async readDrivers(ids: string[]): Promise<Array<DriverEntity | undefined>> {
    const found = await findByStatement(this.dataSource, DriverEntity, this.findDrivers, [ids]);
    const byId = new Map(found.map((driver) => [driver.id, driver]));
    return ids.map((id) => byId.get(id));
  }
}
