/** DI token of the replica's one AttemptSlots. */
export const ATTEMPT_SLOTS = Symbol('ATTEMPT_SLOTS');

/** A slot's release: call it once when the attempt that held the slot is over. */
export type Release = () => void;

/** A place in the line for a slot: granted in order of asking, or withdrawn before it is. */
export interface SlotTicket {
  readonly granted: Promise<Release>;
  /** Leaves the line; false when the slot was already granted (then it must be released). */
  cancel(): boolean;
}

/**
 * Webhook requests in flight at once in one replica (WEBHOOK_CONCURRENCY),
 * shared by the attempts the replica starts itself and those its queue
 * worker runs, so neither can crowd out the sockets and the memory of the other.
 */
export class AttemptSlots {
  private used = 0;
  private readonly line: Array<{ grant: (release: Release) => void }> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  }

  /** Attempts holding a slot now. */
  get inUse(): number {
    return this.used;
  }

  acquire(): SlotTicket {
    let entry!: { grant: (release: Release) => void };
    const granted = new Promise<Release>((resolve) => (entry = { grant: resolve }));
    if (this.used < this.size) {
      this.used += 1;
      entry.grant(this.releaser());
      return { granted, cancel: () => false };
    }
    this.line.push(entry);
    return {
      granted,
      cancel: () => {
        const at = this.line.indexOf(entry);
        if (at < 0) return false;
        this.line.splice(at, 1);
        return true;
      },
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire().granted;
    try {
      return await task();
    } finally {
      release();
    }
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.line.shift();
      // The slot passes straight to the next in line, so `used` stays as it is.
      if (next) next.grant(this.releaser());
      else this.used -= 1;
    };
  }
}
