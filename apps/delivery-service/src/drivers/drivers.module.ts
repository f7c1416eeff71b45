import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DriverCertificationEntity } from './driver-certification.entity';
import { DriverEntity } from './driver.entity';
import { DriverRepository } from './driver.repository';
import { DriversController } from './drivers.controller';
import { ManageDriversHandler } from './manage-drivers.handler';

/** Drivers and their certifications, as operators register them. */
@Module({
  imports: [TypeOrmModule.forFeature([DriverEntity, DriverCertificationEntity])],
  controllers: [DriversController],
  providers: [DriverRepository, ManageDriversHandler, { provide: CLOCK, useValue: systemClock }],
  exports: [DriverRepository],
})
export class DriversModule {}
