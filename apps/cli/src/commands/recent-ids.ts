/**
 * The ids a tail has printed, the newest `capacity` of them: a page read again
 * prints only what is new, in any order the rows were written.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** True the first time `id` is seen. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }
}
