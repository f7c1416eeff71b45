import { DataSource, EntityManager } from 'typeorm';
import { BackgroundTask, OneReplicaTask } from './background-task';

class CountingTask extends BackgroundTask<number> {
  calls = 0;

  constructor() {
    super({ name: 'counting', intervalMs: 100 });
  }

  protected async pass(): Promise<number> {
    this.calls += 1;
    return this.calls;
  }
}

class LockedTask extends OneReplicaTask<string> {
  constructor(dataSource: DataSource) {
    super({ name: 'locked', intervalMs: 100, dataSource, lock: 'locked:public' });
  }

  protected async passHoldingLock(manager: EntityManager): Promise<string> {
    return manager === lockedManager ? 'ran holding the lock' : 'ran without it';
  }
}

const lockedManager = {} as EntityManager;

/** A DataSource whose advisory lock is free (`locked`) or held by another replica. */
function dataSourceWithLock(locked: boolean): { dataSource: DataSource; locks: unknown[] } {
  const locks: unknown[] = [];
  const manager = Object.assign(lockedManager, {
    query: async (_sql: string, parameters: unknown[]) => {
      locks.push(parameters[0]);
      return [{ locked }];
    },
  });
  const dataSource = { transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager) } as unknown as DataSource;
  return { dataSource, locks };
}

describe('BackgroundTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs its pass every interval from bootstrap until the module is destroyed', async () => {
    const task = new CountingTask();
    await jest.advanceTimersByTimeAsync(500);
    expect(task.calls).toBe(0);
    task.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(250);
    expect(task.calls).toBe(2);
    await task.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(500);
    expect(task.calls).toBe(2);
  });

  it('runs a pass soon when poked', async () => {
    const task = new CountingTask();
    task.onApplicationBootstrap();
    task.poke();
    await jest.advanceTimersByTimeAsync(0);
    expect(task.calls).toBe(1);
    await task.onModuleDestroy();
  });
});

describe('OneReplicaTask', () => {
  it('runs its pass in the transaction holding the lock', async () => {
    const { dataSource, locks } = dataSourceWithLock(true);
    expect(await new LockedTask(dataSource).runNow()).toBe('ran holding the lock');
    expect(locks).toEqual(['locked:public']);
  });

  it('skips the pass when another replica holds the lock', async () => {
    const { dataSource } = dataSourceWithLock(false);
    expect(await new LockedTask(dataSource).runNow()).toBeUndefined();
  });
});
