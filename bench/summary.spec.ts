import { BenchResults, formatTable, summaryRows } from './summary';

const results: BenchResults = {
  http: {
    paths: [
      { path: 'bare BullMQ round trip', perSecond: 2500, p50Ms: 20, p99Ms: 40 },
      { path: 'POST /v1/quotes', perSecond: 1250, p50Ms: 35, p99Ms: 60 },
    ],
    residentMb: { 'api-gateway': 240, 'quote-service': 140 },
    monolith: [{ path: 'monolith POST /v1/quotes', perSecond: 2500, p99Ms: 50, servicesRatio: 0.5, servicesP99Ratio: 1.2 }],
    monolithOverBus: [
      { path: 'monolith+hop POST /v1/quotes', perSecond: 1350, p99Ms: 70, servicesRatio: 0.93, servicesP99Ratio: 0.86, monolithRatio: 0.54, monolithP99Ratio: 1.4 },
    ],
  },
  deliveries: {
    create: { n: 1000, p50: 30, p99: 120, seconds: 2, cpuMs: { machine: 9.5 } },
    latenessMs: { all: { p99: 200 } },
    peakActive: 1000,
    residentMb: { 'quote-service': 120, 'delivery-service': 160 },
  },
  webhooks: {
    burst: { perSecond: 2500 },
    sustained: { deliveredPerSecond: 1500 },
    residentMb: { 'webhook-dispatcher': 130 },
    fromDeliveries: { received: { steadyPerSecond: 2100 }, cpuMsPerWebhook: { machine: 0.8 } },
    bareSender: { perSecond: 8000 },
  },
};

