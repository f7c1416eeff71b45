import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListPickupLocationsRequest, PickupLocationList } from '@sdd/contracts';
import { PickupLocationEntity } from './pickup-location.entity';
import { presentPickupLocation } from './pickup-location.presenter';

@Injectable()
export class ListPickupLocationsHandler {
  constructor(@InjectRepository(PickupLocationEntity) private readonly locations: Repository<PickupLocationEntity>) {}

  async execute({ scope }: ListPickupLocationsRequest): Promise<PickupLocationList> {
    const rows = await this.locations.find({
      where: { merchantId: scope.merchantId, mode: scope.mode },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { data: rows.map(presentPickupLocation) };
  }
}
