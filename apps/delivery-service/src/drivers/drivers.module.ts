import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DriverCertificationEntity } from './driver-certification.entity';
import { DriverEntity } from './driver.entity';
import { DriverRepository } from './driver.repository';
import { DriversController } from './drivers.controller';
import { CreateDriverHandler } from './create-driver.handler';
import { ListDriversHandler } from './list-drivers.handler';
import { RotateDriverTokenHandler } from './rotate-driver-token.handler';
import { SetDriverCertificationHandler } from './set-driver-certification.handler';

/** Drivers, their certifications and tokens, as operators register them. */
@Module({
  imports: [TypeOrmModule.forFeature([DriverEntity, DriverCertificationEntity])],
  controllers: [DriversController],
  providers: [DriverRepository, CreateDriverHandler, ListDriversHandler, SetDriverCertificationHandler, RotateDriverTokenHandler, { provide: CLOCK, useValue: systemClock }],
  exports: [DriverRepository],
})
export class DriversModule {}
