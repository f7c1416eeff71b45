import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { TasksModule } from '../tasks.module';
import { ProcessorEventsController } from './processor-events.controller';
import { ReceiveProcessorEventHandler } from './receive-processor-event.handler';

@Module({
  imports: [CheckoutsModule, TasksModule],
  controllers: [ProcessorEventsController],
  providers: [ReceiveProcessorEventHandler, { provide: CLOCK, useValue: systemClock }],
})
export class ProcessorEventsModule {}
