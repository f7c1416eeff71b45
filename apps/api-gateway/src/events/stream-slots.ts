/**
 * How many event streams each merchant has open in this process, against a
 * cap: `take` answers a release function, or undefined when the merchant is at
 * the cap. Pure bookkeeping, so the cap is tested without sockets.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly maxPerMerchant: number) {}

  take(merchantId: string): (() => void) | undefined {
    const count = this.open.get(merchantId) ?? 0;
    if (count >= this.maxPerMerchant) return undefined;
    this.open.set(merchantId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(merchantId) ?? 1) - 1;
      if (left === 0) this.open.delete(merchantId);
      else this.open.set(merchantId, left);
    };
  }

  openFor(merchantId: string): number {
    return this.open.get(merchantId) ?? 0;
  }
}
