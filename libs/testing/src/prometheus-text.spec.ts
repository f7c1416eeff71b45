import { metricValue } from './prometheus-text';

const text = [
  '# HELP sdd_jobs_processed_total Jobs',
  'sdd_jobs_processed_total{queue="{a.requests}",outcome="completed",service="a"} 3',
  'sdd_jobs_processed_total{queue="{a.requests}",outcome="failed",service="a"} 1',
  'sdd_jobs_processed_total_extra{queue="{a.requests}"} 100',
  'process_cpu_seconds_total 2.5',
].join('\n');

describe('metricValue', () => {
  it('sums the series that carry every label asked for, and only that metric', () => {
    expect(metricValue(text, 'sdd_jobs_processed_total', { queue: '{a.requests}' })).toBe(4);
    expect(metricValue(text, 'sdd_jobs_processed_total', { outcome: 'failed' })).toBe(1);
    expect(metricValue(text, 'process_cpu_seconds_total')).toBe(2.5);
  });

  it('is undefined when no series matches', () => {
    expect(metricValue(text, 'sdd_jobs_processed_total', { outcome: 'retrying' })).toBeUndefined();
    expect(metricValue(text, 'sdd_missing')).toBeUndefined();
  });
});
