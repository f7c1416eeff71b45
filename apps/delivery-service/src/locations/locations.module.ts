import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { CreatePickupLocationHandler } from './create-pickup-location.handler';
import { ListPickupLocationsHandler } from './list-pickup-locations.handler';
import { LocationsController } from './locations.controller';
import { PickupLocationEntity } from './pickup-location.entity';

/** Pickup locations live here: delivery-service checks them when a restricted delivery is created. */
@Module({
  imports: [TypeOrmModule.forFeature([PickupLocationEntity])],
  controllers: [LocationsController],
  providers: [CreatePickupLocationHandler, ListPickupLocationsHandler, { provide: CLOCK, useValue: systemClock }],
})
export class LocationsModule {}
