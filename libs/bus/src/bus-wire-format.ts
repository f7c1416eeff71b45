import type { ErrorPayload } from '@sdd/contracts';

/**
 * The bus's wire format: what a request job on a service's queue holds, and
 * what comes back on the caller's reply list. Live on Redis: a field renamed
 * here strands the requests of replicas still running the old code.
 */

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

/** One request of a batch: it carries the id its reply answers to, which a lone request takes from its job. */
export interface BatchedBusRequest<TData = unknown> extends BusRequest<TData> {
  id: string;
}

/**
 * Requests one client sent to one service in the same moment, in one job
 * (job name `BUS_REQUEST_BATCH`): one queue round trip for many requests.
 * Each is checked, run and answered on its own.
 */
export interface BusRequestBatch {
  requests: BatchedBusRequest[];
}

/** The job name of a `BusRequestBatch`; a lone request's job is named after its pattern. */
export const BUS_REQUEST_BATCH = 'bus.batch';

/** Requests in one batch at most: a batch is one slot of the answering worker, run all at once there. */
export const BUS_REQUEST_BATCH_MAX = 50;

/** A reply, correlated to its request by the request's job id. */
export type BusReply<TResponse = unknown> = { id: string; response: TResponse; err?: undefined } | { id: string; err: ErrorPayload; response?: undefined };
