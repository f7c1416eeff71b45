import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { useMode } from '../mode/mode';
import { filtersFromParams, filtersToParams, STATUS_CLASSES, type RequestLogFilters } from './request-log-filters';
import { useRequestLogs } from './request-logs-api';

/** The API requests of the last 7 days in the chosen mode, newest first; found by request id or status. */
export function RequestLogsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [requestId, setRequestId] = useState(filters.requestId ?? '');
  const logs = useRequestLogs(filters);
  const { mode } = useMode();
  const update = (change: Partial<RequestLogFilters>) => setParams(filtersToParams({ ...filters, ...change }), { replace: true });

  return (
    <>
      <h1>Requests</h1>
      <p>Every API request of the last 7 days, with secrets in bodies replaced by [redacted].</p>
      <form
        className="filters"
        role="search"
        aria-label="Find requests"
        onSubmit={(e) => {
          e.preventDefault();
          update({ requestId: requestId.trim() || undefined });
        }}
      >
        <label>
          Request ID
          <input type="search" value={requestId} onChange={(e) => setRequestId(e.target.value)} placeholder="req_…" />
        </label>
        <button type="submit">Find</button>
        <label>
          Status
          <select value={filters.status ?? ''} onChange={(e) => update({ status: e.target.value || undefined })}>
            <option value="">Any</option>
            {STATUS_CLASSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
      </form>
      <QueryState query={logs} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} requests match.`}>
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Requests, newest first, refreshed every few seconds</caption>
              <thead>
                <tr>
                  <th scope="col">Request ID</th>
                  <th scope="col">Status</th>
                  <th scope="col">Method</th>
                  <th scope="col">Path</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((log) => (
                  <tr key={log.id} data-request-id={log.request_id}>
                    <td>
                      <Link to={`/requests/${log.id}`}>{log.request_id}</Link>
                    </td>
                    <td>
                      <span className={`badge badge-${log.status < 400 ? 'done' : 'stopped'}`}>{log.status}</span>
                    </td>
                    <td>{log.method}</td>
                    <td>{log.path}</td>
                    <td>{log.duration_ms} ms</td>
                    <td>{formatDateTime(log.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </>
  );
}
