/** The Requests page's search as the URL's search parameters hold it, so a found request can be bookmarked and shared. */
export interface RequestLogFilters {
  /** The X-Request-Id, exactly. */
  requestId?: string;
  /** One status or a class: `404`, `4xx`. */
  status?: string;
}

/** The classes the page offers; the API takes any one status too (`404`). */
export const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;

/** Mirrors the API's own checks (GET /v1/request_logs), so the page never asks what would be refused. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const STATUS = /^[1-5](?:[0-9]{2}|xx)$/;

/** Reads the filters from search parameters, dropping what is not valid rather than failing. */
export function filtersFromParams(params: URLSearchParams): RequestLogFilters {
  const requestId = (params.get('request_id') ?? '').trim();
  const status = params.get('status') ?? '';
  return {
    ...(REQUEST_ID.test(requestId) ? { requestId } : {}),
    ...(STATUS.test(status) ? { status } : {}),
  };
}

export function filtersToParams(filters: RequestLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.requestId) params.set('request_id', filters.requestId);
  if (filters.status) params.set('status', filters.status);
  return params;
}

/** The query of GET /v1/request_logs for the filters: the API applies both. */
export function listQuery(filters: RequestLogFilters): { limit: number; request_id?: string; status?: string } {
  return { limit: 100, ...(filters.requestId ? { request_id: filters.requestId } : {}), ...(filters.status ? { status: filters.status } : {}) };
}

/** A logged body for reading: JSON indented, anything else (a body cut at its bound) as it is. */
export function prettyBody(body: string | null): string {
  if (body === null) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
