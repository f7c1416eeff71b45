import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { RepeatingTask, RepeatingTaskOptions } from './repeating-task';
import { withReplicaLock } from './replica-lock';

export interface TaskSchedule extends RepeatingTaskOptions {
  /** What the logs call the work ("quote claim reconciliation"). */
  name: string;
  /** Usually from the app's configuration (an env variable), so tests and operators can change it. */
  intervalMs: number;
}

/**
 * What an app runs on its own, on every replica: a pass every interval from
 * the moment the app has started, and sooner when poked. Passes never
 * overlap, a failed one is logged and tried again (RepeatingTask), and the
 * pass under way finishes before the modules are torn down (OnModuleDestroy
 * comes before the database, the queues and the bus close). A subclass is a
 * provider named `<What>Task` in `<what>.task.ts`, listed in its app's
 * `tasks.module.ts` (docs/background-tasks.md); it gives its schedule to
 * `super` and writes `pass`.
 */
export abstract class BackgroundTask<T = void> implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly repeating: RepeatingTask<T>;

  protected constructor({ name, intervalMs, ...options }: TaskSchedule) {
    this.repeating = new RepeatingTask(name, intervalMs, () => this.pass(), this.logger, options);
  }

  /** One pass of the work; a throw is logged by the task and tried again. */
  protected abstract pass(): Promise<T>;

  onApplicationBootstrap(): void {
    this.repeating.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.repeating.stop();
  }

  /** A pass soon, for work just recorded (RepeatingTask.poke). */
  poke(): void {
    this.repeating.poke();
  }

  /** One pass now, or the one under way; undefined when it failed. */
  runNow(): Promise<T | undefined> {
    return this.repeating.runNow();
  }
}

export interface OneReplicaTaskSchedule extends TaskSchedule {
  dataSource: DataSource;
  /** The advisory lock's name; live across replicas and releases, so never renamed. */
  lock: string;
}

/**
 * Background work one replica at a time may do: each pass runs in a
 * transaction holding the advisory lock `lock` (withReplicaLock); a replica
 * that finds it taken skips the pass (undefined), never waits for it.
 */
export abstract class OneReplicaTask<T = void> extends BackgroundTask<T | undefined> {
  private readonly replicaLock: { dataSource: DataSource; lock: string };

  protected constructor({ dataSource, lock, ...schedule }: OneReplicaTaskSchedule) {
    super(schedule);
    this.replicaLock = { dataSource, lock };
  }

  /** The pass, holding the lock; `manager` is its transaction, which holds the lock until the pass returns. */
  protected abstract passHoldingLock(manager: EntityManager): Promise<T>;

  protected pass(): Promise<T | undefined> {
    return withReplicaLock(this.replicaLock.dataSource, this.replicaLock.lock, (manager) => this.passHoldingLock(manager));
  }
}
