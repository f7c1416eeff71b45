import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { BullBoardModule } from '@bull-board/nestjs';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { Queue } from 'bullmq';
import { createRedis, RedisConnection } from '@sdd/common';
import { queuesConsumedBy, ServiceName } from '@sdd/contracts';
import { GatewayConfig } from '../config';
import { QUEUE_BOARD_ROUTE } from './queue-board.guard';

const BOARD_QUEUES = Symbol('BOARD_QUEUES');

/** Bull Board over every queue of the system, at /ops/queues on the gateway's ops port (guarded by queueBoardHook, main.ts). */
@Module({})
export class QueueBoardModule implements OnApplicationShutdown {
  constructor(@Inject(BOARD_QUEUES) private readonly board: { queues: Queue[]; connection: RedisConnection }) {}

  static register(config: GatewayConfig): DynamicModule {
    const connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'queue-board' });
    const queues = Object.values(ServiceName)
      .flatMap(queuesConsumedBy)
      .map((name) => new Queue(name, { connection, prefix: config.BUS_PREFIX }));
    return {
      module: QueueBoardModule,
      imports: [
        BullBoardModule.forRoot({
          route: QUEUE_BOARD_ROUTE,
          adapter: FastifyAdapter,
          boardOptions: { uiConfig: { boardTitle: 'Same-day queues' } },
        }),
        BullBoardModule.forFeature(...queues.map((queue) => ({ queue, adapter: BullMQAdapter }))),
      ],
      providers: [{ provide: BOARD_QUEUES, useValue: { queues, connection } }],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.board.queues.map((queue) => queue.close()));
    // The queues share one connection they did not open: close it once they are done.
    this.board.connection.disconnect();
  }
}
