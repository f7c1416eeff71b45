import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { canChange } from '../auth/permissions';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';
import { WebhookCard } from './WebhookCard';
import { useWebhookChanges, useWebhooks, type Webhook } from './webhooks-api';

export function WebhooksPage() {
  const { mode } = useMode();
  const { member } = useSignedIn();
  const writable = canChange(member.role);
  const webhooks = useWebhooks();
  const changes = useWebhookChanges();
  const [url, setUrl] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const secret = changes.create.data?.secret ?? changes.rotate.data?.secret;
  const failed = Object.values(changes).find((change) => change.error)?.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    changes.rotate.reset();
    changes.create.mutate(url, { onSuccess: () => setUrl('') });
  }

  const actions = (webhook: Webhook) =>
    writable ? (
      <div className="actions">
        <button type="button" onClick={() => changes.test.mutate(webhook.id)} aria-label={`Send test to ${webhook.url}`}>
          Send test
        </button>
        <button
          type="button"
          onClick={() => {
            changes.create.reset();
            changes.rotate.mutate(webhook.id);
          }}
          aria-label={`Rotate secret of ${webhook.url}`}
        >
          Rotate secret
        </button>
        {webhook.disabled_at || !webhook.active ? (
          <button type="button" onClick={() => changes.reEnable.mutate(webhook.id)} aria-label={`Re-enable ${webhook.url}`}>
            Re-enable
          </button>
        ) : (
          <button type="button" onClick={() => changes.recover.mutate(webhook.id)} aria-label={`Recover last 24 h of failed events for ${webhook.url}`}>
            Recover last 24 h
          </button>
        )}
        {confirmingDelete === webhook.id ? (
          <>
            <button type="button" onClick={() => changes.remove.mutate(webhook.id, { onSettled: () => setConfirmingDelete(null) })} aria-label={`Delete for good ${webhook.url}`}>
              Delete for good
            </button>
            <button type="button" onClick={() => setConfirmingDelete(null)} aria-label={`Keep it: ${webhook.url}`}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirmingDelete(webhook.id)} aria-label={`Delete ${webhook.url}`}>
            Delete
          </button>
        )}
      </div>
    ) : null;

  return (
    <>
      <h1>Webhooks</h1>
      {writable ? (
        <form onSubmit={submit} className="inline">
          <label>
            Endpoint URL
            <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks" />
          </label>
          <button type="submit" disabled={changes.create.isPending}>
            Add endpoint
          </button>
        </form>
      ) : null}
      {secret ? (
        <div className="new-secret" role="status">
          <p>The signing secret. Copy it now: it will not be shown again.</p>
          <code id="new-webhook-secret">{secret}</code> <CopyButton text={secret} label="Copy secret" />
        </div>
      ) : null}
      {changes.test.data ? (
        <p role="status">
          Test event sent: {changes.test.data.succeeded ? 'the endpoint accepted it' : 'the endpoint did not accept it'} (
          {changes.test.data.status_code === null ? 'no response' : `HTTP ${changes.test.data.status_code}`}, {changes.test.data.duration_ms} ms).
        </p>
      ) : null}
      {changes.recover.data ? <p role="status">{changes.recover.data.queued} failed event(s) queued again.</p> : null}
      {failed ? <ErrorMessage error={failed} /> : null}
      <QueryState query={webhooks} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} endpoints yet.`}>
        {(list) => (
          <ul className="cards">
            {list.data.map((webhook) => (
              <WebhookCard key={webhook.id} webhook={webhook} actions={actions(webhook)} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
