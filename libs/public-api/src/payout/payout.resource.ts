import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PAYOUT_STATUSES, PayoutStatus } from '@sdd/contracts';

@ApiSchema({ name: 'Payout', description: "A delivery's developer_net, transferred to the connected account once delivered." })
export class PayoutResource {
  @ApiProperty({ example: 'po_4fJ8sQ2mZ1' })
  id!: string;

  @ApiProperty()
  delivery_id!: string;

  @ApiProperty()
  checkout_id!: string;

  @ApiProperty({ type: 'integer', description: 'Cents.' })
  amount!: number;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ enum: PAYOUT_STATUSES, description: '`pending` until the processor made the transfer (or while the connected account cannot take payouts).' })
  status!: PayoutStatus;

  @ApiProperty({ type: String, nullable: true, description: "The processor's transfer, once made." })
  transfer_id!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'PayoutList', description: 'Newest first; pass `next_cursor` as `cursor` for the next page.' })
export class PayoutListResource {
  @ApiProperty({ type: PayoutResource, isArray: true })
  data!: PayoutResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
