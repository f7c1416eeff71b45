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
    const task = new RepeatingTask(
      'sweep',
      100,
      () => {
        passes.push(deferred<number>());
        return passes[passes.length - 1].promise;
      },
      logger,
    );
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
    const task = new RepeatingTask(
      'sweep',
      100,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return calls;
      },
      logger,
    );
    expect(await task.runNow()).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('sweep failed, will try again: database down');
    expect(await task.runNow()).toBe(2);
  });

  it('joins the pass under way instead of starting another', async () => {
    const pass = deferred<string>();
    let calls = 0;
    const task = new RepeatingTask(
      'sweep',
      100,
      () => {
        calls += 1;
        return pass.promise;
      },
      logger,
    );
    const first = task.runNow();
    const second = task.runNow();
    pass.resolve('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('stops its timer and waits for the pass under way', async () => {
    const pass = deferred<number>();
    let calls = 0;
    const task = new RepeatingTask(
      'sweep',
      100,
      () => {
        calls += 1;
        return pass.promise;
      },
      logger,
    );
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

  describe('when poked', () => {
    it('runs a pass at once when none runs, without waiting for the interval', async () => {
      let calls = 0;
      const task = new RepeatingTask('sweep', 10_000, async () => (calls += 1), logger);
      task.start();
      task.poke();
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      await task.stop();
    });

    it('follows the pass under way with one more, however often it was poked meanwhile', async () => {
      const passes: Array<ReturnType<typeof deferred<void>>> = [];
      const task = new RepeatingTask(
        'sweep',
        10_000,
        () => {
          passes.push(deferred<void>());
          return passes[passes.length - 1].promise;
        },
        logger,
      );
      task.poke();
      task.poke();
      task.poke();
      expect(passes).toHaveLength(1);
      passes[0].resolve();
      await jest.advanceTimersByTimeAsync(0);
      expect(passes).toHaveLength(2);
      passes[1].resolve();
      await jest.advanceTimersByTimeAsync(0);
      expect(passes).toHaveLength(2);
    });

    it('ignores pokes once stopped', async () => {
      let calls = 0;
      const task = new RepeatingTask('sweep', 100, async () => (calls += 1), logger);
      task.start();
      await task.stop();
      task.poke();
      await jest.advanceTimersByTimeAsync(500);
      expect(calls).toBe(0);
    });
  });

  describe('backing off', () => {
    it('rests after each failure in a row, doubling, neither the interval nor a poke running meanwhile', async () => {
      const passAt: number[] = [];
      let failing = true;
      const task = new RepeatingTask(
        'relay',
        100,
        async () => {
          passAt.push(Date.now());
          if (failing) throw new Error('subscriber down');
        },
        logger,
        { backoff: { firstMs: 250, maxMs: 1_000 } },
      );
      const start = Date.now();
      task.start();
      await jest.advanceTimersByTimeAsync(100);
      expect(warn).toHaveBeenLastCalledWith('relay failed (1 in a row), will try again in 250 ms: subscriber down');
      task.poke();
      await jest.advanceTimersByTimeAsync(300);
      // Failed at 100, rested until 350: the ticks at 200 and 300 and the poke did nothing.
      expect(passAt.map((at) => at - start)).toEqual([100, 400]);
      expect(warn).toHaveBeenLastCalledWith('relay failed (2 in a row), will try again in 500 ms: subscriber down');
      failing = false;
      await jest.advanceTimersByTimeAsync(500);
      expect(passAt.map((at) => at - start)).toEqual([100, 400, 900]);
      await jest.advanceTimersByTimeAsync(100);
      expect(passAt.map((at) => at - start)).toEqual([100, 400, 900, 1000]);
      await task.stop();
    });

    it('starts the rest from its first length again after a pass that succeeded', async () => {
      const outcomes = [false, true, false];
      const task = new RepeatingTask(
        'relay',
        100,
        async () => {
          if (!outcomes.shift()) throw new Error('down');
        },
        logger,
        { backoff: { firstMs: 100, maxMs: 1_000 } },
      );
      await task.runNow();
      await task.runNow();
      await task.runNow();
      expect(warn.mock.calls.map(([line]) => line)).toEqual([
        'relay failed (1 in a row), will try again in 100 ms: down',
        'relay failed (1 in a row), will try again in 100 ms: down',
      ]);
    });
  });
});
