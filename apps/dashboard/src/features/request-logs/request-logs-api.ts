import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '@sdd/web';
import { useMode } from '../mode/mode';
import { listQuery, type RequestLogFilters } from './request-log-filters';

/** How often the open list asks again: a request made elsewhere shows up within a few seconds. */
const REFRESH_MS = 3000;

export function useRequestLogs(filters: RequestLogFilters) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'request-logs', filters],
    queryFn: () => unwrap(api.GET('/v1/request_logs', { params: { query: listQuery(filters) } })),
    refetchInterval: REFRESH_MS,
  });
}

export function useRequestLog(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'request-log', id],
    queryFn: () => unwrap(api.GET('/v1/request_logs/{requestLogId}', { params: { path: { requestLogId: id } } })),
  });
}
