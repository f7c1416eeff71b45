import { Logger } from '@nestjs/common';
import { RepeatingTask } from './repeating-task';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('RepeatingTask', () => {
  const logger = new Logger('test');
  let warn: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    warn.mockRestore();
  });

  it('runs a pass every interval, never two at once', async () => {
    const passes: Array<ReturnType<typeof deferred<number>>> = [];
    const task = new RepeatingTask('sweep', 100, () => {
      passes.push(deferred<number>());
      return passes[passes.length - 1].promise;
    }, logger);
    task.start();
    task.start();
    await jest.advanceTimersByTimeAsync(350);
    expect(passes).toHaveLength(1);
    passes[0].resolve(3);
    await jest.advanceTimersByTimeAsync(100);
    expect(passes).toHaveLength(2);
    passes[1].resolve(0);
    await task.stop();
  });

  it('logs a failed pass and tries again at the next interval', async () => {
    let calls = 0;
    const task = new RepeatingTask('sweep', 100, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return calls;
    }, logger);
    expect(await task.runNow()).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('sweep failed, will try again: database down');
    expect(await task.runNow()).toBe(2);
  });

  it('joins the pass under way instead of starting another', async () => {
    const pass = deferred<string>();
    let calls = 0;
    const task = new RepeatingTask('sweep', 100, () => {
      calls += 1;
      return pass.promise;
    }, logger);
    const first = task.runNow();
    const second = task.runNow();
    pass.resolve('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('stops its timer and waits for the pass under way', async () => {
    const pass = deferred<number>();
    let calls = 0;
    const task = new RepeatingTask('sweep', 100, () => {
      calls += 1;
      return pass.promise;
    }, logger);
    task.start();
    await jest.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(500);
    expect(stopped).toBe(false);
    pass.resolve(1);
    await stopping;
    expect(stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(500);
    expect(calls).toBe(1);
  });
});
