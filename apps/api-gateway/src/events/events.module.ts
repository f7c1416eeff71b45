import { Module } from '@nestjs/common';
import { EventStreamController } from './event-stream.controller';
import { EventStreams } from './event-streams';
import { EventsController } from './events.controller';

@Module({ controllers: [EventsController, EventStreamController], providers: [EventStreams] })
export class EventsModule {}
