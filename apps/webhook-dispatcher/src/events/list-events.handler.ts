import { Injectable } from '@nestjs/common';
import { EventRecordPage, ListEventsRequest } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { EventReadRepository } from './event-read.repository';
import { storedEnvelope } from './event.record';

/** Newest first, keyset-paginated on (created_at, id) like every list. */
@Injectable()
export class ListEventsHandler {
  constructor(private readonly events: EventReadRepository) {}

  async execute({ scope, limit, cursor, deliveryId, type }: ListEventsRequest): Promise<EventRecordPage> {
    const before = cursorParam(cursor, 'evt');
    const rows = await this.events.listEvents({ merchantId: scope.merchantId, mode: scope.mode, limit: limit + 1, before, deliveryId, type });
    const page = toPage(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }), storedEnvelope);
    return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
  }
}
