import type { Mode } from '@sdd/contracts';
import type { RequestLogDetailResource, RequestLogResource } from './request-log.resource';

/** A request log entry as the gateway keeps it (its bodies already redacted). */
export interface RequestLogRecord {
  id: string;
  mode: Mode;
  method: string;
  path: string;
  status: number;
  requestId: string;
  idempotencyKey: string | null;
  durationMs: number;
  apiKeyLast4: string | null;
  memberId: string | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  requestBody: string | null;
  requestBodyTruncated: boolean;
  responseBody: string | null;
  responseBodyTruncated: boolean;
  createdAt: Date;
}

/** The entry as a list shows it: without headers and bodies. */
export function presentRequestLog(log: RequestLogRecord): RequestLogResource {
  return {
    id: log.id,
    mode: log.mode,
    method: log.method,
    path: log.path,
    status: log.status,
    request_id: log.requestId,
    idempotency_key: log.idempotencyKey,
    duration_ms: log.durationMs,
    api_key_last4: log.apiKeyLast4,
    member_id: log.memberId,
    created_at: log.createdAt.toISOString(),
  };
}

export function presentRequestLogDetail(log: RequestLogRecord): RequestLogDetailResource {
  return {
    ...presentRequestLog(log),
    request_headers: log.requestHeaders,
    response_headers: log.responseHeaders,
    request_body: log.requestBody,
    request_body_truncated: log.requestBodyTruncated,
    response_body: log.responseBody,
    response_body_truncated: log.responseBodyTruncated,
  };
}
