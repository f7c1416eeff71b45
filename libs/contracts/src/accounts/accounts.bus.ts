import { IsInt, Min } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import { MerchantAccountRecord } from './accounts';

export class MerchantAccountRequest extends ScopedMessage {}

export class CountRecentDeliveriesRequest extends ScopedMessage {
  /** Epoch ms: count deliveries created since then. */
  @IsInt()
  @Min(0)
  since!: number;
}

export const ACCOUNT_PATTERNS = {
  GetMerchantAccount: busPattern({ name: 'payment.get_merchant_account', owner: ServiceName.Payment, message: MerchantAccountRequest, reply: replyOf<MerchantAccountRecord>() }),
  CountRecentDeliveries: busPattern({ name: 'delivery.count_recent', owner: ServiceName.Delivery, message: CountRecentDeliveriesRequest, reply: replyOf<number>() }),
};
