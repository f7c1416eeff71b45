import { Injectable } from '@nestjs/common';
import { ErrorCode, EventStreamPage, StreamEventsRequest } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { EventReadRepository } from './event-read.repository';
import { storedEnvelope } from './event.record';
import { decodeStreamPosition, encodeStreamPosition, StreamPosition } from './stream-position';

/** GET /v1/events/stream's next events, oldest first in the order they became visible; the gateway asks again from `position`. */
@Injectable()
export class StreamEventsHandler {
  constructor(private readonly events: EventReadRepository) {}

  async execute({ scope, position, afterEventId, limit }: StreamEventsRequest): Promise<EventStreamPage> {
    const after = await this.startOf(scope.merchantId, scope.mode, position, afterEventId);
    const rows = await this.events.eventsAfter(scope.merchantId, scope.mode, after, limit);
    const last = rows.at(-1) ?? after;
    return { data: rows.map(storedEnvelope), position: encodeStreamPosition({ xid: last.xid, seq: last.seq }) };
  }

  private async startOf(merchantId: string, mode: StreamEventsRequest['scope']['mode'], position?: string, afterEventId?: string): Promise<StreamPosition> {
    if (position !== undefined) {
      const decoded = decodeStreamPosition(position);
      if (!decoded) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'This stream position is not one we issued.', 'position');
      return decoded;
    }
    if (afterEventId === undefined) return this.events.streamStart();
    const found = await this.events.streamPositionOf(merchantId, mode, afterEventId);
    // Past retention (GET /v1/events lists it no longer) the place to resume from is gone: say so rather than skip or repeat.
    if (!found) throw AppError.notFound(`No event ${afterEventId} in this mode's event log (never, or no longer): the stream cannot resume after it.`, 'after');
    return found;
  }
}
