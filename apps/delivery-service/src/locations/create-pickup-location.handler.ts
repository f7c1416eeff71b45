import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CreatePickupLocationRequest, PickupLocation } from '@sdd/contracts';
import { Clock, CLOCK, newId } from '@sdd/common';
import { PickupLocationEntity } from './pickup-location.entity';
import { presentPickupLocation } from './pickup-location.presenter';

@Injectable()
export class CreatePickupLocationHandler {
  constructor(
    @InjectRepository(PickupLocationEntity) private readonly locations: Repository<PickupLocationEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, location }: CreatePickupLocationRequest): Promise<PickupLocation> {
    const entity = Object.assign(new PickupLocationEntity(), {
      id: newId('loc'),
      merchantId: scope.merchantId,
      mode: scope.mode,
      name: location.name,
      address: location.address,
      phone: location.phone,
      licensedFor: [...new Set(location.licensed_for)].sort(),
      licenseNumber: location.license_number,
      createdAt: this.clock.now(),
    });
    await this.locations.insert(entity);
    return presentPickupLocation(entity);
  }
}
