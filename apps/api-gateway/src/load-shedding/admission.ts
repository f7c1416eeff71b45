/**
 * What the gateway knows of its own load when a request arrives. Every figure
 * is measured inside the gateway, so the rule works whichever part is slow:
 * the gateway itself (its event loop), or the services behind it (requests
 * waiting for their replies).
 */
export interface LoadSignals {
  /** HTTP requests received and not answered yet, this one excluded. */
  inFlight: number;
  /** Bus requests waiting for a reply, per answering service. */
  busPending: Readonly<Record<string, number>>;
  /** How long the oldest bus request still waiting for its reply has waited, in ms: what the next one will likely wait too. */
  busWaitMs: number;
  /** Mean event-loop delay over the last sampling window, in ms. */
  eventLoopDelayMs: number;
}

/** The bounds past which a request is refused at once rather than queued behind the others. */
export interface LoadBounds {
  maxInFlight: number;
  /** Per service: one slow service is enough to queue everything that needs it. */
  maxBusPending: number;
  /** Adapts to the machine: whatever the throughput, a request is not admitted behind others that already waited this long. */
  maxBusWaitMs: number;
  maxEventLoopDelayMs: number;
}

export type OverloadReason = 'in_flight' | 'bus_backlog' | 'bus_wait' | 'event_loop_delay';

/** Why the request is refused, or undefined when it is admitted. */
export function overloadReason(load: LoadSignals, bounds: LoadBounds): OverloadReason | undefined {
  if (load.inFlight >= bounds.maxInFlight) return 'in_flight';
  if (Object.values(load.busPending).some((pending) => pending >= bounds.maxBusPending)) return 'bus_backlog';
  if (load.busWaitMs > bounds.maxBusWaitMs) return 'bus_wait';
  if (load.eventLoopDelayMs > bounds.maxEventLoopDelayMs) return 'event_loop_delay';
  return undefined;
}
