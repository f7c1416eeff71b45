import { DELIVERY_STATUSES, type DeliveryStatus } from './delivery-status';

/** The list's filters as the URL's search parameters hold them, so a filtered list can be bookmarked and shared. */
export interface DeliveryFilters {
  status?: DeliveryStatus;
  /** Inclusive dates, YYYY-MM-DD, in the browser's time zone. */
  from?: string;
  to?: string;
  /** Part of an external_reference, any case. */
  reference?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from search parameters, dropping what is not valid rather than failing. */
export function filtersFromParams(params: URLSearchParams): DeliveryFilters {
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const reference = (params.get('reference') ?? '').trim();
  return {
    ...((DELIVERY_STATUSES as readonly string[]).includes(status) ? { status: status as DeliveryStatus } : {}),
    ...(DATE.test(from) ? { from } : {}),
    ...(DATE.test(to) ? { to } : {}),
    ...(reference ? { reference } : {}),
  };
}

export function filtersToParams(filters: DeliveryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'from', 'to', 'reference'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** What GET /v1/deliveries filters itself (the status); the rest is matched on the page it returns. */
export function listQuery(filters: DeliveryFilters): { limit: number; status?: DeliveryStatus } {
  return { limit: 100, ...(filters.status ? { status: filters.status } : {}) };
}

function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether a delivery passes the filters the API does not apply: its creation day and its external_reference. */
export function matchesFilters(delivery: { created_at: string; external_reference: string | null }, filters: DeliveryFilters): boolean {
  const day = localDay(delivery.created_at);
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  if (filters.reference && !(delivery.external_reference ?? '').toLowerCase().includes(filters.reference.toLowerCase())) return false;
  return true;
}
