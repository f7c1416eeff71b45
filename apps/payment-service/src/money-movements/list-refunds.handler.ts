import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListRefundsRequest, RefundRecordPage } from '@sdd/contracts';
import { MoneyMovementEntity } from './money-movement.entity';
import { pageOfMovements } from './money-movement-page';
import { toRefundRecord } from './refund.record';

/** GET /v1/refunds: the refunds of the merchant's deliveries and checkouts in this mode, newest first, keyset-paginated like payouts. */
@Injectable()
export class ListRefundsHandler {
  constructor(@InjectRepository(MoneyMovementEntity) private readonly movements: Repository<MoneyMovementEntity>) {}

  async execute({ scope, limit, cursor }: ListRefundsRequest): Promise<RefundRecordPage> {
    return pageOfMovements(this.movements, { kind: 'refund', scope, limit, cursor, cursorPrefix: 'rf', present: toRefundRecord });
  }
}
