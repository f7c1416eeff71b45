import type { IncomingMessage } from 'node:http';

/**
 * The gateway listens on up to three addresses with one Fastify instance:
 * the public API, the sandbox (test keys only) and the ops port (probes,
 * internal health). Each listener tags its requests on arrival.
 */
export type Listener = 'public' | 'sandbox' | 'ops';

const tags = new WeakMap<IncomingMessage, Listener>();

export function tagRequest(request: IncomingMessage, listener: Listener): void {
  tags.set(request, listener);
}

export function listenerOf(request: IncomingMessage): Listener {
  return tags.get(request) ?? 'public';
}

export function isOpsRequest(request: IncomingMessage): boolean {
  return listenerOf(request) === 'ops';
}
