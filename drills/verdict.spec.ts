import { DrillFigures, judge, report } from './verdict';

function passing(): DrillFigures {
  return {
    drill: 'kill',
    fault: 'killed each app once',
    deliveries: { requested: 10, accepted: 10, refused: {}, delivered: 10, stuck: {}, extra: 0 },
    events: { expected: 50, received: 50, listed: 50, receivedUnlisted: 0, receipts: 52, duplicateReceipts: 2, badSignatures: 0, doubleEmitted: 0 },
    statuses: { '200': 40, '201': 10, '503': 3, connection_error: 2 },
    serverErrors: { '503 POST /v1/deliveries': 3 },
    settleMs: 4200,
    restarts: { 'api-gateway': 1 },
    heapLimitDeaths: {},
    peakResidentMb: { 'api-gateway': 140, 'webhook-dispatcher': 131 },
    disabledEndpoints: 0,
    answers: { answers: 60, slowestMs: 9000, late: 3, timeouts: 2, connectionErrors: 2, refusalsWithoutRetryAfter: 0 },
  };
}

function overloaded(): DrillFigures {
  return {
    ...passing(),
    drill: 'overload',
    restarts: {},
    deliveries: { requested: 10, accepted: 6, refused: { '503 service_unavailable': 4 }, delivered: 6, stuck: {}, extra: 0 },
    answers: { answers: 60, slowestMs: 1900, late: 0, timeouts: 0, connectionErrors: 0, refusalsWithoutRetryAfter: 0 },
    overload: {
      offeredPerSecond: 250,
      idleMs: 12,
      recoveryMs: 4000,
      shedding: { shed: 30, startedAfterS: 1, servedPerSecondAtStart: 80, servedPerSecondWhileShedding: 75 },
      generatorDelayMs: { p99: 40, max: 120 },
    },
  };
}

describe('judge', () => {
  it('passes when everything accepted is delivered, received and listed, with no 5xx but 503', () => {
    expect(judge(passing())).toEqual([]);
  });

  it('fails on a stuck delivery, naming its status', () => {
    const figures = passing();
    figures.deliveries = { ...figures.deliveries, delivered: 8, stuck: { pending: 1, missing: 1 } };
    expect(judge(figures)).toEqual(['2 of 10 accepted deliveries never reached delivered (pending ×1, missing ×1)']);
  });

  it('fails on events not received, badly signed or not listed', () => {
    const figures = passing();
    figures.events = { ...figures.events, received: 45, badSignatures: 1, listed: 40, receivedUnlisted: 2 };
    expect(judge(figures)).toEqual([
      '5 of 50 events never reached the receiver with a valid signature',
      '1 receipts with a bad signature',
      'GET /v1/events lists 40 of 50 events and misses 2 that were received',
    ]);
  });

  it('fails on a 500 or 502, not on 503 or on no answer', () => {
    const figures = passing();
    figures.statuses = { ...figures.statuses, '500': 2, '502': 1 };
    expect(judge(figures)).toEqual(['5xx other than 503: 500 ×2, 502 ×1']);
  });

  it('fails when a careful merchant is never accepted, or a delivery exists that no 201 returned', () => {
    const figures = passing();
    figures.deliveries = { ...figures.deliveries, accepted: 9, delivered: 9, refused: { '409 quote_already_used': 1 }, extra: 1 };
    figures.events = { ...figures.events, expected: 45, received: 45, listed: 45 };
    expect(judge(figures)).toEqual(['1 of 10 delivery requests never got a 201 (last answer: 409 quote_already_used ×1)', '1 deliveries exist that no 201 returned']);
  });
});

describe('report', () => {
  it('ends with the verdict line', () => {
    expect(report(passing(), []).at(-1)).toBe('VERDICT kill: PASS');
    expect(report(passing(), ['a', 'b']).at(-1)).toBe('VERDICT kill: FAIL: a; b');
  });

  it('says when the system never settled', () => {
    expect(report({ ...passing(), settleMs: null }, [])).toContain('settled: never (deadline passed)');
  });
});

