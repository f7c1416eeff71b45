import type { IncomingHttpHeaders } from 'node:http';
import { newId, redactUrl } from '@sdd/common';
import type { CallerScope } from '../auth/auth-context';
import { bearerToken } from '../auth/api-key';
import { DASHBOARD_MODE_HEADER } from '../members/dashboard-mode';
import { redactBody } from './body-redaction';
import type { RequestLogEntity } from './request-log.entity';

export const REQUEST_LOG_ID_PREFIX = 'reqlog';

/** The request headers a log entry keeps: none carries a credential (Authorization and Cookie never). */
export const REQUEST_HEADERS_KEPT = ['content-type', 'content-length', 'accept', 'user-agent', 'idempotency-key', DASHBOARD_MODE_HEADER] as const;
export const RESPONSE_HEADERS_KEPT = ['content-type', 'retry-after', 'x-ratelimit-remaining'] as const;

/**
 * What the response hook hands over, taken as references without copying or
 * serialising anything: the work of turning it into a row (redaction,
 * JSON text, the kept headers) is done by the writer, off the request's path.
 */
export interface AnsweredRequest {
  caller: CallerScope;
  method: string;
  url: string;
  status: number;
  requestId: string;
  durationMs: number;
  receivedAt: Date;
  requestHeaders: IncomingHttpHeaders;
  responseHeaders: Record<string, string | number | string[] | undefined>;
  /** As parsed (JSON) or kept raw (a Buffer or string for the routes that want the bytes). */
  requestBody: unknown;
  /** What was sent: JSON text for every answer of the API; anything else is not logged. */
  responsePayload: unknown;
}

/** The characters of an answered request's bodies, as the buffer counts them: the response as sent, the request by its Content-Length (parsed, its size is not at hand). */
export function bodyCharsOf(request: Pick<AnsweredRequest, 'requestHeaders' | 'responsePayload'>): number {
  const response = typeof request.responsePayload === 'string' ? request.responsePayload.length : 0;
  return response + (Number(request.requestHeaders['content-length']) || 0);
}

function keptHeaders(headers: Record<string, string | number | string[] | undefined>, names: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

function requestBodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (Buffer.isBuffer(body)) return `[${body.length} bytes, not JSON]`;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** An answered request as its log row: bodies redacted and bounded, the caller named by its key's last four characters or its member. */
export function toRequestLog(request: AnsweredRequest): RequestLogEntity {
  const requestBody = redactBody(requestBodyText(request.requestBody));
  const responseBody = redactBody(typeof request.responsePayload === 'string' ? request.responsePayload : undefined);
  const idempotencyKey = request.requestHeaders['idempotency-key'];
  return {
    id: newId(REQUEST_LOG_ID_PREFIX),
    merchantId: request.caller.merchantId,
    mode: request.caller.mode,
    method: request.method,
    path: redactUrl(request.url),
    status: request.status,
    requestId: request.requestId,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
    durationMs: Math.round(request.durationMs),
    apiKeyLast4: request.caller.apiKeyId ? (bearerToken(request.requestHeaders.authorization)?.slice(-4) ?? null) : null,
    memberId: request.caller.member?.id ?? null,
    requestHeaders: keptHeaders(request.requestHeaders, REQUEST_HEADERS_KEPT),
    responseHeaders: keptHeaders(request.responseHeaders, RESPONSE_HEADERS_KEPT),
    requestBody: requestBody.text,
    requestBodyTruncated: requestBody.truncated,
    responseBody: responseBody.text,
    responseBodyTruncated: responseBody.truncated,
    createdAt: request.receivedAt,
  };
}
