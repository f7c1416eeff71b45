/** The `status` filter of GET /v1/request_logs: one status (`404`) or a class of them (`4xx`). */
export const STATUS_FILTER_PATTERN = /^[1-5](?:[0-9]{2}|xx)$/;

export interface StatusRange {
  /** Inclusive bounds. */
  min: number;
  max: number;
}

/** The statuses a well-formed filter (STATUS_FILTER_PATTERN, checked by the query's validation) matches. */
export function statusRange(filter: string): StatusRange {
  if (filter.endsWith('xx')) {
    const hundreds = Number(filter[0]) * 100;
    return { min: hundreds, max: hundreds + 99 };
  }
  const status = Number(filter);
  return { min: status, max: status };
}
