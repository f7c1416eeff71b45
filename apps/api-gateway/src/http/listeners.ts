import type { IncomingMessage } from 'node:http';

/** Requests that arrived on the ops port (probes, internal health), marked by that listener. */
const opsRequests = new WeakSet<IncomingMessage>();

export function markOpsRequest(request: IncomingMessage): void {
  opsRequests.add(request);
}

export function isOpsRequest(request: IncomingMessage): boolean {
  return opsRequests.has(request);
}

/** Routes served only on the ops port: never reachable from the public address. */
export function isOpsPath(url: string): boolean {
  return /^\/(health|internal)(\/|\?|$)/.test(url);
}
