import { Injectable } from '@nestjs/common';
import { EventDetailRecord, EventRef } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { EventReadRepository } from './event-read.repository';
import { storedEnvelope, toDestinationRecords } from './event.record';

@Injectable()
export class GetEventHandler {
  constructor(private readonly events: EventReadRepository) {}

  async execute({ scope, eventId }: EventRef): Promise<EventDetailRecord> {
    const event = await this.events.findEvent(scope.merchantId, scope.mode, eventId);
    if (!event) throw AppError.notFound('No such event.');
    const { destinations, attempts } = await this.events.destinationsOf(event.id);
    // `deliveries` is the contract's name for the event's destinations.
    return { event: storedEnvelope(event), destinations: toDestinationRecords(destinations, attempts) };
  }
}
