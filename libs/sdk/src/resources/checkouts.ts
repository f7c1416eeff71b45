import type { Checkout, QueryParams, RequestBody, ResponseBody } from '../api-types';
import { paginate } from '../pagination/paginate';
import { ApiClient, createHeaders, CreateOptions, unwrap } from './unwrap';

export type CheckoutListQuery = QueryParams<'/v1/checkouts', 'get'>;

export class Checkouts {
  constructor(private readonly api: ApiClient) {}

  /** A payment for a quote's fee plus the items; sent with an Idempotency-Key, generated unless given. */
  create(body: RequestBody<'/v1/checkouts', 'post'>, options?: CreateOptions): Promise<ResponseBody<'/v1/checkouts', 'post'>> {
    return unwrap(this.api.POST('/v1/checkouts', { body, headers: createHeaders(options) }));
  }

  get(checkoutId: string): Promise<ResponseBody<'/v1/checkouts/{checkoutId}', 'get'>> {
    return unwrap(this.api.GET('/v1/checkouts/{checkoutId}', { params: { path: { checkoutId } } }));
  }

  listPage(query: CheckoutListQuery = {}): Promise<ResponseBody<'/v1/checkouts', 'get'>> {
    return unwrap(this.api.GET('/v1/checkouts', { params: { query } }));
  }

  /** Every checkout matching `query`, newest first, a page at a time as you iterate. */
  list(query: CheckoutListQuery = {}): AsyncGenerator<Checkout, void, undefined> {
    const { cursor, starting_after: startingAfter, ...filters } = query;
    return paginate((next) => this.listPage({ ...filters, cursor: next }), cursor ?? startingAfter);
  }
}
