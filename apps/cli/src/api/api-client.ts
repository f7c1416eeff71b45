import { errorFromResponse, SameDay, SameDayConnectionError, SameDayError } from '@sameday/sdk';
import type { paths, QueryParams, Schemas } from '@sameday/sdk';
import { failureReason } from './failure-reason';

/**
 * Every HTTP call the CLI makes to the API, in one place, through the SDK
 * (libs/sdk): its types come from the gateway's OpenAPI document, and it
 * brings the Idempotency-Key of every create and the retries that honour
 * Retry-After.
 */
export type { Schemas };
export type Delivery = Schemas['Delivery'];
export type RequestLog = Schemas['RequestLog'];
export type TestScenario = NonNullable<Schemas['CreateDeliveryRequest']['test_scenario']>;
export type DeliveryListQuery = QueryParams<'/v1/deliveries', 'get'>;

/** An answer of the API's error envelope, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The SDK's errors as the CLI reports them: a failed connection (the API not running) is status 0. */
function reported(error: unknown, apiBase: string): unknown {
  if (error instanceof SameDayError) return new ApiError(error.status, error.code, error.message, error.param, error.requestId);
  if (error instanceof SameDayConnectionError) return new ApiError(0, 'connection_failed', `Could not reach ${apiBase}: ${failureReason(error.cause ?? error)}`);
  return error;
}

async function reach<T>(call: () => Promise<T>, apiBase: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw reported(error, apiBase);
  }
}

/** The data of a success answer of the generated client; an error answer as the SDK reads it. */
function dataOf<T>(answer: Answer<T>): T {
  if (answer.data !== undefined && answer.response.ok) return answer.data;
  throw errorFromResponse(answer.response.status, answer.error, answer.response.headers);
}

export function createApi(apiBase: string, apiKey: string) {
  const sdk = new SameDay({ apiKey, baseUrl: apiBase });
  const call = <T>(request: () => Promise<T>) => reach(request, apiBase);
  const raw = <T>(request: () => Promise<Answer<T>>) => reach(async () => dataOf(await request()), apiBase);
  return {
    apiBase,
    me: () => raw(() => sdk.api.GET('/v1/merchants/me')),
    createQuote: (body: Schemas['CreateQuoteRequest']) => call(() => sdk.quotes.create(body)),
    createDelivery: (body: Schemas['CreateDeliveryRequest'], idempotencyKey: string) => call(() => sdk.deliveries.create(body, { idempotencyKey })),
    listDeliveries: (query: DeliveryListQuery) => call(() => sdk.deliveries.listPage(query)),
    getDelivery: (deliveryId: string) => call(() => sdk.deliveries.get(deliveryId)),
    cancelDelivery: (deliveryId: string) => call(() => sdk.deliveries.cancel(deliveryId)),
    resendEvent: (eventId: string, webhookId: string) => raw(() => sdk.api.POST('/v1/events/{eventId}/resend', { params: { path: { eventId } }, body: { webhook_id: webhookId } })),
    /** The newest page of the request log (GET /v1/request_logs is not itself logged, so polling it adds nothing). */
    latestRequestLogs: (limit: number) => raw(() => sdk.api.GET('/v1/request_logs', { params: { query: { limit } } })),
    /**
     * GET /v1/events/stream: the open response, whose body is text/event-stream,
     * or the API's error. The SDK would read the body whole, so it is fetched as is.
     */
    openEventStream: async (lastEventId: string | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> => {
      const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      const streamPath: keyof paths = '/v1/events/stream';
      return reach(async () => {
        const response = await fetch(new URL(streamPath, apiBase), { headers, signal }).catch((error: unknown) => {
          throw new SameDayConnectionError(`GET ${streamPath} failed`, { cause: error });
        });
        if (response.ok && response.body) return response.body;
        throw errorFromResponse(response.status, await response.json().catch(() => undefined), response.headers);
      }, apiBase);
    },
  };
}

export type Api = ReturnType<typeof createApi>;
