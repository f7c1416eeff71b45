import type { CancellationPreviewRecord, ReroutePreviewRecord } from '@sdd/contracts';
import { presentDeliveryStop } from '../address/address.presenter';
import type { CancellationPreviewResource, ReroutePreviewResource } from './delivery-preview.resource';

export function presentCancellationPreview(preview: CancellationPreviewRecord): CancellationPreviewResource {
  const { refund, kept } = preview;
  return {
    object: 'cancellation_preview',
    delivery_id: preview.deliveryId,
    status: preview.status,
    allowed: preview.allowed,
    refusal: preview.refusal,
    currency: preview.currency,
    refund: refund && {
      amount: refund.amount,
      items_subtotal: refund.itemsSubtotal,
      delivery_fee: refund.deliveryFee,
      service_fee: refund.serviceFee,
      reason: refund.reason,
    },
    kept: kept && {
      amount: kept.amount,
      items_subtotal: kept.itemsSubtotal,
      delivery_fee: kept.deliveryFee,
      service_fee: kept.serviceFee,
      driver_compensation: kept.driverCompensation,
    },
  };
}

export function presentReroutePreview(preview: ReroutePreviewRecord): ReroutePreviewResource {
  return {
    object: 'reroute_preview',
    delivery_id: preview.deliveryId,
    dropoff: presentDeliveryStop(preview.dropoff),
    currency: preview.currency,
    fee: preview.fee,
    charged_fee: preview.chargedFee,
    drift: preview.drift,
    takes_effect: preview.takesEffect,
    reroutes_remaining: preview.reroutesRemaining,
  };
}
