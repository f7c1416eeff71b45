import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { APP_CONFIG, MAILER, mailerFor } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { ATTEMPT_SLOTS, AttemptSlots } from './attempt-slots';
import { AttemptSender } from './attempt-sender';
import { AttemptProcessor } from './attempt.processor';
import { AttemptQueue } from './attempt.queue';
import { DeliveryEventsController } from './delivery-events.controller';
import { EndpointHealthRepository } from './endpoint-health.repository';
import { EventLogRepository } from './event-log.repository';
import { FanOutEventHandler } from './fan-out-event.handler';
import { FirstAttemptRunner } from './first-attempt.runner';
import { IngestDeliveryEventsHandler } from './ingest-delivery-events.handler';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';
import { MessageSendRepository } from './message-send.repository';
import { OverdueSweepRepository } from './overdue-sweep.repository';
import { EndpointNotices } from '../notices/endpoint-notices';

/** From a delivery event to signed requests: fan-out, attempts, retries, auto-disable and its notices to merchants. */
@Module({
  controllers: [DeliveryEventsController],
  providers: [
    EventLogRepository,
    MessageSendRepository,
    OverdueSweepRepository,
    EndpointHealthRepository,
    AttemptSender,
    AttemptQueue,
    AttemptProcessor,
    FanOutEventHandler,
    FirstAttemptRunner,
    IngestDeliveryEventsHandler,
    MakeScheduledAttemptHandler,
    EndpointNotices,
    { provide: MAILER, useFactory: mailerFor, inject: [APP_CONFIG] },
    { provide: CLOCK, useValue: systemClock },
    { provide: ATTEMPT_SLOTS, useFactory: (config: WebhookDispatcherConfig) => new AttemptSlots(config.WEBHOOK_CONCURRENCY), inject: [APP_CONFIG] },
  ],
  exports: [EventLogRepository, MessageSendRepository, EndpointHealthRepository, AttemptSender, AttemptQueue, OverdueSweepRepository, FirstAttemptRunner],
})
export class DispatchModule {}
