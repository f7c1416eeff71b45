import type { paths } from '../../api/schema';
import { DELIVERY_STATUSES, type DeliveryStatus } from './delivery-status';

/** The list's filters as the URL's search parameters hold them, so a filtered list can be bookmarked and shared. */
export interface DeliveryFilters {
  status?: DeliveryStatus;
  /** Inclusive dates, YYYY-MM-DD, in the browser's time zone. */
  from?: string;
  to?: string;
  /** An external_reference, exactly. */
  reference?: string;
}

export type DeliveryListQuery = NonNullable<paths['/v1/deliveries']['get']['parameters']['query']>;

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

/** The Unix second at which a local day (YYYY-MM-DD) starts; `offsetDays` 1 gives the next day's. Local, so a 23- or 25-hour day keeps its length. */
function localDayStart(day: string, offsetDays = 0): number {
  const [year, month, date] = day.split('-').map(Number);
  return Math.floor(new Date(year, month - 1, date + offsetDays).getTime() / 1000);
}

/** GET /v1/deliveries filtering on the server: the status, the browser's local day bounds as Unix seconds (both inclusive), the reference. */
export function listQuery(filters: DeliveryFilters): DeliveryListQuery {
  return {
    limit: 100,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { 'created[gte]': localDayStart(filters.from) } : {}),
    ...(filters.to ? { 'created[lte]': localDayStart(filters.to, 1) - 1 } : {}),
    ...(filters.reference ? { external_reference: filters.reference } : {}),
  };
}
