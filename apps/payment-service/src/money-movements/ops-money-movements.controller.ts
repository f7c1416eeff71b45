import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { ListOpsMoneyMovementsRequest, MoneyMovementRef, OpsMoneyMovementPage, OpsMoneyMovementRecord, Pattern } from '@sdd/contracts';
import { ListOpsMoneyMovementsHandler } from './list-ops-money-movements.handler';
import { RetryMoneyMovementHandler } from './retry-money-movement.handler';

/** The operators' view of money movements, across merchants. */
@Controller()
export class OpsMoneyMovementsController {
  constructor(
    private readonly listMovements: ListOpsMoneyMovementsHandler,
    private readonly retryMovement: RetryMoneyMovementHandler,
  ) {}

  @BusHandler(Pattern.ListOpsMoneyMovements)
  list(@Payload() request: ListOpsMoneyMovementsRequest): Promise<OpsMoneyMovementPage> {
    return this.listMovements.execute(request);
  }

  @BusHandler(Pattern.RetryMoneyMovement)
  retry(@Payload() request: MoneyMovementRef): Promise<OpsMoneyMovementRecord> {
    return this.retryMovement.execute(request);
  }
}
