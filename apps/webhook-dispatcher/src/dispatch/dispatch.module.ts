import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { AttemptSender } from './attempt-sender';
import { AttemptProcessor } from './attempt.processor';
import { AttemptQueue } from './attempt.queue';
import { AttemptSweeper } from './attempt.sweeper';
import { DeliveryEventsController } from './delivery-events.controller';
import { EventLogRepository } from './event-log.repository';
import { FanOutEventHandler } from './fan-out-event.handler';
import { IngestDeliveryEventsHandler } from './ingest-delivery-events.handler';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';

/** From a delivery event to signed requests: fan-out, attempts, retries, auto-disable. */
@Module({
  controllers: [DeliveryEventsController],
  providers: [
    EventLogRepository,
    AttemptSender,
    AttemptQueue,
    AttemptProcessor,
    AttemptSweeper,
    FanOutEventHandler,
    IngestDeliveryEventsHandler,
    MakeScheduledAttemptHandler,
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [EventLogRepository, AttemptSender, AttemptQueue],
})
export class DispatchModule {}
