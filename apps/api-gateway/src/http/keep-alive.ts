import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s)
 * makes the server the side that closes it, and a client whose timers run
 * late (a loaded machine, a busy event loop) still sends its next request on
 * a connection the server is closing: that request fails with "other side
 * closed" or a reset, with no answer. Longer than the client's own idle
 * timeout (undici's and load balancers' stay under what `Keep-Alive: timeout`
 * announces), so the client closes first and a request is never sent into a
 * closing connection.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsOpen(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Kept above the idle time, as Node's own defaults are (60 s and 5 s).
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  return server;
}
