import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType, MoneyMovementRef, OpsMoneyMovementRecord, operatorRetryOutcome } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { MoneyMovementEntity } from './money-movement.entity';
import { toOpsMoneyMovementRecord } from './ops-money-movement.record';

/**
 * POST /v1/ops/money_movements/{id}/retry: a failed movement goes back to be
 * made at MoneyMovementTask's next pass, in a new round (a processor key of its
 * own); sent again before that pass, it changes nothing.
 */
@Injectable()
export class RetryMoneyMovementHandler {
  constructor(
    @InjectRepository(MoneyMovementEntity) private readonly movements: Repository<MoneyMovementEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ movementId }: MoneyMovementRef): Promise<OpsMoneyMovementRecord> {
    const movement = await this.find(movementId);
    const outcome = operatorRetryOutcome(movement);
    if (outcome === 'not_failed') {
      throw new AppError(409, ErrorType.InvalidRequest, 'money_movement_not_failed', `This money movement is ${movement.status}: only a failed one can be retried.`);
    }
    if (outcome === 'requeue') {
      const now = this.clock.now();
      // Only from failed: of two retries at once, one starts the round and the other finds it started.
      await this.movements
        .createQueryBuilder()
        .update()
        .set({ status: 'pending', retries: () => 'retries + 1', failedAt: null, nextAttemptAt: now, updatedAt: now })
        .where(`id = :id AND status = 'failed'`, { id: movementId })
        .execute();
    }
    return toOpsMoneyMovementRecord(await this.find(movementId));
  }

  private async find(id: string): Promise<MoneyMovementEntity> {
    const movement = await this.movements.findOneBy({ id });
    if (!movement) throw AppError.notFound(`No such money movement: '${id}'.`, 'id');
    return movement;
  }
}
