/**
 * Turns many concurrent single-item calls into few batched ones: while a
 * batch is running, new items wait and go together in the next. Idle, an item
 * goes at once (on the next tick); under load, batches grow by themselves, so
 * the number of database round trips stops growing with the request rate.
 */
export class Batcher<I, R> {
  private waiting: Array<{ item: I; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  private running = 0;
  private scheduled = false;

  constructor(
    /** Answers the items in order: one result per item. */
    private readonly run: (items: I[]) => Promise<R[]>,
    private readonly options: { maxSize: number; maxConcurrent: number },
  ) {
    if (options.maxSize < 1 || options.maxConcurrent < 1) throw new RangeError('maxSize and maxConcurrent must be at least 1');
  }

  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.maxConcurrent || this.waiting.length === 0) return;
    this.scheduled = true;
    // One tick lets the calls made in the same turn of the event loop join the batch.
    process.nextTick(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.running >= this.options.maxConcurrent || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.options.maxSize);
    this.running += 1;
    this.run(batch.map((entry) => entry.item))
      .then((results) => {
        if (results.length !== batch.length) throw new Error(`batch answered ${results.length} results for ${batch.length} items`);
        batch.forEach((entry, i) => entry.resolve(results[i]));
      })
      .catch((error: unknown) => batch.forEach((entry) => entry.reject(error)))
      .finally(() => {
        this.running -= 1;
        this.schedule();
      });
    this.schedule();
  }
}
