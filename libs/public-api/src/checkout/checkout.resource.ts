import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CHECKOUT_STATUSES, CheckoutStatus, MODES, Mode } from '@sdd/contracts';
import { RefundResource } from '../refund/refund.resource';

@ApiSchema({ name: 'Checkout' })
export class CheckoutResource {
  @ApiProperty({ example: 'chk_4fJ8sQ2mZ1', description: 'Pass it as checkout_id when creating the delivery.' })
  checkout_id!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({
    enum: CHECKOUT_STATUSES,
    description:
      '`failed`: the last attempt was declined, the checkout is still payable. `expired`: past `expires_at` without a delivery (its payment intent is cancelled, a payment is refunded). ' +
      "`refunded` / `partially_refunded`: a used checkout whose delivery's payment went back in full / in part (see `refunds`).",
  })
  status!: CheckoutStatus;

  @ApiProperty({ format: 'uri', description: 'The hosted payment page.' })
  checkout_url!: string;

  @ApiProperty({ description: 'For a native payment sheet; use it, not payment_intent_id.' })
  client_secret!: string;

  @ApiProperty()
  payment_intent_id!: string;

  @ApiProperty({ description: "The processor's customer." })
  customer!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Only when stripe_version was sent, and only in the creation response.' })
  ephemeral_key!: string | null;

  @ApiProperty({ description: 'Initialise the client SDK with this key, not one of your own.' })
  publishable_key!: string;

  @ApiProperty()
  quote_id!: string;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ type: 'integer', description: 'items_subtotal + delivery_fee, in cents.' })
  amount!: number;

  @ApiProperty({ type: 'integer' })
  delivery_fee!: number;

  @ApiProperty({ type: 'integer' })
  items_subtotal!: number;

  @ApiProperty({ type: String, format: 'uri', nullable: true })
  success_url!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true })
  cancel_url!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The delivery this checkout funds, once used.' })
  delivery_id!: string | null;

  @ApiProperty({ type: 'integer', description: 'Cents returned to the customer so far (refunds the processor made).' })
  amount_refunded!: number;

  @ApiProperty({ type: RefundResource, isArray: true, description: "Every refund of this checkout's payment, oldest first; also listed by GET /v1/refunds." })
  refunds!: RefundResource[];

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "When the payment succeeded, as recorded when it was first known (the processor's event or a status check, whichever came first); null until paid. Kept once set, also after a refund or expiry.",
  })
  paid_at!: string | null;

  @ApiProperty({ format: 'date-time', description: '24 hours after creation.' })
  expires_at!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'CheckoutList', description: 'Newest first; pass `next_cursor` as `cursor` for the next page.' })
export class CheckoutListResource {
  @ApiProperty({ type: CheckoutResource, isArray: true })
  data!: CheckoutResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
