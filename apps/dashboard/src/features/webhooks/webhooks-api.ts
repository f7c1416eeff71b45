import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '@sdd/web';
import type { components } from '../../api/schema';
import { useMode } from '../mode/mode';

export type Webhook = components['schemas']['Webhook'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];
type EventType = components['schemas']['CreateWebhookRequest']['events'][number];

export function useWebhooks() {
  const { mode } = useMode();
  return useQuery({ queryKey: [mode, 'webhooks'], queryFn: () => unwrap(api.GET('/v1/webhooks')) });
}

export function useWebhookHealth(webhookId: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'webhooks', webhookId, 'health'],
    // Not polled: one call per endpoint would soon use up the member's rate-limit budget. Asked again when the page
    // is opened or refocused, and after every change or resend (their query keys start with [mode, 'webhooks']).
    queryFn: () => unwrap(api.GET('/v1/webhooks/{webhookId}/health', { params: { path: { webhookId } } })),
  });
}

/** Every change to an endpoint: each refreshes the endpoints and their health once it is done. */
export function useWebhookChanges() {
  const { mode } = useMode();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [mode, 'webhooks'] });
  const path = (webhookId: string) => ({ params: { path: { webhookId } } });
  return {
    create: useMutation({ mutationFn: (url: string) => unwrap(api.POST('/v1/webhooks', { body: { url, events: ['*'] satisfies EventType[] } })), onSuccess }),
    test: useMutation({ mutationFn: (webhookId: string) => unwrap(api.POST('/v1/webhooks/{webhookId}/test', path(webhookId))), onSuccess }),
    rotate: useMutation({ mutationFn: (webhookId: string) => unwrap(api.POST('/v1/webhooks/{webhookId}/rotate_secret', { ...path(webhookId), body: {} })), onSuccess }),
    recover: useMutation({
      mutationFn: (webhookId: string) =>
        unwrap(api.POST('/v1/webhooks/{webhookId}/recover', { ...path(webhookId), body: { since: new Date(Date.now() - 24 * 3600_000).toISOString() } })),
      onSuccess,
    }),
    reEnable: useMutation({ mutationFn: (webhookId: string) => unwrap(api.PATCH('/v1/webhooks/{webhookId}', { ...path(webhookId), body: { active: true } })), onSuccess }),
    remove: useMutation({ mutationFn: (webhookId: string) => unwrap(api.DELETE('/v1/webhooks/{webhookId}', path(webhookId))), onSuccess }),
  };
}
