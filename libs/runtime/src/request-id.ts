import { randomToken } from '@sdd/common';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's X-Request-Id is echoed when it is safe to log and return; otherwise we make one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && WELL_FORMED.test(value) ? value : `req_${randomToken()}`;
}
