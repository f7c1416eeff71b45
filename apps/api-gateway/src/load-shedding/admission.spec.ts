import { LoadBounds, LoadSignals, overloadReason } from './admission';

const bounds: LoadBounds = { maxInFlight: 100, maxBusPending: 50, maxBusWaitMs: 750, maxEventLoopDelayMs: 200 };
const idle: LoadSignals = { inFlight: 0, busPending: {}, busWaitMs: 0, eventLoopDelayMs: 1 };

describe('overloadReason', () => {
  it('admits a request while every figure is under its bound', () => {
    expect(overloadReason({ inFlight: 99, busPending: { 'quote-service': 49, 'delivery-service': 10 }, busWaitMs: 750, eventLoopDelayMs: 200 }, bounds)).toBeUndefined();
    expect(overloadReason(idle, bounds)).toBeUndefined();
  });

  it('refuses once the requests in flight reach the bound', () => {
    expect(overloadReason({ ...idle, inFlight: 100 }, bounds)).toBe('in_flight');
  });

  it('refuses when any one service has the bound of requests waiting for its reply', () => {
    expect(overloadReason({ ...idle, busPending: { 'quote-service': 3, 'delivery-service': 50 } }, bounds)).toBe('bus_backlog');
  });

  it('refuses when the oldest bus request still waiting has waited past the bound', () => {
    expect(overloadReason({ ...idle, busPending: { 'delivery-service': 3 }, busWaitMs: 751 }, bounds)).toBe('bus_wait');
  });

  it('refuses when the event loop lags past the bound', () => {
    expect(overloadReason({ ...idle, eventLoopDelayMs: 201 }, bounds)).toBe('event_loop_delay');
  });

  it('names the requests in flight first when several bounds are passed', () => {
    expect(overloadReason({ inFlight: 500, busPending: { 'quote-service': 500 }, busWaitMs: 5000, eventLoopDelayMs: 900 }, bounds)).toBe('in_flight');
  });
});
