import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/schema';
import { CopyButton } from '../../components/CopyButton';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { canChange } from '../auth/permissions';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';

type Webhook = components['schemas']['Webhook'];
type EventType = components['schemas']['CreateWebhookRequest']['events'][number];

function health(webhook: Webhook): string {
  if (webhook.disabled_at) return `Disabled ${formatDateTime(webhook.disabled_at)} (${webhook.disabled_reason === 'failing' ? 'kept failing' : 'by you'})`;
  if (webhook.failing_since) return `Failing since ${formatDateTime(webhook.failing_since)}`;
  return webhook.active ? 'Healthy' : 'Inactive';
}

export function WebhooksPage() {
  const { mode } = useMode();
  const { member } = useSignedIn();
  const queryClient = useQueryClient();
  const writable = canChange(member.role);
  const key = [mode, 'webhooks'];
  const webhooks = useQuery({ queryKey: key, queryFn: () => unwrap(api.GET('/v1/webhooks')) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/webhooks', { body: { url, events: ['*'] satisfies EventType[] } })),
    onSuccess: (created) => {
      setSecret(created.secret);
      setUrl('');
      void refresh();
    },
  });
  const test = useMutation({ mutationFn: (webhookId: string) => unwrap(api.POST('/v1/webhooks/{webhookId}/test', { params: { path: { webhookId } } })) });
  const rotate = useMutation({
    mutationFn: (webhookId: string) => unwrap(api.POST('/v1/webhooks/{webhookId}/rotate_secret', { params: { path: { webhookId } }, body: {} })),
    onSuccess: (rotated) => setSecret(rotated.secret),
  });
  const recover = useMutation({
    mutationFn: (webhookId: string) =>
      unwrap(api.POST('/v1/webhooks/{webhookId}/recover', { params: { path: { webhookId } }, body: { since: new Date(Date.now() - 24 * 3600_000).toISOString() } })),
    onSuccess: refresh,
  });
  const failed = create.error ?? test.error ?? rotate.error ?? recover.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <>
      <h1>Webhooks</h1>
      {writable ? (
        <form onSubmit={submit} className="inline">
          <label>
            Endpoint URL
            <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks" />
          </label>
          <button type="submit" disabled={create.isPending}>
            Add endpoint
          </button>
        </form>
      ) : null}
      {secret ? (
        <div className="new-secret" role="status">
          <p>The signing secret. Copy it now: it will not be shown again.</p>
          <code>{secret}</code> <CopyButton text={secret} label="Copy secret" />
        </div>
      ) : null}
      {test.isSuccess ? <p role="status">Test event sent.</p> : null}
      {failed ? <ErrorMessage error={failed} /> : null}
      <QueryState query={webhooks} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} endpoints yet.`}>
        {(list) => (
          <ul className="cards">
            {list.data.map((webhook) => (
              <li key={webhook.id}>
                <h2>{webhook.url}</h2>
                <p>
                  {health(webhook)} · events: {webhook.events.join(', ')} · created {formatDateTime(webhook.created_at)}
                </p>
                {writable ? (
                  <div className="actions">
                    <button type="button" onClick={() => test.mutate(webhook.id)} aria-label={`Send a test event to ${webhook.url}`}>
                      Send test
                    </button>
                    <button type="button" onClick={() => rotate.mutate(webhook.id)} aria-label={`Rotate the secret of ${webhook.url}`}>
                      Rotate secret
                    </button>
                    <button type="button" onClick={() => recover.mutate(webhook.id)} aria-label={`Resend the last day's failed events to ${webhook.url}`}>
                      Recover last 24 h
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
