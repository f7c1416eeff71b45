import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ProcessorEventReceipt' })
export class ProcessorEventReceiptResource {
  @ApiProperty({ enum: [true] })
  received!: boolean;
}
