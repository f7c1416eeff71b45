import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListPickupLocationsRequest, PickupLocationRecordList } from '@sdd/contracts';
import { PickupLocationEntity } from './pickup-location.entity';
import { toPickupLocationRecord } from './pickup-location.record';

@Injectable()
export class ListPickupLocationsHandler {
  constructor(@InjectRepository(PickupLocationEntity) private readonly locations: Repository<PickupLocationEntity>) {}

  async execute({ scope }: ListPickupLocationsRequest): Promise<PickupLocationRecordList> {
    const rows = await this.locations.find({
      where: { merchantId: scope.merchantId, mode: scope.mode },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { data: rows.map(toPickupLocationRecord) };
  }
}
