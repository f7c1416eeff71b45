import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/api-error';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { useMode } from '../mode/mode';

/** An event's sending to each endpoint, every attempt, and a resend per endpoint (for roles that may change things). */
export function EventAttempts({ eventId, writable }: { eventId: string; writable: boolean }) {
  const { mode } = useMode();
  const queryClient = useQueryClient();
  const key = [mode, 'event', eventId];
  const event = useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.GET('/v1/events/{eventId}', { params: { path: { eventId } } })),
  });
  const resend = useMutation({
    mutationFn: (webhookId: string) =>
      unwrap(
        api.POST('/v1/events/{eventId}/resend', {
          params: { path: { eventId } },
          body: { webhook_id: webhookId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return (
    <QueryState query={event} isEmpty={(detail) => detail.deliveries.length === 0} empty="Sent to no endpoint.">
      {(detail) => (
        <>
          <ul>
            {detail.deliveries.map((sending) => (
              <li key={sending.webhook_id}>
                <code>{sending.webhook_id}</code>: {sending.status}, {sending.attempt_count} attempt(s)
                {sending.next_attempt_at ? `, next ${formatDateTime(sending.next_attempt_at)}` : ''}
                {writable ? (
                  <button type="button" onClick={() => resend.mutate(sending.webhook_id)} disabled={resend.isPending}>
                    Resend
                  </button>
                ) : null}
                <ol>
                  {sending.attempts.map((attempt) => (
                    <li key={attempt.id}>
                      #{attempt.number} ({attempt.trigger}) {attempt.succeeded ? 'succeeded' : 'failed'}: HTTP {attempt.status_code ?? '—'} in {attempt.duration_ms ?? '—'} ms
                      {attempt.error ? ` — ${attempt.error}` : ''} at {formatDateTime(attempt.created_at)}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          {resend.error ? <ErrorMessage error={resend.error} /> : null}
        </>
      )}
    </QueryState>
  );
}
