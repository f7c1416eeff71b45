import type { EventEnvelope, QueryParams, RequestBody, ResponseBody } from '../api-types';
import { paginate } from '../pagination/paginate';
import { ApiClient, unwrap } from './unwrap';

export type EventListQuery = QueryParams<'/v1/events', 'get'>;

export class Events {
  constructor(private readonly api: ApiClient) {}

  /** An event with every attempt to deliver it. */
  get(eventId: string): Promise<ResponseBody<'/v1/events/{eventId}', 'get'>> {
    return unwrap(this.api.GET('/v1/events/{eventId}', { params: { path: { eventId } } }));
  }

  listPage(query: EventListQuery = {}): Promise<ResponseBody<'/v1/events', 'get'>> {
    return unwrap(this.api.GET('/v1/events', { params: { query } }));
  }

  /** Every event matching `query` (`delivery_id`, `type`), newest first, a page at a time as you iterate. */
  list(query: EventListQuery = {}): AsyncGenerator<EventEnvelope, void, undefined> {
    const { cursor, starting_after: startingAfter, ...filters } = query;
    return paginate((next) => this.listPage({ ...filters, cursor: next }), cursor ?? startingAfter);
  }

  /** Sends the event again to one endpoint. */
  resend(eventId: string, body: RequestBody<'/v1/events/{eventId}/resend', 'post'>): Promise<ResponseBody<'/v1/events/{eventId}/resend', 'post'>> {
    return unwrap(this.api.POST('/v1/events/{eventId}/resend', { params: { path: { eventId } }, body }));
  }
}
