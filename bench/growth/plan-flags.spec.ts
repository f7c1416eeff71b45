import { planFlags, planSummary } from './plan-flags';

describe('planFlags', () => {
  it('flags scans of whole tables and sorts anywhere in the plan', () => {
    const plan = {
      'Node Type': 'Limit',
      Plans: [{ 'Node Type': 'Sort', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'deliveries' }] }],
    };
    expect(planFlags(plan)).toEqual(['Sort', 'Seq Scan on deliveries']);
  });

  it('passes a keyset read by an index', () => {
    expect(planFlags({ 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'deliveries', 'Index Name': 'deliveries_list_idx' }] })).toEqual([]);
  });
});

describe('planSummary', () => {
  it('names each scan, its index, the time and the buffers', () => {
    const plan = {
      'Node Type': 'Limit',
      'Shared Hit Blocks': 9,
      'Shared Read Blocks': 2,
      Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'events', 'Index Name': 'events_scope_idx' }],
    };
    expect(planSummary(plan, 0.126)).toBe('Index Scan using events_scope_idx, 0.13 ms, 11 buffers');
  });
});
