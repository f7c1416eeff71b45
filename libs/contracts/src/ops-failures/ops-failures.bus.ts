import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import type { PayoutStatus } from '../payments/payments';
import { ServiceName } from '../services';
import {
  MONEY_MOVEMENT_STATUSES,
  NOTIFICATION_STATUSES,
  NotificationStatus,
  OpsMoneyMovementPage,
  OpsMoneyMovementRecord,
  OpsNotificationPage,
  OpsNotificationRecord,
} from './ops-failures';

/** An operator's page, across merchants and modes: the gateway has already applied the default and the bounds. */
export class OpsPageMessage {
  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;

  @IsOptional()
  @IsString()
  cursor?: string;
}

export class ListOpsMoneyMovementsRequest extends OpsPageMessage {
  @IsOptional()
  @IsIn(MONEY_MOVEMENT_STATUSES)
  status?: PayoutStatus;
}

/** The id comes from the operator's URL: an unknown one is not found, whatever its shape. */
export class MoneyMovementRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  movementId!: string;
}

export class ListOpsNotificationsRequest extends OpsPageMessage {
  @IsOptional()
  @IsIn(NOTIFICATION_STATUSES)
  status?: NotificationStatus;
}

export class NotificationRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  notificationId!: string;
}

/** Operators' view of the work that failed: money movements (payment-service) and recipient emails (delivery-service). */
export const OPS_FAILURE_PATTERNS = {
  ListOpsMoneyMovements: busPattern({
    name: 'payment.ops_list_money_movements',
    owner: ServiceName.Payment,
    message: ListOpsMoneyMovementsRequest,
    reply: replyOf<OpsMoneyMovementPage>(),
  }),
  RetryMoneyMovement: busPattern({ name: 'payment.retry_money_movement', owner: ServiceName.Payment, message: MoneyMovementRef, reply: replyOf<OpsMoneyMovementRecord>() }),
  ListOpsNotifications: busPattern({
    name: 'delivery.ops_list_notifications',
    owner: ServiceName.Delivery,
    message: ListOpsNotificationsRequest,
    reply: replyOf<OpsNotificationPage>(),
  }),
  RetryNotification: busPattern({ name: 'delivery.retry_notification', owner: ServiceName.Delivery, message: NotificationRef, reply: replyOf<OpsNotificationRecord>() }),
};
