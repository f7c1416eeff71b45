import type { RequestBody, ResponseBody } from '../api-types';
import { ApiClient, createHeaders, CreateOptions, unwrap } from './unwrap';

export class Webhooks {
  constructor(private readonly api: ApiClient) {}

  /** Registers an endpoint; the answer carries its `whsec_…` signing secret, shown only here. */
  create(body: RequestBody<'/v1/webhooks', 'post'>, options?: CreateOptions): Promise<ResponseBody<'/v1/webhooks', 'post'>> {
    return unwrap(this.api.POST('/v1/webhooks', { body, headers: createHeaders(options) }));
  }

  list(): Promise<ResponseBody<'/v1/webhooks', 'get'>> {
    return unwrap(this.api.GET('/v1/webhooks'));
  }

  delete(webhookId: string): Promise<ResponseBody<'/v1/webhooks/{webhookId}', 'delete'>> {
    return unwrap(this.api.DELETE('/v1/webhooks/{webhookId}', { params: { path: { webhookId } } }));
  }
}
