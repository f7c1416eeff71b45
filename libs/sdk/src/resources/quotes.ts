import type { RequestBody, ResponseBody } from '../api-types';
import { ApiClient, createHeaders, CreateOptions, unwrap } from './unwrap';

export class Quotes {
  constructor(private readonly api: ApiClient) {}

  /** Prices a route: the fee, ETA and distance, valid for 15 minutes. */
  create(body: RequestBody<'/v1/quotes', 'post'>, options?: CreateOptions): Promise<ResponseBody<'/v1/quotes', 'post'>> {
    return unwrap(this.api.POST('/v1/quotes', { body, headers: createHeaders(options) }));
  }

  get(quoteId: string): Promise<ResponseBody<'/v1/quotes/{quoteId}', 'get'>> {
    return unwrap(this.api.GET('/v1/quotes/{quoteId}', { params: { path: { quoteId } } }));
  }
}
