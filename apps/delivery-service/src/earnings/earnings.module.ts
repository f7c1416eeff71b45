import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { DriversModule } from '../drivers/drivers.module';
import { EarningsController } from './earnings.controller';
import { ListDriverEarningsHandler } from './list-driver-earnings.handler';

/** Drivers' earnings read back: per delivery and per day of the driver's time zone (matching records them at the hand-over). */
@Module({
  imports: [DriversModule],
  controllers: [EarningsController],
  providers: [ListDriverEarningsHandler, { provide: CLOCK, useValue: systemClock }],
})
export class EarningsModule {}
