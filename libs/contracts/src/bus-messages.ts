import { ErrorPayload } from './errors';

/** What travels with every bus message besides its data. */
export interface BusMeta {
  requestId?: string;
}

/** A request job on a service's request queue. */
export interface BusRequest<TData = unknown> {
  pattern: string;
  data: TData;
  /** Redis list the reply goes to; one per client process. */
  replyTo: string;
  /** Epoch ms after which nobody waits for the reply: the request is dropped, not run. */
  deadline: number;
  meta: BusMeta;
}

/** An event job on a subscriber's event queue. */
export interface BusEvent<TData = unknown> {
  pattern: string;
  data: TData;
  meta: BusMeta;
}

/** A reply, correlated to its request by the request's job id. */
export type BusReply<TResponse = unknown> =
  | { id: string; response: TResponse; err?: undefined }
  | { id: string; err: ErrorPayload; response?: undefined };
