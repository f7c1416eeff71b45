import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DeliveryResource } from '../delivery/delivery.resource';

@ApiSchema({ name: 'DeliveredEventData', description: 'The `data` of delivery.delivered: the delivery as GET /v1/deliveries/{id} showed it then, and when it was handed over.' })
export class DeliveredEventDataResource extends DeliveryResource {
  @ApiProperty({ format: 'date-time', description: 'When the package was handed over.' })
  delivered_at!: string;
}

@ApiSchema({ name: 'WebhookTestEventData', description: 'The `data` of `webhook.test` (POST /v1/webhooks/{id}/test): not a delivery event.' })
export class WebhookTestEventDataResource {
  @ApiProperty({ description: 'The endpoint the test was sent to.' })
  webhook_id!: string;

  @ApiProperty()
  message!: string;
}
