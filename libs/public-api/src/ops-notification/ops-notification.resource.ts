import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DELIVERY_STATUSES, DeliveryStatus, MODES, Mode, NOTIFICATION_STATUSES, NotificationStatus } from '@sdd/contracts';

@ApiSchema({ name: 'OpsNotification', description: "An email to a delivery's recipient, as an operator sees it: the address masked, nothing else of the recipient." })
export class OpsNotificationResource {
  @ApiProperty({ example: 'ntf_4fJ8sQ2mZ1' })
  id!: string;

  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ example: 'mer_8dJ2kLq9XwP4sT7vB1nC5mZr' })
  merchant_id!: string;

  @ApiProperty({ enum: MODES, description: 'Always `live`: test deliveries email nobody.' })
  mode!: Mode;

  @ApiProperty({ enum: DELIVERY_STATUSES, description: 'The delivery status the email tells the recipient of (`driver_assigned`, `in_transit`, `delivered`).' })
  step!: DeliveryStatus;

  @ApiProperty({ example: 'a***@example.com', description: "The recipient's address, masked: its first character and its domain." })
  recipient!: string;

  @ApiProperty({
    enum: NOTIFICATION_STATUSES,
    description: '`pending` until sent (tried again with backoff, 8 attempts); `failed` after the last; `sent` once the mail server took it.',
  })
  status!: NotificationStatus;

  @ApiProperty({ type: 'integer', description: 'Attempts to send it so far.' })
  attempts!: number;

  @ApiProperty({ type: 'integer', description: 'How often an operator put it back to be sent again.' })
  retries!: number;

  @ApiProperty({ type: String, nullable: true, description: "The mail server's last refusal (or why it could not be reached), email addresses masked." })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it failed; null unless `failed`.' })
  failed_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  sent_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'OpsNotificationList', description: 'Newest first; pass `next_cursor` as `cursor` for the next page.' })
export class OpsNotificationListResource {
  @ApiProperty({ type: OpsNotificationResource, isArray: true })
  data!: OpsNotificationResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
