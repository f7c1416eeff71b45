import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '@sdd/web';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { useMode } from '../mode/mode';
import { AttemptDetails } from '../webhooks/AttemptDetails';
import { useWebhooks } from '../webhooks/webhooks-api';

/**
 * An event's sending to each endpoint: the request (where, and the exact body,
 * the same on every attempt), every attempt, and a resend per endpoint for
 * roles that may change things.
 */
export function EventAttempts({ eventId, writable }: { eventId: string; writable: boolean }) {
  const { mode } = useMode();
  const queryClient = useQueryClient();
  const key = [mode, 'event', eventId];
  const event = useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.GET('/v1/events/{eventId}', { params: { path: { eventId } } })),
  });
  const webhooks = useWebhooks();
  const urlOf = (webhookId: string) => webhooks.data?.data.find((webhook) => webhook.id === webhookId)?.url ?? webhookId;
  const resend = useMutation({
    mutationFn: (webhookId: string) =>
      unwrap(
        api.POST('/v1/events/{eventId}/resend', {
          params: { path: { eventId } },
          body: { webhook_id: webhookId },
        }),
      ),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: [mode, 'webhooks'] })]),
  });
  return (
    <QueryState query={event} isEmpty={(detail) => detail.deliveries.length === 0} empty="Sent to no endpoint.">
      {({ deliveries, ...envelope }) => (
        <>
          <details className="request">
            <summary>Request body</summary>
            <pre>{JSON.stringify(envelope, null, 2)}</pre>
          </details>
          <ul className="sendings">
            {deliveries.map((sending) => (
              <li key={sending.webhook_id} data-webhook-id={sending.webhook_id}>
                <p>
                  <code>POST {urlOf(sending.webhook_id)}</code>: {sending.status}, {sending.attempt_count} scheduled attempt(s)
                  {sending.next_attempt_at ? `, next ${formatDateTime(sending.next_attempt_at)}` : ''}{' '}
                  {writable ? (
                    <button
                      type="button"
                      onClick={() => resend.mutate(sending.webhook_id)}
                      disabled={resend.isPending}
                      aria-label={`Resend ${envelope.type} to ${urlOf(sending.webhook_id)}`}
                    >
                      Resend
                    </button>
                  ) : null}
                </p>
                <ol className="attempts">
                  {sending.attempts.map((attempt) => (
                    <AttemptDetails key={attempt.id} attempt={attempt} />
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          {resend.isPending ? <p role="status">Sending…</p> : null}
          {resend.error ? <ErrorMessage error={resend.error} /> : null}
        </>
      )}
    </QueryState>
  );
}