describe('judge (heap limit)', () => {
  it('fails any drill in which an app died at its V8 heap limit, naming it', () => {
    const figures = passing();
    figures.heapLimitDeaths = { 'api-gateway': 1 };
    expect(judge(figures)).toEqual(['apps died at their V8 heap limit: api-gateway ×1']);
  });

  it("reports the restarts at the heap limit and every app's peak resident memory", () => {
    expect(report(passing(), [])).toEqual(
      expect.arrayContaining([
        'restarts: api-gateway ×1 (at the heap limit: none); webhook endpoints disabled: 0',
        'peak resident memory, MB: api-gateway 140, webhook-dispatcher 131',
      ]),
    );
  });
});

describe('judge (overload)', () => {
  it('passes with requests refused to the end, when every answer came in time and latency came back', () => {
    expect(judge(overloaded())).toEqual([]);
  });

  it('fails on a late answer, no answer, a closed connection, a refusal without Retry-After, a restart or a slow recovery', () => {
    const figures = overloaded();
    figures.answers = { answers: 60, slowestMs: 5000, late: 2, timeouts: 1, connectionErrors: 3, refusalsWithoutRetryAfter: 4 };
    figures.restarts = { 'api-gateway': 1 };
    figures.overload = { ...overloaded().overload, recoveryMs: 12_000 } as DrillFigures['overload'];
    expect(judge(figures)).toEqual([
      '2 of 60 requests were not answered within 2 s (slowest 5000 ms)',
      '1 requests got no answer at all',
      '3 requests had their connection closed or refused',
      '4 429/503 answers without Retry-After',
      'apps restarted: api-gateway ×1',
      'latency was not back to its idle figure (12 ms) within 10 s after the burst (12.0 s)',
    ]);
  });

  it('reports where shedding started and the throughput then', () => {
    expect(report(overloaded(), [])).toEqual(
      expect.arrayContaining([
        'shedding: 30 refused (503), from 1 s into the burst; served (2xx/s) when it started 80, while shedding 75; offered 250 deliveries/s (500 requests/s)',
        "latency: idle 12 ms; back to idle 4.0 s after the burst; the load generator's own event-loop delay p99 40 ms, max 120 ms",
      ]),
    );
  });
});

describe('judge (replicas)', () => {
  function replicated(): DrillFigures {
    return { ...passing(), replicas: { processesPerApp: 3, gatewayConnections: [20, 19, 21], locks: { samples: 300, locks: 6, backends: 9, overlaps: 0 } } };
  }

  it('passes when every step was emitted once and no lock had two holders, whatever the balancer did', () => {
    expect(judge(replicated())).toEqual([]);
    expect(report(replicated(), [])).toContain(
      'replicas: 3 processes of every app; balancer connections per gateway 20/19/21; advisory locks: 6 seen held by 9 backends in 300 snapshots, held by two at once in 0',
    );
  });

  it('fails on a step emitted twice, a lock held twice at once, or a lock check that saw nothing', () => {
    const figures = replicated();
    figures.events = { ...figures.events, doubleEmitted: 2 };
    figures.replicas = { processesPerApp: 3, gatewayConnections: [20, 0, 21], locks: { samples: 300, locks: 1, backends: 2, overlaps: 1 } };
    expect(judge(figures)).toEqual([
      '2 (delivery, event type) pairs emitted under two event ids: a step applied twice',
      "in 1 of 300 pg_locks snapshots a task's advisory lock was held by two backends at once",
    ]);
    figures.replicas = { ...figures.replicas, locks: { samples: 300, locks: 0, backends: 0, overlaps: 0 } };
    expect(judge(figures)).toContain('no advisory lock was seen held in 300 pg_locks snapshots: the check of the lock-guarded tasks saw nothing');
  });

  it('does not judge doubly emitted events without replicas', () => {
    expect(judge({ ...passing(), events: { ...passing().events, doubleEmitted: 1 } })).toEqual([]);
  });
});
