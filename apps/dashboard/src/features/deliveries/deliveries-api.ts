import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, unwrap } from '@sdd/web';
import type { components } from '../../api/schema';
import { useMode } from '../mode/mode';
import { listQuery, type DeliveryFilters } from './delivery-filters';

export type CreateDeliveryRequest = components['schemas']['CreateDeliveryRequest'];
export type TestScenario = NonNullable<CreateDeliveryRequest['test_scenario']>;
export type AdvanceTo = NonNullable<components['schemas']['AdvanceDeliveryRequest']['to']>;

/**
 * How often an open list or delivery page asks again, so it follows deliveries
 * as they move. An open delivery page asks for the delivery, its events,
 * the driver's position and its payment (money-api.ts, every 10 s): about 58
 * requests a minute, leaving room in the member's budget
 * (RATE_LIMIT_PER_MINUTE, 100 by default) for a second window and the
 * member's own actions. Hidden tabs do not ask (TanStack
 * Query's default).
 */
const REFRESH_MS = 3000;

export function useDeliveries(filters: DeliveryFilters) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'deliveries', filters],
    queryFn: () => unwrap(api.GET('/v1/deliveries', { params: { query: listQuery(filters) } })),
    refetchInterval: REFRESH_MS,
  });
}

export function useDelivery(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'delivery', id],
    queryFn: () => unwrap(api.GET('/v1/deliveries/{deliveryId}', { params: { path: { deliveryId: id } } })),
    refetchInterval: REFRESH_MS,
  });
}

export function useDeliveryEvents(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'delivery', id, 'events'],
    queryFn: () => unwrap(api.GET('/v1/events', { params: { query: { delivery_id: id, limit: 100 } } })),
    refetchInterval: REFRESH_MS,
  });
}

/** How often the driver's position is asked again while the delivery is under way: slower than the page's own refresh (the budget above). */
const TRACKING_REFRESH_MS = 5000;

/** Where the driver is (live: once assigned; test: the simulated driver along the route); asked once for an ended delivery. */
export function useDeliveryTracking(id: string, underWay: boolean) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'delivery', id, 'tracking'],
    queryFn: () => unwrap(api.GET('/v1/deliveries/{deliveryId}/tracking', { params: { path: { deliveryId: id } } })),
    refetchInterval: underWay ? TRACKING_REFRESH_MS : false,
  });
}

/** The proof of a delivered delivery; null before there is one (404). */
export function useDeliveryProof(id: string, delivered: boolean) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, 'delivery', id, 'proof'],
    enabled: delivered,
    queryFn: async () => {
      try {
        return await unwrap(api.GET('/v1/deliveries/{deliveryId}/proof', { params: { path: { deliveryId: id } } }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** A test delivery: a quote for the route, then the delivery with the chosen scenario. */
export function useCreateTestDelivery() {
  const { mode } = useMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { pickup: string; dropoff: string; recipient: string; phone: string; reference: string; scenario: TestScenario | '' }) => {
      const quote = await unwrap(api.POST('/v1/quotes', { body: { pickup_address: input.pickup, dropoff_address: input.dropoff } }));
      return unwrap(
        api.POST('/v1/deliveries', {
          body: {
            quote_id: quote.id,
            customer: { name: input.recipient, phone: input.phone },
            ...(input.reference ? { external_reference: input.reference } : {}),
            ...(input.scenario ? { test_scenario: input.scenario } : {}),
          },
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [mode, 'deliveries'] }),
  });
}

export function useAdvanceDelivery(id: string) {
  const { mode } = useMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: AdvanceTo) => unwrap(api.POST('/v1/test_helpers/deliveries/{deliveryId}/advance', { params: { path: { deliveryId: id } }, body: { to } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [mode, 'delivery', id] }),
  });
}

/** The gateway's map tiles (null: none configured); they change only with its configuration, so they are asked once. */
export function useMapTiles() {
  return useQuery({ queryKey: ['dashboard-config'], queryFn: () => unwrap(api.GET('/v1/dashboard/config')), staleTime: Infinity });
}
