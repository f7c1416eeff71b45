import type { Client } from 'openapi-fetch';
import { errorFromResponse } from '../errors/same-day-error';
import { parseRetryAfter } from '../retry/retry-after';
import { IDEMPOTENCY_KEY_HEADER } from '../retry/retrying-fetch';
import type { paths } from '../schema';

/** The generated client over every path of the API: answers `{data, error, response}` and throws nothing for an error answer. */
export type ApiClient = Client<paths>;

/** Options of a create call. */
export interface CreateOptions {
  /** Sent as Idempotency-Key instead of a generated one: your own order id, say, so a retry after a restart matches too. */
  idempotencyKey?: string;
}

/** The headers a create sends for its options. */
export function createHeaders(options: CreateOptions = {}): Record<string, string> {
  return options.idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey };
}

/** The data of a success answer; an error answer is thrown as a SameDayError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromResponse(response.status, error, response.headers, parseRetryAfter(response.headers.get('retry-after'), Date.now()));
  return data as T;
}
