import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { AttemptSender } from './attempt-sender';
import { AttemptProcessor } from './attempt.processor';
import { AttemptQueue } from './attempt.queue';
import { AttemptSweeper } from './attempt.sweeper';
import { DeliveryEventsController } from './delivery-events.controller';
import { EndpointHealthRepository } from './endpoint-health.repository';
import { EventLogDatabase } from './event-log.database';
import { FanOutEventHandler } from './fan-out-event.handler';
import { IngestDeliveryEventsHandler } from './ingest-delivery-events.handler';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';
import { MessageSendRepository } from './message-send.repository';
import { OverdueSweepRepository } from './overdue-sweep.repository';

/** From a delivery event to signed requests: fan-out, attempts, retries, auto-disable. */
@Module({
  controllers: [DeliveryEventsController],
  providers: [
    EventLogDatabase,
    MessageSendRepository,
    OverdueSweepRepository,
    EndpointHealthRepository,
    AttemptSender,
    AttemptQueue,
    AttemptProcessor,
    AttemptSweeper,
    FanOutEventHandler,
    IngestDeliveryEventsHandler,
    MakeScheduledAttemptHandler,
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [EventLogDatabase, MessageSendRepository, EndpointHealthRepository, AttemptSender, AttemptQueue],
})
export class DispatchModule {}
