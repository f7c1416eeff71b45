import createClient from 'openapi-fetch';
import { Checkouts } from './resources/checkouts';
import { Deliveries } from './resources/deliveries';
import { Events } from './resources/events';
import { Quotes } from './resources/quotes';
import { ApiClient } from './resources/unwrap';
import { Webhooks } from './resources/webhooks';
import { FetchFunction, RetryNotice, retryingFetch } from './retry/retrying-fetch';
import { RetryOptions, retryPolicy } from './retry/retry-policy';
import type { paths } from './schema';

/** Where `npm start` serves the API. */
export const DEFAULT_BASE_URL = 'http://localhost:3000';
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface SameDayOptions {
  /** `svc_test_…` (test mode) or `svc_live_…` (live mode). */
  apiKey: string;
  /** The API's address, without `/v1` (default http://localhost:3000). */
  baseUrl?: string;
  /** How often and how long to retry (default: 3 attempts, waits of at most 60 s). */
  retry?: RetryOptions;
  /** How long one attempt may take before it counts as failed (default 30 s). */
  timeoutMs?: number;
  /** Told before each retry: what failed and how long the SDK waits. */
  onRetry?: (notice: RetryNotice) => void;
  /** The fetch to send with (default: the global one, looked up on each call). */
  fetch?: FetchFunction;
}

/**
 * The API's client. The friendly methods (`quotes.create`, `deliveries.list`…) answer the data
 * and throw SameDayError for an error answer; `api` is the generated client over every path of
 * the OpenAPI document (`api.GET('/v1/payouts')`), answering `{data, error, response}`. Both
 * send through the same transport: the API key, an Idempotency-Key on every POST, and retries.
 */
export class SameDay {
  readonly api: ApiClient;
  readonly quotes: Quotes;
  readonly deliveries: Deliveries;
  readonly checkouts: Checkouts;
  readonly webhooks: Webhooks;
  readonly events: Events;

  constructor(options: SameDayOptions) {
    if (!options.apiKey) throw new TypeError('SameDay needs an apiKey (svc_test_… or svc_live_…)');
    const transport = retryingFetch({
      policy: retryPolicy(options.retry),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      fetch: options.fetch,
      onRetry: options.onRetry,
    });
    this.api = createClient<paths>({ baseUrl: options.baseUrl ?? DEFAULT_BASE_URL, headers: { Authorization: `Bearer ${options.apiKey}` }, fetch: transport });
    this.quotes = new Quotes(this.api);
    this.deliveries = new Deliveries(this.api);
    this.checkouts = new Checkouts(this.api);
    this.webhooks = new Webhooks(this.api);
    this.events = new Events(this.api);
  }
}
