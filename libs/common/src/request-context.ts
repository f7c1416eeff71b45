import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /**
   * Epoch ms after which nobody waits for this request's answer any more (set
   * for bus requests): work done on its behalf, nested bus calls included,
   * need not outlive it.
   */
  deadline?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request context that logs and outgoing bus messages pick up. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * Runs `fn` outside any request context: for background work a request only
 * sets off (an outbox relay pass poked after a commit), which must neither
 * inherit that request's deadline nor log under its id.
 */
export function runOutsideRequestContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** True once the current request's caller has stopped waiting; false outside a request with a deadline. */
export function requestDeadlinePassed(now = Date.now()): boolean {
  const deadline = storage.getStore()?.deadline;
  return deadline !== undefined && now > deadline;
}

/**
 * How long before its caller's deadline work that commits must start: the
 * statement and the reply on its way back take time too, and a commit whose
 * reply arrives after the caller answered 503 is a delivery the merchant was
 * told failed (measured: 13 in a 30 s burst of 250 deliveries/s with no
 * margin; docs/reliability.md, "Overload").
 */
export const COMMIT_MARGIN_MS = 250;

/** True when work that commits, started at `now`, would likely answer after `deadline` (undefined: nobody's deadline). */
export function tooLateToCommit(deadline: number | undefined, now = Date.now()): boolean {
  return deadline !== undefined && now > deadline - COMMIT_MARGIN_MS;
}
