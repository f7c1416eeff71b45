import { Injectable } from '@nestjs/common';
import { ErrorCode, EventList, ListEventsRequest } from '@sdd/contracts';
import { AppError, decodeCursor, encodeCursor } from '@sdd/common';
import { EventLogRepository } from '../dispatch/event-log.repository';
import { presentEvent } from './event.presenter';

/** Newest first, keyset-paginated on (created_at, id) like every list. */
@Injectable()
export class ListEventsHandler {
  constructor(private readonly events: EventLogRepository) {}

  async execute({ scope, limit, cursor, delivery_id, type }: ListEventsRequest): Promise<EventList> {
    const before = cursor === undefined ? undefined : decodeCursor(cursor, 'evt');
    if (cursor !== undefined && !before) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'This cursor is not one we issued.', 'cursor');
    const rows = await this.events.listEvents({ merchantId: scope.merchantId, mode: scope.mode, limit: limit + 1, before, deliveryId: delivery_id, type });
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = page[page.length - 1];
    return {
      data: page.map(presentEvent),
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }
}
