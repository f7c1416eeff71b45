import { BusQueue, ServiceQueue } from './queues';
import { ServiceName } from './services';

/** The part of a key Redis Cluster hashes: between the first `{` and the next `}`, when not empty. */
function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  return open >= 0 && close > open + 1 ? key.slice(open + 1, close) : key;
}

const queues = [...Object.values(ServiceName).map((service) => BusQueue.requests(service)), ...Object.values(ServiceQueue)];

describe('queue names on Redis Cluster', () => {
  it('put every key of one queue in one slot, whatever the prefix', () => {
    for (const queue of queues) {
      const keys = ['wait', 'active', 'delayed', 'prioritized', 'meta', 'events', 'id', '1234'].map((suffix) => `sdd:${queue}:${suffix}`);
      expect(new Set(keys.map(hashTagOf))).toEqual(new Set([queue.slice(1, -1)]));
    }
  });

  it('give different queues different tags, so they can spread over shards', () => {
    expect(new Set(queues.map((queue) => hashTagOf(`sdd:${queue}:wait`))).size).toBe(queues.length);
  });

  it('contain no colon (BullMQ refuses one)', () => {
    for (const queue of queues) expect(queue).not.toContain(':');
  });
});
