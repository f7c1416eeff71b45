import type { PaymentRecord } from '@sdd/contracts';
import type { PaymentResource } from './payment.resource';

export function presentPayment(payment: PaymentRecord): PaymentResource {
  return {
    status: payment.status,
    checkout_id: payment.checkoutId,
    payment_intent_id: payment.paymentIntentId,
    amount_charged: payment.amountCharged,
    items_subtotal: payment.itemsSubtotal,
    service_fee: payment.serviceFee,
    developer_net: payment.developerNet,
  };
}
