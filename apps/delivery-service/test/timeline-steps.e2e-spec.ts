import { Redis } from 'ioredis';
import { scrapeMetrics } from '@sdd/common';
import { metricValue, testEnv, uniquePrefix } from '@sdd/testing';
import { DeliveryServiceConfig } from '../src/config';
import { TestTimelineQueue } from '../src/timeline/test-timeline.queue';

/**
 * The timeline's delayed jobs on real Redis: a delivery's job, named by the
 * delivery and its next step, due at that step, holds every step ahead with
 * its time; scheduling a step twice keeps the first job; its backlog (due, scheduled, the oldest due step's wait) is
 * what the metrics report, a due job no worker has taken counting as due.
 */
describe('timeline steps (real Redis)', () => {
  const { redisUrl } = testEnv();
  const prefix = uniquePrefix('timelinesteps');
  let timeline: TestTimelineQueue;
  let redis: Redis;

  // At speed 10 the first step is a second away, so a loaded machine still adds its job as delayed.
  beforeAll(() => {
    timeline = new TestTimelineQueue({ REDIS_URL: redisUrl, BUS_PREFIX: prefix, TIMELINE_SPEED: 10 } as DeliveryServiceConfig);
    redis = new Redis(redisUrl);
  });

  afterEach(() => timeline.queue.obliterate({ force: true }));

  afterAll(async () => {
    await redis.quit();
    await timeline.onApplicationShutdown();
  });

  it('adds one delayed job per delivery, named and due by its first step, with every step and its time', async () => {
    const now = new Date();
    await timeline.schedule('del_test_one', now, now);
    const job = await timeline.queue.getJob('del_test_one.pending');
    expect(await job?.getState()).toBe('delayed');
    expect(job?.data.steps.map((step) => [step.status, step.dueAt - now.getTime()])).toEqual([
      ['pending', 1_000],
      ['driver_assigned', 1_500],
      ['picked_up', 3_000],
      ['in_transit', 5_000],
      ['delivered', 8_000],
    ]);
    expect(await timeline.queue.getDelayedCount()).toBe(1);
  });

  it('keeps the first job of a delivery scheduled twice (a reschedule of a job still waiting)', async () => {
    const now = new Date();
    await timeline.schedule('del_test_twice', now, now);
    await timeline.reschedule('del_test_twice', new Date(now.getTime() + 60_000), now, 'created');
    const job = await timeline.queue.getJob('del_test_twice.pending');
    expect(job?.data.steps[0]).toEqual({ status: 'pending', dueAt: now.getTime() + 1_000 });
    expect(await timeline.queue.getDelayedCount()).toBe(1);
  });

  it('schedules again only the steps after the one a delivery reached', async () => {
    const now = new Date();
    await timeline.reschedule('del_test_after', now, now, 'picked_up');
    const job = await timeline.queue.getJob('del_test_after.in_transit');
    expect(job?.data.steps.map((step) => step.status)).toEqual(['in_transit', 'delivered']);
  });

  it('reports its backlog: jobs due and not, and how long the oldest due one has waited', async () => {
    const now = new Date();
    await timeline.schedule('del_test_backlog', now, now);
    await timeline.schedule('del_test_backlog_later', new Date(now.getTime() + 60_000), now);
    expect(await timeline.backlog(now.getTime())).toEqual({ due: 0, scheduled: 2, oldestDueAgeMs: 0 });
    expect(await timeline.backlog(now.getTime() + 1_700)).toEqual({ due: 1, scheduled: 1, oldestDueAgeMs: 700 });
  });

  it('exposes the backlog at each metrics scrape', async () => {
    const started = Date.now();
    await timeline.schedule('del_test_scraped', new Date(started - 1_000), new Date(started));
    timeline.onApplicationBootstrap();
    const text = await scrapeMetrics();
    expect(metricValue(text, 'sdd_timeline_steps', { state: 'due' })).toBe(1);
    expect(metricValue(text, 'sdd_timeline_steps', { state: 'scheduled' })).toBe(0);
    const age = metricValue(text, 'sdd_timeline_oldest_due_age_seconds') ?? -1;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual((Date.now() - started) / 1000);
  });
});
