import { diedAtHeapLimit, heapLimitDeaths } from './heap-limit';

const OOM = [
  '<--- Last few GCs --->',
  '[4242:0x5a1]    31000 ms: Mark-Compact 127.9 (131.2) -> 127.6 (131.4) MB, 210.1 / 0.0 ms  (average mu = 0.12) allocation failure',
  'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
  ' 1: 0xb7a940 node::Abort() [node]',
];

describe('diedAtHeapLimit', () => {
  it("recognises V8's fatal heap-limit error", () => {
    expect(diedAtHeapLimit(OOM)).toBe(true);
    expect(diedAtHeapLimit(['FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory'])).toBe(true);
  });

  it('does not take another crash for one', () => {
    expect(diedAtHeapLimit(['{"level":50,"msg":"Redis connection lost"}', 'Error: connect ECONNREFUSED 127.0.0.1:6379'])).toBe(false);
    expect(diedAtHeapLimit([])).toBe(false);
  });
});

describe('heapLimitDeaths', () => {
  it('counts only the heap-limit deaths, by app', () => {
    const crashes = [
      { app: 'api-gateway', lastLines: OOM },
      { app: 'api-gateway', lastLines: OOM },
      { app: 'delivery-service', lastLines: ['killed'] },
    ];
    expect(heapLimitDeaths(crashes)).toEqual({ 'api-gateway': 2 });
  });
});
