import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { ProcessorEventsController } from './processor-events.controller';
import { ReceiveProcessorEventHandler } from './receive-processor-event.handler';

@Module({
  imports: [CheckoutsModule, PayoutsModule],
  controllers: [ProcessorEventsController],
  providers: [ReceiveProcessorEventHandler, { provide: CLOCK, useValue: systemClock }],
})
export class ProcessorEventsModule {}
