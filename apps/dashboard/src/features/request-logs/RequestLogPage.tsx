import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { prettyBody } from './request-log-filters';
import { useRequestLog } from './request-logs-api';

function Headers({ title, headers }: { title: string; headers: Record<string, string> }) {
  const names = Object.keys(headers);
  return (
    <>
      <h3>{title}</h3>
      {names.length === 0 ? (
        <p className="empty">None kept.</p>
      ) : (
        <dl className="facts">
          {names.map((name) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{headers[name]}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}

function Body({ title, body, truncated }: { title: string; body: string | null; truncated: boolean }) {
  return (
    <>
      <h3>{title}</h3>
      {body === null ? (
        <p className="empty">No body.</p>
      ) : (
        <>
          {truncated ? <p>Cut at 16,384 characters: the beginning of the body.</p> : null}
          <pre className="body" tabIndex={0} aria-label={title}>
            {prettyBody(body)}
          </pre>
        </>
      )}
    </>
  );
}

/** One logged request: what it was, who sent it, the headers kept and both bodies. */
export function RequestLogPage() {
  const { requestLogId = '' } = useParams();
  const log = useRequestLog(requestLogId);
  return (
    <>
      <p>
        <Link to="/requests">All requests</Link>
      </p>
      <QueryState query={log}>
        {(entry) => (
          <>
            <h1>
              {entry.method} {entry.path}
            </h1>
            <dl className="facts">
              <dt>Status</dt>
              <dd>{entry.status}</dd>
              <dt>Request ID</dt>
              <dd>{entry.request_id}</dd>
              <dt>Idempotency key</dt>
              <dd>{entry.idempotency_key ?? '—'}</dd>
              <dt>Duration</dt>
              <dd>{entry.duration_ms} ms</dd>
              <dt>Sent by</dt>
              <dd>{entry.api_key_last4 ? `API key ending ${entry.api_key_last4}` : entry.member_id ? `Dashboard session of ${entry.member_id}` : '—'}</dd>
              <dt>Time</dt>
              <dd>{formatDateTime(entry.created_at)}</dd>
            </dl>
            <h2>Request</h2>
            <Headers title="Request headers" headers={entry.request_headers} />
            <Body title="Request body" body={entry.request_body} truncated={entry.request_body_truncated} />
            <h2>Response</h2>
            <Headers title="Response headers" headers={entry.response_headers} />
            <Body title="Response body" body={entry.response_body} truncated={entry.response_body_truncated} />
          </>
        )}
      </QueryState>
    </>
  );
}
