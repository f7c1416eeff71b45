import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { DriverAuthRequest, RerouteRecordList } from '@sdd/contracts';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DriverRepository } from '../drivers/driver.repository';
import { addressLine, REROUTABLE } from './reroute';

/** The reroutes waiting for a driver's answer. */
@Injectable()
export class ListDriverReroutesHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
  ) {}

  async execute({ tokenHash }: DriverAuthRequest): Promise<RerouteRecordList> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    const deliveries = await this.dataSource.getRepository(DeliveryEntity).findBy({ driverId: driver.id, pendingReroute: Not(IsNull()), status: In([...REROUTABLE]) });
    return {
      data: deliveries.flatMap((delivery) =>
        delivery.pendingReroute
          ? [
              {
                deliveryId: delivery.id,
                dropoff: { address: addressLine(delivery.pendingReroute.dropoff), lat: delivery.pendingReroute.dropoff.lat, lng: delivery.pendingReroute.dropoff.lng },
                fee: delivery.pendingReroute.fee,
                requestedAt: delivery.pendingReroute.requestedAt,
              },
            ]
          : [],
      ),
    };
  }
}
