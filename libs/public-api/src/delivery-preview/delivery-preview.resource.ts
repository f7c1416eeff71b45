import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { DELIVERY_STATUSES, DeliveryStatus, REFUND_REASONS, RefundReason } from '@sdd/contracts';
import { DeliveryStopResource } from '../address/address.resource';

const CENTS = 'Cents of `currency`.';

@ApiSchema({ name: 'CancellationRefusal', description: 'The error POST /v1/deliveries/{id}/cancel would answer now.' })
export class CancellationRefusalResource {
  @ApiProperty({ type: 'integer', example: 409, description: 'Its HTTP status.' })
  status!: number;

  @ApiProperty({ example: 'delivery_in_progress', description: 'Its `error.code`: `delivery_in_progress` or `delivery_not_cancellable`.' })
  code!: string;

  @ApiProperty({ description: 'Its `error.message`.' })
  message!: string;
}

@ApiSchema({ name: 'CancellationRefund', description: 'What the cancel would give back to the customer, by part.' })
export class CancellationRefundResource {
  @ApiProperty({ type: 'integer', description: `${CENTS} The refund's amount: items_subtotal + delivery_fee.` })
  amount!: number;

  @ApiProperty({ type: 'integer', description: CENTS })
  items_subtotal!: number;

  @ApiProperty({ type: 'integer', description: CENTS })
  delivery_fee!: number;

  @ApiProperty({ type: 'integer', description: `${CENTS} The platform's service fee, part of items_subtotal (not added to amount): it goes back with the items.` })
  service_fee!: number;

  @ApiProperty({ enum: REFUND_REASONS, description: "The refund's `reason` (`delivery_cancelled`)." })
  reason!: RefundReason;
}

@ApiSchema({ name: 'CancellationKept', description: 'What of the payment the cancel would not give back, by part.' })
export class CancellationKeptResource {
  @ApiProperty({ type: 'integer', description: `${CENTS} items_subtotal + delivery_fee.` })
  amount!: number;

  @ApiProperty({ type: 'integer', description: CENTS })
  items_subtotal!: number;

  @ApiProperty({ type: 'integer', description: CENTS })
  delivery_fee!: number;

  @ApiProperty({ type: 'integer', description: `${CENTS} Part of items_subtotal.` })
  service_fee!: number;

  @ApiProperty({ type: 'integer', description: `${CENTS} Paid to a driver: a cancel is allowed only before a driver is assigned, so always 0.` })
  driver_compensation!: number;
}

const NULLABLE_OBJECT = { type: 'object', additionalProperties: true, nullable: true } as const;

@ApiExtraModels(CancellationRefusalResource, CancellationRefundResource, CancellationKeptResource)
@ApiSchema({
  name: 'CancellationPreview',
  description: 'What POST /v1/deliveries/{id}/cancel would do now, from the rules the cancel and its refund use; reading it changes nothing.',
})
export class CancellationPreviewResource {
  @ApiProperty({ enum: ['cancellation_preview'] })
  object!: 'cancellation_preview';

  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ enum: DELIVERY_STATUSES, description: 'The delivery status the preview was made from.' })
  status!: DeliveryStatus;

  @ApiProperty({ description: 'Whether the cancel would be accepted (200); true for a delivery already cancelled, whose cancel answers the same record and moves no money.' })
  allowed!: boolean;

  // A $ref cannot be nullable in OpenAPI 3.0, an object type beside it can; the closed schema still bounds its fields.
  @ApiProperty({ ...NULLABLE_OBJECT, allOf: [{ $ref: getSchemaPath(CancellationRefusalResource) }], description: 'null when allowed.' })
  refusal!: CancellationRefusalResource | null;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({
    ...NULLABLE_OBJECT,
    allOf: [{ $ref: getSchemaPath(CancellationRefundResource) }],
    description: 'null when the cancel would move no money: refused, already cancelled, or no payment (a test delivery without a checkout).',
  })
  refund!: CancellationRefundResource | null;

  @ApiProperty({ ...NULLABLE_OBJECT, allOf: [{ $ref: getSchemaPath(CancellationKeptResource) }], description: 'null as `refund` is.' })
  kept!: CancellationKeptResource | null;
}

@ApiSchema({ name: 'ReroutePreview', description: 'What POST /v1/deliveries/{id}/reroute would do (the answer to `dry_run: true`); nothing was changed.' })
export class ReroutePreviewResource {
  @ApiProperty({ enum: ['reroute_preview'] })
  object!: 'reroute_preview';

  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ type: DeliveryStopResource, description: 'The new dropoff, as the reroute would set it.' })
  dropoff!: DeliveryStopResource;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ type: 'integer', description: `${CENTS} The new route's fee: the delivery's \`fee\`/\`price\` once the reroute takes effect.` })
  fee!: number;

  @ApiProperty({ type: 'integer', description: `${CENTS} What the customer paid for delivery, which the drift is measured from.` })
  charged_fee!: number;

  @ApiProperty({ type: 'integer', description: `${CENTS} fee − charged_fee: within ±10% of charged_fee (else the reroute is refused with reroute_price_changed).` })
  drift!: number;

  @ApiProperty({ enum: ['at_once', 'when_driver_accepts'], description: 'Without a driver the reroute takes effect at once; with one, when the driver accepts it.' })
  takes_effect!: 'at_once' | 'when_driver_accepts';

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Reroutes the delivery would have left after this one.' })
  reroutes_remaining!: number;
}
