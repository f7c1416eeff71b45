import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { MODES, Mode, MONEY_MOVEMENT_KINDS, MONEY_MOVEMENT_STATUSES, MoneyMovementKind, PayoutStatus, REFUND_REASONS, RefundReason } from '@sdd/contracts';

@ApiSchema({ name: 'OpsMoneyMovement', description: "A transfer to a merchant or a refund to a customer, as an operator sees it (any merchant's, either mode)." })
export class OpsMoneyMovementResource {
  @ApiProperty({ example: 'po_4fJ8sQ2mZ1', description: '`po_…` for a transfer (the merchant sees it as a payout), `rf_…` for a refund.' })
  id!: string;

  @ApiProperty({ example: 'mer_8dJ2kLq9XwP4sT7vB1nC5mZr' })
  merchant_id!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ enum: MONEY_MOVEMENT_KINDS })
  kind!: MoneyMovementKind;

  @ApiProperty({ type: 'integer', description: 'Cents.' })
  amount!: number;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({
    enum: MONEY_MOVEMENT_STATUSES,
    description: '`pending` until the processor made it (tried again with backoff while the processor is unreachable); `failed` when the processor refused it; `paid` once made.',
  })
  status!: PayoutStatus;

  @ApiProperty({ enum: REFUND_REASONS, nullable: true, description: 'Why a refund is made; null for a transfer.' })
  reason!: RefundReason | null;

  @ApiProperty({ type: String, nullable: true, description: 'The delivery it belongs to; null for the refund of a checkout no delivery used.' })
  delivery_id!: string | null;

  @ApiProperty({ description: 'The checkout whose payment it moves.' })
  checkout_id!: string;

  @ApiProperty({ type: String, nullable: true, description: "The processor's transfer or refund, once made." })
  processor_id!: string | null;

  @ApiProperty({ type: 'integer', description: 'Requests made to the processor so far.' })
  attempts!: number;

  @ApiProperty({ type: 'integer', description: 'How often an operator put it back to be tried again.' })
  retries!: number;

  @ApiProperty({ type: String, nullable: true, description: "The processor's last refusal, API keys, client secrets and card numbers redacted." })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it failed; null unless `failed`.' })
  failed_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'OpsMoneyMovementList', description: 'Newest first; pass `next_cursor` as `cursor` for the next page.' })
export class OpsMoneyMovementListResource {
  @ApiProperty({ type: OpsMoneyMovementResource, isArray: true })
  data!: OpsMoneyMovementResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
