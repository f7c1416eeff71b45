import { Injectable } from '@nestjs/common';
import { EventList, ListEventsRequest } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { EventReadRepository } from './event-read.repository';
import { presentEvent } from './event.presenter';

/** Newest first, keyset-paginated on (created_at, id) like every list. */
@Injectable()
export class ListEventsHandler {
  constructor(private readonly events: EventReadRepository) {}

  async execute({ scope, limit, cursor, delivery_id, type }: ListEventsRequest): Promise<EventList> {
    const before = cursorParam(cursor, 'evt');
    const rows = await this.events.listEvents({ merchantId: scope.merchantId, mode: scope.mode, limit: limit + 1, before, deliveryId: delivery_id, type });
    return toPage(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }), presentEvent);
  }
}
