import { IsInt, Min } from 'class-validator';
import { CountRecentDeliveriesRequest, MerchantAccountRequest } from '../accounts';
import { ScopedMessage } from './scope.messages';

export class MerchantAccountMessage extends ScopedMessage implements MerchantAccountRequest {}

export class CountRecentDeliveriesMessage extends ScopedMessage implements CountRecentDeliveriesRequest {
  @IsInt()
  @Min(0)
  since!: number;
}
