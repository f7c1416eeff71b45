import { Redis } from 'ioredis';
import { scrapeMetrics } from '@sdd/common';
import { metricValue, testEnv, uniquePrefix } from '@sdd/testing';
import { DeliveryServiceConfig } from '../src/config';
import { TimelineQueue } from '../src/deliveries/timeline.queue';

/**
 * The timeline's sorted set on real Redis: due steps are handed out once
 * while leased, again when a lease runs out (their runner died), never
 * before they are due; a step that ran is gone; scheduling twice keeps the
 * first time; its backlog (due, scheduled, the oldest due step's wait) is
 * what the metrics report.
 */
describe('timeline steps (real Redis)', () => {
  const { redisUrl } = testEnv();
  const prefix = uniquePrefix('timelinesteps');
  let timeline: TimelineQueue;
  let redis: Redis;

  beforeAll(() => {
    timeline = new TimelineQueue({ REDIS_URL: redisUrl, BUS_PREFIX: prefix, TIMELINE_SPEED: 1000 } as DeliveryServiceConfig);
    redis = new Redis(redisUrl);
  });

  afterAll(async () => {
    await redis.del(timeline.key);
    await redis.quit();
    await timeline.onApplicationShutdown();
  });

  it('hands a due step out once while leased, again after its lease, and not after it ran', async () => {
    const start = new Date(Date.now() - 1_000);
    await timeline.schedule('del_test_lease', start, new Date());
    const now = Date.now();
    const first = await timeline.claimDue(now, 10, 300);
    // All due at once (a start in the past): handed out together, their order left to the transitions' catching up.
    expect(first.steps.map((step) => step.status).sort()).toEqual(['delivered', 'driver_assigned', 'in_transit', 'pending', 'picked_up']);
    expect(first.steps.every((step) => step.deliveryId === 'del_test_lease' && step.dueAt <= now)).toBe(true);
    const leased = await timeline.claimDue(Date.now(), 10, 300);
    expect(leased.steps).toEqual([]);
    expect(leased.nextDueAt).toBe(now + 300);
    const ran = first.steps.find((step) => step.status === 'pending');
    await timeline.done(ran?.member ?? '');
    const again = await timeline.claimDue(now + 301, 10, 300);
    expect(again.steps.map((step) => step.status).sort()).toEqual(['delivered', 'driver_assigned', 'in_transit', 'picked_up']);
    expect(again.steps[0].dueAt).toBe(now + 300);
    for (const step of again.steps) await timeline.done(step.member);
    expect(await redis.zcard(timeline.key)).toBe(0);
  });

  it('hands out a step only once it is due, in due order, up to the limit', async () => {
    const now = new Date();
    await timeline.schedule('del_test_later', now, now);
    expect((await timeline.claimDue(now.getTime() + 9, 10, 1_000)).steps).toEqual([]);
    const due = await timeline.claimDue(now.getTime() + 30, 2, 1_000);
    expect(due.steps.map((step) => [step.status, step.dueAt])).toEqual([
      ['pending', now.getTime() + 10],
      ['driver_assigned', now.getTime() + 15],
    ]);
    expect(due.nextDueAt).toBe(now.getTime() + 30);
    await redis.del(timeline.key);
  });

  it('keeps the first time of a step scheduled twice (a reschedule of a step still waiting)', async () => {
    const now = new Date();
    await timeline.schedule('del_test_twice', now, now);
    await timeline.reschedule('del_test_twice', new Date(now.getTime() + 60_000), now, 'created');
    expect(await redis.zscore(timeline.key, 'del_test_twice|pending')).toBe(String(now.getTime() + 10));
    expect(await redis.zcard(timeline.key)).toBe(5);
    await redis.del(timeline.key);
  });

  it('reports its backlog: steps due and not, a leased step as not due, and how long the oldest due one has waited', async () => {
    const now = new Date();
    await timeline.schedule('del_test_backlog', now, now);
    const scores = (await redis.zrange(timeline.key, 0, -1, 'WITHSCORES')).filter((_, i) => i % 2 === 1).map(Number);
    expect(scores).toHaveLength(5);
    const second = scores[1];
    expect(await timeline.backlog(now.getTime())).toEqual({ due: 0, scheduled: 5, oldestDueAgeMs: 0 });
    expect(await timeline.backlog(second + 7)).toEqual({ due: 2, scheduled: 3, oldestDueAgeMs: second + 7 - scores[0] });
    await timeline.claimDue(scores[0], 1, 60_000);
    expect(await timeline.backlog(second + 7)).toEqual({ due: 1, scheduled: 4, oldestDueAgeMs: 7 });
    await redis.del(timeline.key);
  });

  it('exposes the backlog at each metrics scrape', async () => {
    const started = Date.now();
    await timeline.schedule('del_test_scraped', new Date(started - 1_000), new Date(started));
    timeline.onApplicationBootstrap();
    const text = await scrapeMetrics();
    expect(metricValue(text, 'sdd_timeline_steps', { state: 'due' })).toBe(5);
    expect(metricValue(text, 'sdd_timeline_steps', { state: 'scheduled' })).toBe(0);
    const age = metricValue(text, 'sdd_timeline_oldest_due_age_seconds') ?? -1;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual((Date.now() - started) / 1000);
    await redis.del(timeline.key);
  });
});
