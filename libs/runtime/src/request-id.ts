import { randomToken } from '@sdd/common';

/** What a request id may be: a caller's X-Request-Id of another shape is replaced, and a filter by request id is held to it. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's X-Request-Id is echoed when it is safe to log and return; otherwise we make one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID_PATTERN.test(value) ? value : `req_${randomToken()}`;
}
