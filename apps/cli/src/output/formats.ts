import type { Delivery, RequestLog } from '../api/api-client';
import { clock, OutputStyle, paint, statusColour } from './output-style';

/** Cents as dollars: 1250 → $12.50. */
export function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function deliveryLine(style: OutputStyle, delivery: Pick<Delivery, 'id' | 'status' | 'price' | 'created_at'>): string {
  return [delivery.id.padEnd(34), paint(style, 'cyan', delivery.status.padEnd(16)), money(delivery.price).padStart(9), `  ${delivery.created_at}`].join(' ');
}

/** What `listen` prints for each event forwarded: the local endpoint's answer, or why there was none. */
export function forwardedLine(style: OutputStyle, at: Date, event: { id: string; type: string }, result: { status: number | null; durationMs: number; error?: string }): string {
  const answer = result.status === null ? `failed: ${result.error ?? 'no answer'}` : `${result.status}`;
  return `${paint(style, 'dim', clock(at))}  ${event.type.padEnd(28)} ${event.id}  → ${paint(style, statusColour(result.status), answer)} ${paint(style, 'dim', `(${result.durationMs} ms)`)}`;
}

export function requestLogLine(style: OutputStyle, log: Pick<RequestLog, 'created_at' | 'method' | 'path' | 'status' | 'duration_ms' | 'request_id'>): string {
  const status = paint(style, statusColour(log.status), String(log.status));
  return `${paint(style, 'dim', clock(new Date(log.created_at)))}  ${log.method.padEnd(6)} ${log.path}  ${status}  ${log.duration_ms} ms  ${paint(style, 'dim', log.request_id)}`;
}
