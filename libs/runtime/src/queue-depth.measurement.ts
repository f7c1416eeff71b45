import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import { BaseConfig, measureOnScrape, Metrics, RedisConnection } from '@sdd/common';
import { queuesConsumedBy, ServiceName } from '@sdd/contracts';
import { APP_CONFIG, REDIS, SERVICE_NAME } from './tokens';

const STATES = ['wait', 'active', 'delayed', 'failed', 'prioritized'] as const;

/** The depth of every queue this app consumes, by state, at each scrape: what KEDA scales on, seen from Prometheus. */
@Injectable()
export class QueueDepthMeasurement implements OnModuleInit, OnApplicationShutdown {
  private readonly queues: Queue[];
  private stop: () => void = () => undefined;

  constructor(@Inject(REDIS) redis: RedisConnection, @Inject(APP_CONFIG) config: BaseConfig, @Inject(SERVICE_NAME) service: ServiceName) {
    this.queues = queuesConsumedBy(service).map((name) => new Queue(name, { connection: redis, prefix: config.BUS_PREFIX }));
  }

  onModuleInit(): void {
    if (this.queues.length > 0) this.stop = measureOnScrape(() => this.measure());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stop();
    await Promise.all(this.queues.map((queue) => queue.close()));
  }

  private async measure(): Promise<void> {
    await Promise.all(
      this.queues.map(async (queue) => {
        const counts = await queue.getJobCounts(...STATES);
        for (const state of STATES) Metrics.queueJobs.set({ queue: queue.name, state: state === 'wait' ? 'waiting' : state }, counts[state] ?? 0);
      }),
    );
  }
}
