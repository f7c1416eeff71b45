/** How a Batcher forms its batches. */
export interface BatcherOptions {
  maxSize: number;
  maxConcurrent: number;
  /**
   * How long the first item of a batch waits for others to join it (0: the
   * next tick). For a caller that gains from each item it merges, not only
   * from fewer round trips, at the price of that much latency.
   */
  lingerMs?: number;
}

/**
 * Turns many concurrent single-item calls into few batched ones: while a
 * batch is running, new items wait and go together in the next. Idle, an item
 * goes at once (on the next tick, or after `lingerMs`); under load, batches
 * grow by themselves, so the number of database round trips stops growing
 * with the request rate.
 */
export class Batcher<I, R> {
  private waiting: Array<{ item: I; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  private running = 0;
  private scheduled = false;
  /** A lingering batch's timer: a batch that fills up goes without waiting for it. */
  private lingering: NodeJS.Timeout | undefined;
  /** When the oldest waiting item came (lingerMs counts from it). */
  private firstWaitingAt = 0;

  constructor(
    /** Answers the items in order: one result per item. */
    private readonly run: (items: I[]) => Promise<R[]>,
    private readonly options: BatcherOptions,
  ) {
    if (options.maxSize < 1 || options.maxConcurrent < 1) throw new RangeError('maxSize and maxConcurrent must be at least 1');
    if (options.lingerMs !== undefined && !(options.lingerMs >= 0)) throw new RangeError('lingerMs must be at least 0');
  }

  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.waiting.length === 0) this.firstWaitingAt = Date.now();
      this.waiting.push({ item, resolve, reject });
      if (this.lingering && this.waiting.length >= this.options.maxSize) {
        clearTimeout(this.lingering);
        this.lingering = undefined;
        this.scheduled = false;
      }
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.maxConcurrent || this.waiting.length === 0) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.lingering = undefined;
      this.flush();
    };
    const lingerLeft = (this.options.lingerMs ?? 0) - (Date.now() - this.firstWaitingAt);
    // A full batch goes at once; otherwise one tick lets the calls made in the same turn of the event loop join it.
    if (lingerLeft > 0 && this.waiting.length < this.options.maxSize) this.lingering = setTimeout(go, lingerLeft);
    else process.nextTick(go);
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
