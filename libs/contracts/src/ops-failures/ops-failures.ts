import type { DeliveryStatus } from '../deliveries/deliveries';
import { PAYOUT_STATUSES, PayoutStatus, RefundReason } from '../payments/payments';
import type { Mode } from '../scope/scope';

/** What a money movement is: a delivery's developer_net to the merchant, or money back to the customer. */
export const MONEY_MOVEMENT_KINDS = ['transfer', 'refund'] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];

/** A money movement's own status, a payout's (a refund shows `paid` as `succeeded` to merchants; operators see the movement's). */
export const MONEY_MOVEMENT_STATUSES = PAYOUT_STATUSES;

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** A transfer or refund as an operator sees it, across merchants. */
export interface OpsMoneyMovementRecord {
  id: string;
  merchantId: string;
  mode: Mode;
  kind: MoneyMovementKind;
  amount: number;
  currency: string;
  status: PayoutStatus;
  /** Why a refund is made; null for a transfer. */
  reason: RefundReason | null;
  /** Null for the refund of a checkout no delivery used. */
  deliveryId: string | null;
  checkoutId: string;
  /** The processor's transfer or refund, once made. */
  processorId: string | null;
  attempts: number;
  /** How often an operator put it back to be tried again. */
  retries: number;
  /** The processor's last refusal, secrets and card numbers redacted. */
  lastError: string | null;
  failedAt: string | null;
  createdAt: string;
}

export interface OpsMoneyMovementPage {
  data: OpsMoneyMovementRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** A recipient's email as an operator sees it: the address masked, nothing else of the recipient. */
export interface OpsNotificationRecord {
  id: string;
  deliveryId: string;
  merchantId: string;
  mode: Mode;
  /** The delivery status the email tells the recipient of. */
  step: DeliveryStatus;
  /** `a***@example.com`. */
  recipient: string;
  status: NotificationStatus;
  attempts: number;
  retries: number;
  /** The mail server's last refusal, email addresses masked. */
  lastError: string | null;
  failedAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface OpsNotificationPage {
  data: OpsNotificationRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}
