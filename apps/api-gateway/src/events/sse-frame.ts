import type { EventEnvelope } from '@sdd/contracts';

/** A comment line: it keeps proxies and the client's read timeout from taking an idle stream for a dead one. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** How long a client (EventSource, the CLI) waits before reconnecting after the stream ends. */
export const SSE_RETRY_MS = 1000;

/**
 * One event as server-sent events carry it: `id:` resumes after it
 * (Last-Event-ID), `event:` its type, `data:` the envelope webhooks send, on
 * one line (JSON.stringify escapes every newline).
 */
export function sseEventFrame(envelope: EventEnvelope): string {
  return `id: ${envelope.id}\nevent: ${envelope.type}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

/** The first frame: the reconnection delay, so headers and a byte reach the client at once. */
export function sseOpeningFrame(): string {
  return `retry: ${SSE_RETRY_MS}\n\n`;
}
