import calculateSlot from 'cluster-key-slot';
import { Cluster } from 'ioredis';
import { groupBy } from './group-by';
import type { RedisConnection } from './redis-client';

/** The Redis Cluster slot of `key`, as ioredis computes it to route a command. */
export function keySlot(key: string): number {
  return calculateSlot(key);
}

/**
 * `items` split so that the keys of each part are served by one node, as a
 * Cluster needs of a pipeline (it sends a pipeline to one node only):
 * `ownerOf(slot)` names the node of a slot, undefined while unknown (each
 * slot then goes on its own). Items keep their order within a part.
 */
export function groupBySlotOwner<T>(items: readonly T[], keyOf: (item: T) => string, ownerOf: (slot: number) => string | undefined): T[][] {
  return [
    ...groupBy(items, (item) => {
      const slot = keySlot(keyOf(item));
      return ownerOf(slot) ?? `slot ${slot}`;
    }).values(),
  ];
}

/** `items` in as few pipelines as `connection` can take: one on a single server, one per node on a Cluster. */
export function pipelineGroups<T>(connection: RedisConnection, items: readonly T[], keyOf: (item: T) => string): T[][] {
  if (!(connection instanceof Cluster)) return [[...items]];
  const { slots } = connection;
  return groupBySlotOwner(items, keyOf, (slot) => slots[slot]?.join(','));
}
