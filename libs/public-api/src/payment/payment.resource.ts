import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Payment', description: 'The money of a delivery funded by a checkout (live creation response; test with a checkout_id).' })
export class PaymentResource {
  @ApiProperty({ enum: ['paid'], description: '"paid" when funded.' })
  status!: 'paid';

  @ApiProperty({ example: 'chk_4fJ8sQ2mZ1' })
  checkout_id!: string;

  @ApiProperty({ example: 'pi_3Q0aBc' })
  payment_intent_id!: string;

  @ApiProperty({ type: 'integer', description: 'What the customer paid, in cents: items_subtotal + delivery fee.' })
  amount_charged!: number;

  @ApiProperty({ type: 'integer' })
  items_subtotal!: number;

  @ApiProperty({ type: 'integer', description: 'round(items_subtotal × the fee tier rate), frozen at creation.' })
  service_fee!: number;

  @ApiProperty({ type: 'integer', description: 'items_subtotal − service_fee: transferred to the connected account once delivered.' })
  developer_net!: number;
}
