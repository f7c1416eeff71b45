import type { DeliveryListItem, QueryParams, RequestBody, ResponseBody } from '../api-types';
import { paginate } from '../pagination/paginate';
import { ApiClient, createHeaders, CreateOptions, unwrap } from './unwrap';

/** Filters of a delivery list; `cursor` (or its alias `starting_after`) starts after that position. */
export type DeliveryListQuery = QueryParams<'/v1/deliveries', 'get'>;

export class Deliveries {
  constructor(private readonly api: ApiClient) {}

  /** Creates a delivery from a quote (test keys: a simulated one). Sent with an Idempotency-Key, generated unless given. */
  create(body: RequestBody<'/v1/deliveries', 'post'>, options?: CreateOptions): Promise<ResponseBody<'/v1/deliveries', 'post'>> {
    return unwrap(this.api.POST('/v1/deliveries', { body, headers: createHeaders(options) }));
  }

  get(deliveryId: string): Promise<ResponseBody<'/v1/deliveries/{deliveryId}', 'get'>> {
    return unwrap(this.api.GET('/v1/deliveries/{deliveryId}', { params: { path: { deliveryId } } }));
  }

  /** One page, newest first. */
  listPage(query: DeliveryListQuery = {}): Promise<ResponseBody<'/v1/deliveries', 'get'>> {
    return unwrap(this.api.GET('/v1/deliveries', { params: { query } }));
  }

  /** Every delivery matching `query`, newest first, fetched a page (`query.limit`) at a time as you iterate: `for await (const d of client.deliveries.list())`. */
  list(query: DeliveryListQuery = {}): AsyncGenerator<DeliveryListItem, void, undefined> {
    const { cursor, starting_after: startingAfter, ...filters } = query;
    return paginate((next) => this.listPage({ ...filters, cursor: next }), cursor ?? startingAfter);
  }

  /** Cancels while created or pending; otherwise a SameDayError of status 409 (`delivery_in_progress`, `delivery_not_cancellable`). */
  cancel(deliveryId: string): Promise<ResponseBody<'/v1/deliveries/{deliveryId}/cancel', 'post'>> {
    return unwrap(this.api.POST('/v1/deliveries/{deliveryId}/cancel', { params: { path: { deliveryId } } }));
  }

  /** Whether a cancel would be accepted now, and what it would refund and keep; changes nothing. */
  cancellation(deliveryId: string): Promise<ResponseBody<'/v1/deliveries/{deliveryId}/cancellation', 'get'>> {
    return unwrap(this.api.GET('/v1/deliveries/{deliveryId}/cancellation', { params: { path: { deliveryId } } }));
  }

  tracking(deliveryId: string): Promise<ResponseBody<'/v1/deliveries/{deliveryId}/tracking', 'get'>> {
    return unwrap(this.api.GET('/v1/deliveries/{deliveryId}/tracking', { params: { path: { deliveryId } } }));
  }

  /** A new dropoff before pickup; with `dry_run: true` the preview only. */
  reroute(deliveryId: string, body: RequestBody<'/v1/deliveries/{deliveryId}/reroute', 'post'>): Promise<ResponseBody<'/v1/deliveries/{deliveryId}/reroute', 'post'>> {
    return unwrap(this.api.POST('/v1/deliveries/{deliveryId}/reroute', { params: { path: { deliveryId } }, body }));
  }

  /** Test keys only: moves a test delivery to its next status, or to `to`. */
  advance(
    deliveryId: string,
    body: RequestBody<'/v1/test_helpers/deliveries/{deliveryId}/advance', 'post'> = {},
  ): Promise<ResponseBody<'/v1/test_helpers/deliveries/{deliveryId}/advance', 'post'>> {
    return unwrap(this.api.POST('/v1/test_helpers/deliveries/{deliveryId}/advance', { params: { path: { deliveryId } }, body }));
  }
}
