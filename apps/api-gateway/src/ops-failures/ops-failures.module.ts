import { Module } from '@nestjs/common';
import { OpsTokenGuard } from '../auth/ops-token.guard';
import { OpsMoneyMovementsController } from './ops-money-movements.controller';
import { OpsNotificationsController } from './ops-notifications.controller';

/** `/v1/ops/money_movements` and `/v1/ops/notifications`: the work that failed, for operators to see and retry. */
@Module({ controllers: [OpsMoneyMovementsController, OpsNotificationsController], providers: [OpsTokenGuard] })
export class OpsFailuresModule {}
