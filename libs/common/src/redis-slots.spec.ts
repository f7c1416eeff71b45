import { Cluster, Redis } from 'ioredis';
import { groupBySlotOwner, keySlot, pipelineGroups } from './redis-slots';

describe('keySlot', () => {
  it('is the slot Redis gives a key (values from the Redis Cluster specification)', () => {
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('123456789')).toBe(0x31c3 & 0x3fff);
  });

  it('hashes only the hash tag when a key has one', () => {
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('sdd:{delivery-service.requests}:wait')).toBe(keySlot('delivery-service.requests'));
  });
});

describe('groupBySlotOwner', () => {
  const keys = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('puts the keys of one node together, in their order', () => {
    const owner = (slot: number) => (slot < 8192 ? 'node-1' : 'node-2');
    const groups = groupBySlotOwner(keys, (key) => key, owner);
    expect(groups.flat().sort()).toEqual(keys);
    for (const group of groups) expect(new Set(group.map((key) => owner(keySlot(key)))).size).toBe(1);
    expect(groups).toHaveLength(new Set(keys.map((key) => owner(keySlot(key)))).size);
  });

  it('sends each slot alone while its node is unknown', () => {
    const groups = groupBySlotOwner(
      ['x', '{x}y', 'z'],
      (key) => key,
      () => undefined,
    );
    expect(groups).toEqual([['x', '{x}y'], ['z']]);
  });
});

describe('pipelineGroups', () => {
  it('keeps everything in one pipeline on a single server', () => {
    const server = new Redis({ lazyConnect: true });
    expect(pipelineGroups(server, ['a', 'b', 'c'], (key) => key)).toEqual([['a', 'b', 'c']]);
    server.disconnect();
  });

  it('makes one pipeline per node on a Cluster, by the slots it knows', () => {
    const cluster = new Cluster([{ host: '127.0.0.1', port: 7000 }], { lazyConnect: true });
    const keys = ['sdd:ratelimit:key_a:60', 'sdd:ratelimit:key_b:60', 'sdd:ratelimit:ip:10.0.0.1:60', 'sdd:ratelimit:ip:10.0.0.2:60'];
    for (let slot = 0; slot < 16384; slot += 1) cluster.slots[slot] = slot < 8192 ? ['127.0.0.1:7000', '127.0.0.1:7002'] : ['127.0.0.1:7001', '127.0.0.1:7003'];
    const groups = pipelineGroups(cluster, keys, (key) => key);
    expect(groups.flat().sort()).toEqual([...keys].sort());
    for (const group of groups) expect(new Set(group.map((key) => keySlot(key) < 8192))).toHaveProperty('size', 1);
    expect(groups).toHaveLength(new Set(keys.map((key) => keySlot(key) < 8192)).size);
    cluster.disconnect();
  });
});
