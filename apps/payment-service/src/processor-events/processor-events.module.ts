import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { ProcessorEventsController } from './processor-events.controller';
import { ReceiveProcessorEventHandler } from './receive-processor-event.handler';

@Module({
  imports: [CheckoutsModule],
  controllers: [ProcessorEventsController],
  providers: [ReceiveProcessorEventHandler, { provide: CLOCK, useValue: systemClock }],
})
export class ProcessorEventsModule {}
