import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CreatePickupLocationRequest, PickupLocationRecord } from '@sdd/contracts';
import { Clock, CLOCK, newId } from '@sdd/common';
import { PickupLocationEntity } from './pickup-location.entity';
import { toPickupLocationRecord } from './pickup-location.record';

@Injectable()
export class CreatePickupLocationHandler {
  constructor(
    @InjectRepository(PickupLocationEntity) private readonly locations: Repository<PickupLocationEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, location }: CreatePickupLocationRequest): Promise<PickupLocationRecord> {
    const entity = Object.assign(new PickupLocationEntity(), {
      id: newId('loc'),
      merchantId: scope.merchantId,
      mode: scope.mode,
      name: location.name,
      address: location.address,
      phone: location.phone,
      licensedFor: [...new Set(location.licensedFor)].sort(),
      licenseNumber: location.licenseNumber,
      createdAt: this.clock.now(),
    });
    await this.locations.insert(entity);
    return toPickupLocationRecord(entity);
  }
}