describe('the bench summary', () => {
  const rows = summaryRows(results);
  const row = (figure: string) => rows.find((r) => r.figure.startsWith(figure));

  it('sets throughput beside the bare round trip of the same run, latency beside its p99', () => {
    expect(row('POST /v1/quotes, 50')).toMatchObject({ value: 1250, ratio: 0.5, met: false });
    expect(row('POST /v1/quotes, p99')).toMatchObject({ value: 60, ratio: 1.5, met: false });
    expect(row('bare BullMQ round trip, 50')).toMatchObject({ ratio: 1 });
    expect(row('bare BullMQ round trip, 50')?.target).toBeUndefined();
    expect(row('signed webhooks, burst')).toMatchObject({ ratio: 1, met: true });
  });

  it('checks each figure against its target', () => {
    expect(row('POST /v1/deliveries, 20 in flight, p50')?.met).toBe(true);
    expect(row('POST /v1/deliveries, 20 in flight, p99')?.met).toBe(false);
    expect(row('POST /v1/deliveries, creations')).toMatchObject({ value: 500, met: true });
    expect(row('POST /v1/deliveries, machine CPU per creation')).toMatchObject({ value: 9.5, unit: 'ms' });
    expect(row('POST /v1/deliveries, machine CPU per creation')?.target).toBeUndefined();
    // Lateness within bound but at a tenth of the load the target names: not met.
    expect(row('timeline step lateness')).toMatchObject({ value: 200, met: false });
    expect(row('signed webhooks, sustained')?.met).toBe(false);
    expect(row('resident memory after load, api-gateway')?.met).toBe(false);
    expect(row('resident memory after load, quote-service')?.met).toBe(true);
  });

  it('takes the timeline lateness from the run with 10,000 active when there was one', () => {
    const withTimelines = summaryRows({
      ...results,
      timelines: { create: { n: 10000, p50: 80, p99: 220, seconds: 45 }, latenessMs: { all: { p99: 173 } }, peakActive: 10000, residentMb: { 'delivery-service': 170 } },
    });
    const lateness = withTimelines.filter((r) => r.figure.startsWith('timeline step lateness'));
    expect(lateness).toEqual([expect.objectContaining({ figure: 'timeline step lateness p99, 10000 active at peak', value: 173, met: true })]);
    expect(withTimelines.find((r) => r.figure === 'POST /v1/deliveries, 20 in flight, p50')?.value).toBe(30);
    expect(withTimelines.find((r) => r.figure === 'resident memory after load, delivery-service')?.value).toBe(170);
  });

  it('sets the services beside the monolith anchor of the same run', () => {
    expect(row('monolith POST /v1/quotes, 50')).toMatchObject({ value: 2500, ratio: 1 });
    expect(row('POST /v1/quotes, services ÷ monolith')).toMatchObject({ value: 50, unit: '%', met: false });
    expect(row('POST /v1/quotes, p99, services ÷ monolith')).toMatchObject({ value: 120, met: false });
  });

  it('sets the services beside the monolith split by one bus hop, and that beside the monolith', () => {
    expect(row('monolith+hop POST /v1/quotes, 50')).toMatchObject({ value: 1350, ratio: 0.54 });
    expect(row('POST /v1/quotes, services ÷ monolith+hop')).toMatchObject({ value: 93, unit: '%', target: '≥ 90 % (issue 35, beyond the hop)', met: true });
    expect(row('POST /v1/quotes, p99, services ÷ monolith+hop')).toMatchObject({ value: 86, met: true });
    expect(row('POST /v1/quotes, monolith+hop ÷ monolith')).toMatchObject({ value: 54, unit: '%' });
    expect(row('POST /v1/quotes, monolith+hop ÷ monolith')?.target).toBeUndefined();
  });

  it('sets the webhooks from real deliveries beside the bare sender', () => {
    expect(row('signed webhooks from real deliveries, sustained')).toMatchObject({ value: 2100, met: true });
    expect(row('webhooks from real deliveries, machine CPU per webhook')).toMatchObject({ value: 0.8, unit: 'ms' });
    expect(row('bare Node sender')).toMatchObject({ value: 8000, ratio: 3.2 });
  });

  it('gives each app its most resident memory over the loads that ran', () => {
    expect(row('resident memory after load, quote-service')?.value).toBe(140);
    expect(row('resident memory after load, delivery-service')).toMatchObject({ value: 160, met: false });
    expect(row('resident memory after load, webhook-dispatcher')).toMatchObject({ value: 130, met: true });
  });

  it('leaves out the benches that did not run, and the ratios with nothing to compare to', () => {
    const alone = summaryRows({ webhooks: { burst: { perSecond: 2500 }, sustained: { deliveredPerSecond: 1500 } } });
    expect(alone.map((r) => r.figure)).toEqual(['signed webhooks, burst', 'signed webhooks, sustained']);
    expect(alone[0].ratio).toBeUndefined();
  });

  it('sets each figure of the seeded database beside the empty one, missed past 10 % worse', () => {
    const growth = {
      sizes: { deliveries: 1_000_000, events: 10_000_000 },
      figures: [
        { name: 'GET /v1/deliveries/{id}', unit: 'req/s', empty: 2000, seeded: 1900, ratio: 0.95, verdict: 'within 10 %' },
        { name: 'GET /v1/deliveries/{id}, p99', unit: 'ms', empty: 20, seeded: 30, ratio: 1.5, verdict: 'WORSE' },
      ],
    };
    const grown = summaryRows({ growth });
    expect(grown.map((r) => [r.figure, r.value, r.target, r.met])).toEqual([
      ['GET /v1/deliveries/{id}, 1,000,000 deliveries, 10,000,000 events stored', 1900, 'within 10 % of empty 2000 (seeded/empty 0.95)', true],
      ['GET /v1/deliveries/{id}, p99, 1,000,000 deliveries, 10,000,000 events stored', 30, 'within 10 % of empty 20.0 (seeded/empty 1.50)', false],
    ]);
  });

  it('prints one aligned table, misses in capitals', () => {
    const table = formatTable(rows).split('\n');
    expect(table[0]).toMatch(/^figure\s+value\s+× bare\s+target \(issue 16\)$/);
    expect(table).toHaveLength(rows.length + 1);
    expect(table.find((line) => line.startsWith('POST /v1/quotes, 50'))).toMatch(/1250 req\/s\s+0\.50×\s+≥ 1\.00× bare\s+MISSED$/);
    // The ratios right-aligned in one column.
    expect(
      new Set(
        table
          .slice(1)
          .filter((line) => line.includes('×'))
          .map((line) => line.indexOf('×')),
      ).size,
    ).toBe(1);
  });
});
