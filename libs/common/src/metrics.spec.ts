import { measureOnScrape, Metrics, scrapeMetrics } from './metrics';

describe('scrapeMetrics', () => {
  it('takes every registered measurement at each scrape, and a failing one does not fail the scrape', async () => {
    let taken = 0;
    const removeGood = measureOnScrape(async () => {
      taken += 1;
      Metrics.outboxBacklog.set({ subscriber: 'unit-test' }, 7);
    });
    const removeBad = measureOnScrape(() => Promise.reject(new Error('Redis is down')));
    const text = await scrapeMetrics();
    expect(taken).toBe(1);
    expect(text).toContain('sdd_outbox_backlog_events{subscriber="unit-test"} 7');
    expect(text).toContain('process_cpu_seconds_total');
    removeGood();
    removeBad();
    await scrapeMetrics();
    expect(taken).toBe(1);
  });
});
