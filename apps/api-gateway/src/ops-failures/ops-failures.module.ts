import { Module } from '@nestjs/common';
import { OpsSessionsModule } from '../ops-sessions/ops-sessions.module';
import { OpsMoneyMovementsController } from './ops-money-movements.controller';
import { OpsNotificationsController } from './ops-notifications.controller';

/** `/v1/ops/money_movements` and `/v1/ops/notifications`: the work that failed, for operators to see and retry (with the token, or the console's session). */
@Module({ imports: [OpsSessionsModule], controllers: [OpsMoneyMovementsController, OpsNotificationsController] })
export class OpsFailuresModule {}
