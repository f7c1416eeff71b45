/** The part of `cluster-key-slot` (1.x, ioredis's own slot function, untyped) that we call. */
declare module 'cluster-key-slot' {
  /** The Redis Cluster slot (0–16383) of a key: CRC16 of its hash tag, or of the whole key without one. */
  function calculateSlot(key: string): number;
  namespace calculateSlot {
    /** The slot all of `keys` share, or -1 when they do not share one. */
    function generateMulti(keys: string[]): number;
  }
  export = calculateSlot;
}
