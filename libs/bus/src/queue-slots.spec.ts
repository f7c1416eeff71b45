import { QueueKeys } from 'bullmq';
import { BusQueue, queuesConsumedBy, ServiceName, ServiceQueue } from '@sdd/contracts';
import { keySlot } from '@sdd/common';

/** Every queue the system has: each service's requests and the services' own. */
const QUEUES = [...new Set([...Object.values(ServiceName).flatMap(queuesConsumedBy), ...Object.values(ServiceQueue)])];

/**
 * On a Redis Cluster each BullMQ script (add, take, finish, promote, the
 * stalled check) and our MULTI on a queue (the timeline backlog) touches the
 * keys of one queue only, and must find them in one slot: computed here with
 * the slot function ioredis routes by, on the keys BullMQ itself makes.
 */
describe('the bus and queues on a Redis Cluster', () => {
  it('keeps every key of one queue, its jobs included, in one slot', () => {
    const keys = new QueueKeys('t_any_prefix');
    for (const queue of QUEUES) {
      const all = [...Object.values(keys.getKeys(queue)), keys.toKey(queue, 'job-1'), keys.toKey(queue, 'job-1:logs'), keys.toKey(queue, 'repeat:abc')];
      expect(new Set(all.map(keySlot))).toEqual(new Set([keySlot(keys.getKeys(queue).wait)]));
    }
  });

  it('spreads the queues over slots, so over shards', () => {
    const keys = new QueueKeys('sdd');
    expect(new Set(QUEUES.map((queue) => keySlot(keys.getKeys(queue).wait))).size).toBe(QUEUES.length);
  });

  it('has the request queue of every service that answers one', () => {
    expect(QUEUES).toEqual(expect.arrayContaining([BusQueue.requests(ServiceName.Delivery), ServiceQueue.DeliveryTimeline, ServiceQueue.WebhookAttempts]));
  });
});
