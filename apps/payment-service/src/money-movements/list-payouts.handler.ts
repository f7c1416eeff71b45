import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListPayoutsRequest, PayoutRecord, PayoutRecordPage } from '@sdd/contracts';
import { MoneyMovementEntity } from './money-movement.entity';
import { pageOfMovements } from './money-movement-page';

/** GET /v1/payouts: the transfers of the merchant's deliveries in this mode, newest first, keyset-paginated. */
@Injectable()
export class ListPayoutsHandler {
  constructor(@InjectRepository(MoneyMovementEntity) private readonly movements: Repository<MoneyMovementEntity>) {}

  async execute({ scope, limit, cursor }: ListPayoutsRequest): Promise<PayoutRecordPage> {
    return pageOfMovements(this.movements, { kind: 'transfer', scope, limit, cursor, cursorPrefix: 'po', present: toPayoutRecord });
  }
}

function toPayoutRecord(movement: MoneyMovementEntity): PayoutRecord {
  return {
    id: movement.id,
    // Transfers are always a delivery's; only a checkout's refund has none.
    deliveryId: movement.deliveryId as string,
    checkoutId: movement.checkoutId,
    amount: movement.amount,
    currency: movement.currency,
    status: movement.status,
    transferId: movement.processorId,
    createdAt: movement.createdAt.toISOString(),
  };
}
