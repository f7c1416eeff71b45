import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '@sdd/web';
import { useMode } from '../mode/mode';

/** The first page of each money list: the dashboard shows the latest, the API pages further. */
const PAGE_SIZE = 25;

export function useCurrentMerchant() {
  const { mode } = useMode();
  return useQuery({ queryKey: [mode, 'merchant'], queryFn: () => unwrap(api.GET('/v1/merchants/me')) });
}

export function useCheckouts() {
  const { mode } = useMode();
  return useQuery({ queryKey: [mode, 'checkouts'], queryFn: () => unwrap(api.GET('/v1/checkouts', { params: { query: { limit: PAGE_SIZE } } })) });
}

export function usePayouts() {
  const { mode } = useMode();
  return useQuery({ queryKey: [mode, 'payouts'], queryFn: () => unwrap(api.GET('/v1/payouts', { params: { query: { limit: PAGE_SIZE } } })) });
}

export function useRefunds() {
  const { mode } = useMode();
  return useQuery({ queryKey: [mode, 'refunds'], queryFn: () => unwrap(api.GET('/v1/refunds', { params: { query: { limit: PAGE_SIZE } } })) });
}

/** A fresh onboarding link for this mode's connected account; the processor sends the owner back to the Money page. */
export function useOnboardingLink() {
  return useMutation({
    mutationFn: () => {
      const back = `${window.location.origin}/dashboard/money`;
      return unwrap(api.POST('/v1/merchants/connect', { body: { return_url: back, refresh_url: back } }));
    },
  });
}

/**
 * How often a delivery page asks again for its payment: refunds follow a
 * cancellation within seconds, and 6 requests a minute leave the page's
 * budget (deliveries-api.ts) room.
 */
const PAYMENT_REFRESH_MS = 10_000;

/** The checkout that paid for a delivery (GET /v1/checkouts?delivery_id=), with its refunds; null when none did. Asked again when the delivery's status changes. */
export function useDeliveryCheckout(deliveryId: string, deliveryStatus: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'checkouts', { deliveryId, deliveryStatus }],
    queryFn: async () => (await unwrap(api.GET('/v1/checkouts', { params: { query: { delivery_id: deliveryId, limit: 1 } } }))).data[0] ?? null,
    refetchInterval: PAYMENT_REFRESH_MS,
  });
}
