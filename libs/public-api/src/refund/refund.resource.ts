import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { REFUND_REASONS, REFUND_STATUSES, RefundReason, RefundStatus } from '@sdd/contracts';

@ApiSchema({ name: 'Refund', description: "Money going back to the customer: of a delivery's payment, or of a checkout no delivery used." })
export class RefundResource {
  @ApiProperty({ example: 'rf_4fJ8sQ2mZ1' })
  id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The delivery whose payment it returns; null for a checkout no delivery used.' })
  delivery_id!: string | null;

  @ApiProperty()
  checkout_id!: string;

  @ApiProperty({ type: 'integer', description: 'Cents.' })
  amount!: number;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({
    enum: REFUND_REASONS,
    description:
      '`delivery_cancelled`: the whole amount; `delivery_failed` / `delivery_returned`: the items subtotal; `checkout_cancelled`: a paid checkout cancelled before any delivery used it; ' +
      '`checkout_expired`: a paid checkout no delivery used within its validity; `late_payment`: a payment that arrived for an expired or cancelled checkout.',
  })
  reason!: RefundReason;

  @ApiProperty({ enum: REFUND_STATUSES, description: '`pending` until the processor made it (retried while the processor cannot); `failed` when it refused.' })
  status!: RefundStatus;

  @ApiProperty({ type: String, nullable: true, description: "The processor's refund (`re_…`), once made." })
  processor_refund_id!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'RefundList', description: 'Newest first; pass `next_cursor` as `cursor` for the next page.' })
export class RefundListResource {
  @ApiProperty({ type: RefundResource, isArray: true })
  data!: RefundResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
