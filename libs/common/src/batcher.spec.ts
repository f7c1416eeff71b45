import { Batcher } from './batcher';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends calls made together as one batch and answers each in order', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((item) => item * 10);
      },
      { maxSize: 100, maxConcurrent: 1 },
    );
    await expect(Promise.all([1, 2, 3].map((n) => batcher.add(n)))).resolves.toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('collects what arrives while a batch runs into the next one, up to maxSize', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate;
        return items;
      },
      { maxSize: 3, maxConcurrent: 1 },
    );
    const first = batcher.add(0);
    await tick();
    const rest = [1, 2, 3, 4, 5].map((n) => batcher.add(n));
    await tick();
    expect(batches).toEqual([[0]]);
    release();
    await expect(Promise.all([first, ...rest])).resolves.toEqual([0, 1, 2, 3, 4, 5]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it('runs up to maxConcurrent batches at once', async () => {
    let running = 0;
    let most = 0;
    const batcher = new Batcher<number, number>(
      async (items) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items;
      },
      { maxSize: 1, maxConcurrent: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(most).toBe(2);
  });

  it('rejects every call of a failed batch, and carries on with the next', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return items;
      },
      { maxSize: 10, maxConcurrent: 1 },
    );
    const failed = [1, 2].map((n) => batcher.add(n));
    await expect(Promise.all(failed.map((p) => p.catch((error: Error) => error.message)))).resolves.toEqual(['database down', 'database down']);
    await expect(batcher.add(3)).resolves.toBe(3);
  });

  it('rejects when the batch answers the wrong number of results', async () => {
    const batcher = new Batcher<number, number>(async () => [1], { maxSize: 10, maxConcurrent: 1 });
    await expect(Promise.all([batcher.add(1), batcher.add(2)])).rejects.toThrow('batch answered 1 results for 2 items');
  });

  it('holds the first item lingerMs for later ones to join its batch', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      { maxSize: 10, maxConcurrent: 1, lingerMs: 40 },
    );
    const first = batcher.add(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toEqual([]);
    const second = batcher.add(2);
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('sends a lingering batch at once when it fills up', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      { maxSize: 2, maxConcurrent: 1, lingerMs: 60_000 },
    );
    const started = Date.now();
    await expect(Promise.all([batcher.add(1), batcher.add(2)])).resolves.toEqual([1, 2]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(batches).toEqual([[1, 2]]);
  });

  it('refuses nonsense limits', () => {
    expect(() => new Batcher(async (items: number[]) => items, { maxSize: 0, maxConcurrent: 1 })).toThrow(RangeError);
    expect(() => new Batcher(async (items: number[]) => items, { maxSize: 1, maxConcurrent: 1, lingerMs: -1 })).toThrow(RangeError);
  });
});
