import { Injectable } from '@nestjs/common';
import { EventDetailView, EventRef } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { EventLogRepository } from '../dispatch/event-log.repository';
import { presentDeliveries, presentEvent } from './event.presenter';

@Injectable()
export class GetEventHandler {
  constructor(private readonly events: EventLogRepository) {}

  async execute({ scope, eventId }: EventRef): Promise<EventDetailView> {
    const event = await this.events.findEvent(scope.merchantId, scope.mode, eventId);
    if (!event) throw AppError.notFound('No such event.');
    const { deliveries, attempts } = await this.events.deliveriesOf(event.id);
    return { ...presentEvent(event), deliveries: presentDeliveries(deliveries, attempts) };
  }
}
